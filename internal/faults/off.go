//go:build !uuidfaults

package faults

// Enabled is false: no fault is planted, and every site compiles to
// nothing.
const Enabled = false

// On reports false: a site compiles to nothing.
func On(Name) bool { return false }
