package clickhouseuuid_test

import (
	"bytes"
	"math/big"
	"slices"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
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
	f.Fuzz(func(t *testing.T, x, y []byte) {
		a, err1 := uuid.FromBytes(x)
		b, err2 := uuid.FromBytes(y)
		if err1 != nil || err2 != nil {
			return
		}
		want := slowCompare(a, b)
		if got := clickhouseuuid.Compare(a, b); got != want {
			t.Fatalf("Compare(%v, %v) = %d; slow reference says %d", a, b, got, want)
		}
		ka, kb := clickhouseuuid.Key(a), clickhouseuuid.Key(b)
		if got := bytes.Compare(ka[:], kb[:]); got != want {
			t.Fatalf("bytes.Compare(Key(%v), Key(%v)) = %d; want %d", a, b, got, want)
		}
		nb := clickhouseuuid.NativeBytes(a)
		if back, err := clickhouseuuid.FromNativeBytes(nb[:]); back != a || err != nil {
			t.Fatalf("FromNativeBytes(NativeBytes(%v)) = %v, %v", a, back, err)
		}
	})
}
