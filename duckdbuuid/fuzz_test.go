package duckdbuuid_test

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/duckdbuuid"
	"github.com/afb7af96/uuid/internal/dbtest"
)

// slowCompare is DuckDB's rule written the slow way: compare the stored
// HUGEINTs as signed 128-bit numbers, upper*2^64 + lower.
func slowCompare(a, b uuid.UUID) int {
	value := func(u uuid.UUID) *big.Int {
		up, lo := duckdbuuid.Hugeint(u)
		v := new(big.Int).Lsh(big.NewInt(up), 64)
		return v.Add(v, new(big.Int).SetUint64(lo))
	}
	return value(a).Cmp(value(b))
}

// FuzzCompare checks Compare against the signed HUGEINT order, Key against
// Compare, and that the HUGEINT round-trips.
func FuzzCompare(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16))                                                                 // equal Nil UUIDs
	f.Add(append([]byte{0x80}, make([]byte, 15)...), append([]byte{0x7f}, bytes.Repeat([]byte{0xff}, 15)...)) // across the sign flip
	f.Add([]byte("short"), make([]byte, 16))                                                                  // wrong length: skipped
	dbtest.FuzzPairs(f, func(t *testing.T, a, b uuid.UUID) {
		order.Check(t, a, b, slowCompare(a, b))
		if back := duckdbuuid.FromHugeint(duckdbuuid.Hugeint(a)); back != a {
			t.Fatalf("FromHugeint(Hugeint(%v)) = %v", a, back)
		}
	})
}
