package difftest

import (
	"flag"
	"fmt"
	"os"
	"testing"
)

// TestMain runs the tests and then, when all of them ran, fails if an
// entry of the allow-list explained no difference: a stale entry would
// let the docs claim a difference that no longer exists.
func TestMain(m *testing.M) {
	code := m.Run()
	if code != 0 || flag.Lookup("test.run").Value.String() != "" {
		os.Exit(code)
	}
	for i := range allowList {
		a := &allowList[i]
		if a.seen.Load() == 0 && a.unseen == "" {
			fmt.Printf("FAIL: allow-list entry %s (%s) matched no difference: remove it from the allow-list and the docs\n", a.id, a.lib)
			code = 1
		}
		if a.seen.Load() == 0 && a.unseen != "" {
			fmt.Printf("allow-list entry %s (%s) matched no difference, as expected on %s\n", a.id, a.lib, a.unseen)
		}
	}
	os.Exit(code)
}
