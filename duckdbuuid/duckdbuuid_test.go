package duckdbuuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/duckdbuuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/internal/dbtest"
)

// TestDocExamples checks that the examples docs/databases.md shows are
// this package's runnable examples, line for line, and that it names every
// function and type of the package.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/databases.md", "duckdbuuid", "example_test.go")
	apitest.CheckDocNames(t, "../docs/databases.md", "duckdbuuid", ".", "github.com/afb7af96/uuid/duckdbuuid")
}

func TestHugeint(t *testing.T) {
	for _, tc := range []struct {
		name  string
		u     string
		upper int64
		lower uint64
	}{
		{"nil_is_min_hugeint", "00000000-0000-0000-0000-000000000000", -1 << 63, 0},
		{"max_is_max_hugeint", "ffffffff-ffff-ffff-ffff-ffffffffffff", 1<<63 - 1, 1<<64 - 1},
		{"middle_is_zero", "80000000-0000-0000-0000-000000000000", 0, 0},
		{"just_below_middle", "7fffffff-ffff-ffff-ffff-ffffffffffff", -1, 1<<64 - 1},
		{"fields", "00112233-4455-6677-8899-aabbccddeeff", -0x7feeddccbbaa9989, 0x8899aabbccddeeff},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := uuid.MustParse(tc.u)
			if up, lo := duckdbuuid.Hugeint(u); up != tc.upper || lo != tc.lower {
				t.Errorf("Hugeint(%v) = %d, %#x; want %d, %#x", u, up, lo, tc.upper, tc.lower)
			}
			if got := duckdbuuid.FromHugeint(tc.upper, tc.lower); got != u {
				t.Errorf("FromHugeint(%d, %#x) = %v; want %v", tc.upper, tc.lower, got, u)
			}
		})
	}
}

// order is DuckDB's order of UUIDs: Compare, Key and slowCompare.
var order = dbtest.Order{Compare: duckdbuuid.Compare, Key: duckdbuuid.Key, Slow: slowCompare}

func TestCompare(t *testing.T) {
	order.CheckCases(t, []dbtest.Case{
		{"equal", "00112233-4455-6677-8899-aabbccddeeff", "00112233-4455-6677-8899-aabbccddeeff", 0},
		{"first_byte_first", "01000000-0000-0000-0000-000000000000", "00ffffff-ffff-ffff-ffff-ffffffffffff", +1},
		{"unsigned_first_byte", "80000000-0000-0000-0000-000000000000", "7fffffff-ffff-ffff-ffff-ffffffffffff", +1},
		{"unsigned_ninth_byte", "00000000-0000-0000-8000-000000000000", "00000000-0000-0000-7fff-ffffffffffff", +1},
	})
}

func TestAllocs(t *testing.T) {
	a, b := uuid.NewV4(), uuid.NewV4()
	dbtest.ZeroAllocs(t, map[string]func(){
		"Compare":     func() { duckdbuuid.Compare(a, b) },
		"Key":         func() { duckdbuuid.Key(a) },
		"Hugeint":     func() { duckdbuuid.Hugeint(a) },
		"FromHugeint": func() { duckdbuuid.FromHugeint(-5, 7) },
	})
}
