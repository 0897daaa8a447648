//go:build !uuidfaults

package faults

// Enabled is false: no fault is planted, and every site compiles to
// nothing.
const Enabled = false

// On reports false.
func On(Name) bool { return false }
