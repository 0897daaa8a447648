package main

import (
	"os"
	"syscall"
)

// stdoutClosed reports whether the command was started with its standard
// output closed (as by "uuid >&-"). The Go runtime then opens /dev/null
// read-write in its place, so writes would succeed and be lost; a shell's
// "> /dev/null" opens it write-only.
func stdoutClosed() bool {
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, 1, syscall.F_GETFL, 0)
	if errno != 0 || flags&syscall.O_ACCMODE != syscall.O_RDWR {
		return false
	}
	out, err1 := os.Stdout.Stat()
	null, err2 := os.Stat(os.DevNull)
	return err1 == nil && err2 == nil && os.SameFile(out, null)
}
