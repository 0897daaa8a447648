//go:build !linux

package main

// stdoutClosed reports false: only on Linux can the command tell a closed
// standard output from /dev/null.
func stdoutClosed() bool { return false }
