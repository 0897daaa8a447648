//go:build !linux

package main

// The stdout test that uses these runs on Linux only.
var enospcText, ebadfText string
