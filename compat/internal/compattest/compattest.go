// Package compattest holds the checks that the tests of both compat packages
// run, so that each states only its own cases.
package compattest

import (
	"testing"

	"github.com/afb7af96/uuid"
)

// Texts runs each case, {name, got, want}, as a subtest named name and fails
// those whose got is not want.
func Texts(t *testing.T, cases [][3]string) {
	t.Helper()
	for _, c := range cases {
		name, got, want := c[0], c[1], c[2]
		t.Run(name, func(t *testing.T) {
			if got != want {
				t.Errorf("%s = %q; want %q", name, got, want)
			}
		})
	}
}

// A Generator is a compat function that makes UUIDs of one version.
type Generator struct {
	Name    string
	New     func() (uuid.UUID, error)
	Version uuid.Version
}

// Generators runs each generator twice as a subtest and checks that both
// UUIDs have its version and the RFC 9562 variant, that they differ, and,
// for versions 6 and 7, that the second is greater.
func Generators(t *testing.T, gens []Generator) {
	t.Helper()
	for _, g := range gens {
		t.Run(g.Name, func(t *testing.T) {
			var got [2]uuid.UUID
			for i := range got {
				u, err := g.New()
				if err != nil {
					t.Fatalf("%s() error: %v", g.Name, err)
				}
				if u.Version() != g.Version || u.Variant() != uuid.VariantRFC9562 {
					t.Errorf("%s() = %v: version %v, variant %v; want %v, %v", g.Name, u, u.Version(), u.Variant(), g.Version, uuid.VariantRFC9562)
				}
				got[i] = u
			}
			if got[0] == got[1] {
				t.Errorf("%s() returned %v twice", g.Name, got[0])
			}
			if g.Version >= 6 && got[0].Compare(got[1]) >= 0 {
				t.Errorf("%s() returned %v, then %v; want increasing", g.Name, got[0], got[1])
			}
		})
	}
}

// Variants checks that a UUID whose octet 8 has the bits of each variant
// reports the constant the compat package gives that variant: want holds the
// constants for NCS, RFC 9562, Microsoft and Future, in that order.
func Variants(t *testing.T, want [4]uuid.Variant) {
	t.Helper()
	// The least and greatest octet 8 of each variant (RFC 9562, Table 1).
	octets := [4][2]byte{{0x00, 0x7f}, {0x80, 0xbf}, {0xc0, 0xdf}, {0xe0, 0xff}}
	for i, pair := range octets {
		for _, o := range pair {
			var u uuid.UUID
			u[8] = o
			if got := u.Variant(); got != want[i] {
				t.Errorf("Variant() with octet 8 = %#02x: %v; want %v", o, got, want[i])
			}
		}
	}
}
