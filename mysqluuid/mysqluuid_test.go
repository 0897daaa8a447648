package mysqluuid_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/internal/dbtest"
	"github.com/afb7af96/uuid/internal/operr"
	"github.com/afb7af96/uuid/mysqluuid"
)

// TestDocExamples checks that the examples docs/databases.md shows are
// this package's runnable examples, line for line, and that it names every
// function and type of the package.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/databases.md", "mysqluuid", "example_test.go")
	apitest.CheckDocNames(t, "../docs/databases.md", "mysqluuid", ".", "github.com/afb7af96/uuid/mysqluuid")
}

func TestUUIDToBinVendored(t *testing.T) {
	for _, r := range dbtest.Rows(t, "testdata/uuid_to_bin.txt") {
		t.Run(r[0], func(t *testing.T) {
			u := uuid.MustParse(r[0])
			for i, swap := range []bool{false, true} {
				want, err := hex.DecodeString(r[1+i])
				if err != nil {
					t.Fatal(err)
				}
				if got := mysqluuid.UUIDToBin(u, swap); !bytes.Equal(got[:], want) {
					t.Errorf("UUIDToBin(%v, %v) = %X; want %X", u, swap, got, want)
				}
				if got, err := mysqluuid.BinToUUID(want, swap); got != u || err != nil {
					t.Errorf("BinToUUID(%X, %v) = %v, %v; want %v", want, swap, got, err, u)
				}
			}
		})
	}
}

func TestBinToUUIDLength(t *testing.T) {
	for _, n := range []int{0, 15, 17, 32, 36} {
		for _, swap := range []bool{false, true} {
			u, err := mysqluuid.BinToUUID(make([]byte, n), swap)
			var oe *operr.Error
			if !errors.Is(err, uuid.ErrLength) || u != (uuid.UUID{}) || !errors.As(err, &oe) || oe.Op != "BinToUUID" || oe.Input != strconv.Itoa(n)+" bytes" || oe.Pkg != "mysqluuid" {
				t.Errorf("BinToUUID(%d bytes, %v) = %v, %#v; want Nil, uuid.ErrLength naming the operation and the length", n, swap, u, err)
			}
		}
	}
}

// TestCompareV1 checks the reason for the swap: version 1 UUIDs made one
// after another, whose text does not sort by time, sort by time in
// Compare's order.
func TestCompareV1(t *testing.T) {
	at := time.Date(2026, 11, 25, 21, 0, 0, 0, time.UTC)
	var ids []uuid.UUID
	for i := range 1000 {
		ids = append(ids, uuid.NewV1At(at.Add(time.Duration(i)*7*time.Minute)))
	}
	if slices.IsSortedFunc(ids, uuid.UUID.Compare) {
		t.Fatal("the version 1 UUIDs sort by time bytewise: the test proves nothing")
	}
	if !slices.IsSortedFunc(ids, mysqluuid.Compare) {
		t.Error("version 1 UUIDs in time order are not sorted by Compare")
	}
}

// order is the order of a BINARY(16) column of UUID_TO_BIN(u, 1):
// Compare, Key and slowCompare.
var order = dbtest.Order{Compare: mysqluuid.Compare, Key: mysqluuid.Key, Slow: slowCompare}

func TestCompare(t *testing.T) {
	order.CheckCases(t, []dbtest.Case{
		{"equal", "6ccd780c-baba-1026-9564-5b8c656024db", "6ccd780c-baba-1026-9564-5b8c656024db", 0},
		{"time_high_first", "ffffffff-ffff-1000-0000-000000000000", "00000000-0000-1001-0000-000000000000", -1},
		{"time_mid_second", "ffffffff-0000-1000-0000-000000000000", "00000000-0001-1000-0000-000000000000", -1},
		{"time_low_third", "00000001-0000-1000-ffff-ffffffffffff", "00000002-0000-1000-0000-000000000000", -1},
		{"rest_last", "00000000-0000-1000-0000-000000000002", "00000000-0000-1000-0000-000000000001", +1},
	})
}

func TestAllocs(t *testing.T) {
	a, b := uuid.NewV1(), uuid.NewV1()
	bin := mysqluuid.UUIDToBin(a, true)
	dbtest.ZeroAllocs(t, map[string]func(){
		"Compare":   func() { mysqluuid.Compare(a, b) },
		"Key":       func() { mysqluuid.Key(a) },
		"UUIDToBin": func() { mysqluuid.UUIDToBin(a, true) },
		"BinToUUID": func() { _, _ = mysqluuid.BinToUUID(bin[:], true) },
	})
}
