package mysqluuid_test

import (
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/dbtest"
	"github.com/afb7af96/uuid/mysqluuid"
)

// slowCompare is the column's order written the slow way, from the text:
// put the third group of hex digits first, then the second, then the
// first, then the rest, as the manual describes UUID_TO_BIN(u, 1), and
// compare the strings.
func slowCompare(a, b uuid.UUID) int {
	swapped := func(u uuid.UUID) string {
		g := strings.Split(u.String(), "-")
		return g[2] + g[1] + g[0] + g[3] + g[4]
	}
	return strings.Compare(swapped(a), swapped(b))
}

// FuzzCompare checks Compare and Key against slowCompare, and that
// BinToUUID reverses UUIDToBin both ways.
func FuzzCompare(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16)) // equal Nil UUIDs
	f.Add([]byte("\x6c\xcd\x78\x0c\xba\xba\x10\x26\x95\x64\x5b\x8c\x65\x60\x24\xdb"),
		[]byte("\x6c\xcd\x78\x0d\xba\xba\x10\x26\x95\x64\x5b\x8c\x65\x60\x24\xdb")) // the manual's UUID and the next time-low
	f.Add([]byte("short"), make([]byte, 16)) // wrong length: skipped
	dbtest.FuzzPairs(f, func(t *testing.T, a, b uuid.UUID) {
		order.Check(t, a, b, slowCompare(a, b))
		for _, swap := range []bool{false, true} {
			bin := mysqluuid.UUIDToBin(a, swap)
			if back, err := mysqluuid.BinToUUID(bin[:], swap); back != a || err != nil {
				t.Fatalf("BinToUUID(UUIDToBin(%v, %v)) = %v, %v", a, swap, back, err)
			}
		}
	})
}
