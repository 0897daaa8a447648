package main

import "syscall"

// The texts of the write errors the stdout test provokes; it runs on Linux
// only, and some platforms' syscall packages do not name these errors.
var (
	enospcText = syscall.ENOSPC.Error()
	ebadfText  = syscall.EBADF.Error()
)
