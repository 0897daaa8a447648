//go:build uuidfaults

package faults

import (
	"os"
	"sync"
)

// Enabled is true: the fault UUID_FAULT names is planted.
const Enabled = true

var planted = sync.OnceValue(func() Name { return Name(os.Getenv("UUID_FAULT")) })

// On reports whether n is the fault UUID_FAULT names.
func On(n Name) bool { return planted() == n }
