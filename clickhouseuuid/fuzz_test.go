package clickhouseuuid_test

import (
	"bytes"
	"math/big"
	"slices"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
	"github.com/afb7af96/uuid/internal/dbtest"
)

// slowCompare is ClickHouse's rule written the slow way: a UUID is the
// unsigned 128-bit integer whose little-endian memory is its native bytes,
// and ORDER BY compares those integers.
func slowCompare(a, b uuid.UUID) int {
	value := func(u uuid.UUID) *big.Int {
		nb := clickhouseuuid.NativeBytes(u)
		be := slices.Clone(nb[:])
		slices.Reverse(be) // little-endian memory, read as a big-endian number
		return new(big.Int).SetBytes(be)
	}
	return value(a).Cmp(value(b))
}

// FuzzCompare checks Compare against slowCompare, Key against Compare, and
// that the native bytes round-trip.
func FuzzCompare(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16))                                                     // equal Nil UUIDs
	f.Add(bytes.Repeat([]byte{0xff}, 8), bytes.Repeat([]byte{0}, 16))                             // wrong length: skipped
	f.Add(append(bytes.Repeat([]byte{0xff}, 8), make([]byte, 8)...), append(make([]byte, 15), 1)) // halves disagree
	f.Add([]byte("\x01\x90\x00\x00\x00\x00\x70\x00\x80\x00\x00\x00\x00\x00\x00\x02"),
		[]byte("\x01\x80\x00\x00\x00\x00\x70\x00\x80\x00\x00\x00\x00\x00\x00\x03")) // two v7s, later time first
	dbtest.FuzzPairs(f, func(t *testing.T, a, b uuid.UUID) {
		order.Check(t, a, b, slowCompare(a, b))
		nb := clickhouseuuid.NativeBytes(a)
		if back, err := clickhouseuuid.FromNativeBytes(nb[:]); back != a || err != nil {
			t.Fatalf("FromNativeBytes(NativeBytes(%v)) = %v, %v", a, back, err)
		}
	})
}
