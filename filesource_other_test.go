//go:build !unix || aix || (solaris && !illumos)

package uuid

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestStateFileUnsupported checks that where there is no flock(2), a
// Generator with a state file fails rather than keep its state alone.
func TestStateFileUnsupported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state")
	g := NewGenerator(GeneratorOptions{StateFile: path, Now: fixedClock(rfcTime), V6Node: true, Node: StaticNode([6]byte{1, 2, 3, 4, 5, 6})})
	for _, f := range []func() (UUID, error){g.NewV1, g.NewV6} {
		u, err := f()
		prefix := "uuid: state file " + path + ": "
		if err == nil || !strings.HasPrefix(err.Error(), prefix) || !errors.Is(err, ErrNoFileLocks) || u != (UUID{}) {
			t.Errorf("NewV1 or NewV6 = %v, %v; want an error starting %q", u, err, prefix)
		}
	}
}
