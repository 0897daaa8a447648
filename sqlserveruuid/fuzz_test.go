package sqlserveruuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/dbtest"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

// slowCompare is SqlGuid.CompareTo written the slow way: take the GUID's
// bytes and compare them one at a time in the order of significance that
// SqlGuid lists.
func slowCompare(a, b uuid.UUID) int {
	ga, gb := a.BytesLE(), b.BytesLE()
	for _, i := range significance {
		switch {
		case ga[i] < gb[i]:
			return -1
		case ga[i] > gb[i]:
			return +1
		}
	}
	return 0
}

// FuzzCompare checks Compare and Key against slowCompare.
func FuzzCompare(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16)) // equal Nil UUIDs
	f.Add([]byte("\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01"),
		[]byte("\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02")) // the risingwave pair
	f.Add([]byte("\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
		[]byte("\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00")) // bytes 6 and 7
	f.Add([]byte("short"), make([]byte, 16)) // wrong length: skipped
	dbtest.FuzzPairs(f, func(t *testing.T, a, b uuid.UUID) {
		order.Check(t, a, b, slowCompare(a, b))
	})
}

// FuzzFromV7 checks that FromV7 carries bytewise order of version 7 UUIDs
// to SQL Server's order, and that ToV7 reverses it.
func FuzzFromV7(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16)) // equal
	f.Add([]byte("\x01\x90\x00\x00\x00\x00\x70\x00\x80\x00\x00\x00\x00\x00\x00\x02"),
		[]byte("\x01\x90\x00\x00\x00\x00\x70\x01\x80\x00\x00\x00\x00\x00\x00\x00")) // counter step
	dbtest.FuzzPairs(f, func(t *testing.T, a, b uuid.UUID) {
		a[6], b[6] = a[6]&0x0f|0x70, b[6]&0x0f|0x70
		a[8], b[8] = a[8]&0x3f|0x80, b[8]&0x3f|0x80
		ua, err := sqlserveruuid.FromV7(a)
		if err != nil {
			t.Fatal(err)
		}
		ub, err := sqlserveruuid.FromV7(b)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := sqlserveruuid.Compare(ua, ub), a.Compare(b); got != want {
			t.Fatalf("Compare(FromV7(%v), FromV7(%v)) = %d; want %d", a, b, got, want)
		}
		if back, err := sqlserveruuid.ToV7(ua); back != a || err != nil {
			t.Fatalf("ToV7(FromV7(%v)) = %v, %v", a, back, err)
		}
	})
}
