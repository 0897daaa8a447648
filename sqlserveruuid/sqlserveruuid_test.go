package sqlserveruuid_test

import (
	"bytes"
	"encoding/hex"
	"slices"
	"strconv"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/internal/dbtest"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

// TestDocExamples checks that the examples docs/databases.md shows are
// this package's runnable examples, line for line, and that it names every
// function and type of the package.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/databases.md", "sqlserveruuid", "example_test.go")
	apitest.CheckDocNames(t, "../docs/databases.md", "sqlserveruuid", ".", "github.com/afb7af96/uuid/sqlserveruuid")
}

// order is SQL Server's order of uniqueidentifiers: Compare, Key and
// slowCompare.
var order = dbtest.Order{Compare: sqlserveruuid.Compare, Key: sqlserveruuid.Key, Slow: slowCompare}

func TestOrderVendored(t *testing.T) {
	for i, r := range dbtest.Rows(t, "testdata/order.txt") {
		t.Run(strconv.Itoa(i+1), func(t *testing.T) {
			a, b, want := dbtest.Pair(t, r)
			order.Check(t, a, b, want)
		})
	}
}

func TestBytesVendored(t *testing.T) {
	for _, r := range dbtest.Rows(t, "testdata/bytes.txt") {
		t.Run(r[1], func(t *testing.T) {
			b, err := hex.DecodeString(r[0])
			if err != nil {
				t.Fatal(err)
			}
			u := uuid.MustParse(r[1])
			if got := u.BytesLE(); !bytes.Equal(got[:], b) {
				t.Errorf("%v.BytesLE() = %x; want %x", u, got, b)
			}
			var g sqlserveruuid.GUID
			if err := g.Scan(b); err != nil || uuid.UUID(g) != u {
				t.Errorf("GUID.Scan(%x) = %v, leaving %v; want %v", b, err, g, u)
			}
		})
	}
}

// significance lists the GUID byte indexes in SQL Server's order of
// significance, most significant first, as SqlGuid states it.
var significance = []int{10, 11, 12, 13, 14, 15, 8, 9, 6, 7, 4, 5, 0, 1, 2, 3}

func TestIdentity917Vendored(t *testing.T) {
	type row struct {
		label int
		u     uuid.UUID
	}
	var rs []row
	for _, r := range dbtest.Rows(t, "testdata/identity917.txt") {
		label, err := strconv.Atoi(r[0])
		if err != nil {
			t.Fatal(err)
		}
		u := uuid.MustParse(r[1])
		le := u.BytesLE()
		if i := bytes.IndexFunc(le[:], func(r rune) bool { return r != 0 }); i != label {
			t.Errorf("%v: non-zero GUID byte at index %d; the row's label says %d", u, i, label)
		}
		rs = append(rs, row{label, u})
	}
	slices.SortFunc(rs, func(a, b row) int { return sqlserveruuid.Compare(a.u, b.u) })
	// Ascending order goes from the least significant byte to the most.
	for i := 1; i < len(rs); i++ {
		lo, hi := slices.Index(significance, rs[i-1].label), slices.Index(significance, rs[i].label)
		if lo <= hi {
			t.Errorf("sorted: %v (byte %d) before %v (byte %d), but byte %d is not less significant",
				rs[i-1].u, rs[i-1].label, rs[i].u, rs[i].label, rs[i-1].label)
		}
	}
}

func TestCompare(t *testing.T) {
	order.CheckCases(t, []dbtest.Case{
		{"equal", "00112233-4455-6677-8899-aabbccddeeff", "00112233-4455-6677-8899-aabbccddeeff", 0},
		{"byte10_over_byte15", "00000000-0000-0000-0000-010000000000", "00000000-0000-0000-0000-00000000ffff", +1},
		{"byte15_over_byte8", "00000000-0000-0000-ff00-000000000000", "00000000-0000-0000-0000-000000000001", -1},
		{"byte8_over_byte9", "00000000-0000-0000-0100-000000000000", "00000000-0000-0000-00ff-000000000000", +1},
		{"byte9_over_byte7", "00000000-0000-00ff-0000-000000000000", "00000000-0000-0000-0001-000000000000", -1},
		{"byte7_over_byte6", "00000000-0000-0001-0000-000000000000", "00000000-0000-ff00-0000-000000000000", +1},
		{"byte6_over_byte5", "00000000-00ff-0000-0000-000000000000", "00000000-0000-0100-0000-000000000000", -1},
		{"byte5_over_byte4", "00000000-0001-0000-0000-000000000000", "00000000-ff00-0000-0000-000000000000", +1},
		{"byte4_over_byte3", "000000ff-0000-0000-0000-000000000000", "00000000-0100-0000-0000-000000000000", -1},
		{"byte3_over_byte0", "00000001-0000-0000-0000-000000000000", "ff000000-0000-0000-0000-000000000000", +1},
		{"unsigned", "00000000-0000-0000-0000-800000000000", "00000000-0000-0000-0000-7fffffffffff", +1},
	})
}

func TestAllocs(t *testing.T) {
	a, b := uuid.NewV4(), uuid.NewV4()
	v7, v8 := uuid.NewV7(), sqlserveruuid.NewV8()
	fs := map[string]func(){
		"Compare": func() { sqlserveruuid.Compare(a, b) },
		"Key":     func() { sqlserveruuid.Key(a) },
		"FromV7":  func() { _, _ = sqlserveruuid.FromV7(v7) },
		"ToV7":    func() { _, _ = sqlserveruuid.ToV7(v8) },
		"NewV8":   func() { sqlserveruuid.NewV8() },
	}
	if raceEnabled {
		delete(fs, "NewV8")
	}
	dbtest.ZeroAllocs(t, fs)
}
