//go:build unix && !aix && (!solaris || illumos)

// Only where state files work: they need flock(2).

package uuid_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/afb7af96/uuid"
)

func ExampleGeneratorOptions_stateFile() {
	dir, err := os.MkdirTemp("", "uuid-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	// Every process that names this file shares one v1 state, so no two of
	// them hand out the same timestamp, clock sequence and node.
	g := uuid.NewGenerator(uuid.GeneratorOptions{StateFile: filepath.Join(dir, "uuid.state")})
	a, err := g.NewV1()
	if err != nil {
		fmt.Println(err) // the file could not be opened or locked
		return
	}
	b, _ := g.NewV1()
	fmt.Println(a.Version(), a != b)
	// Output: v1 true
}
