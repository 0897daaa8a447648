package clickhouseuuid_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strconv"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/internal/dbtest"
	"github.com/afb7af96/uuid/internal/operr"
)

// TestDocExamples checks that the examples docs/databases.md shows are
// this package's runnable examples, line for line, and that it names every
// function and type of the package.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/databases.md", "clickhouseuuid", "example_test.go")
	apitest.CheckDocNames(t, "../docs/databases.md", "clickhouseuuid", ".", "github.com/afb7af96/uuid/clickhouseuuid")
}

func TestNativeBytesVendored(t *testing.T) {
	for _, r := range dbtest.Rows(t, "testdata/native.txt") {
		t.Run(r[0], func(t *testing.T) {
			u := uuid.MustParse(r[0])
			want, err := hex.DecodeString(r[1])
			if err != nil {
				t.Fatal(err)
			}
			if got := clickhouseuuid.NativeBytes(u); !bytes.Equal(got[:], want) {
				t.Errorf("NativeBytes(%v) = %x; want %x", u, got, want)
			}
			if got, err := clickhouseuuid.FromNativeBytes(want); got != u || err != nil {
				t.Errorf("FromNativeBytes(%x) = %v, %v; want %v", want, got, err, u)
			}
		})
	}
}

func TestOrderVendored(t *testing.T) {
	var ids []uuid.UUID
	for _, r := range dbtest.Rows(t, "testdata/order.txt") {
		ids = append(ids, uuid.MustParse(r[0]))
	}
	order.CheckSorted(t, ids)
}

// order is ClickHouse's order of UUIDs: Compare, Key and slowCompare.
var order = dbtest.Order{Compare: clickhouseuuid.Compare, Key: clickhouseuuid.Key, Slow: slowCompare}

func TestCompare(t *testing.T) {
	order.CheckCases(t, []dbtest.Case{
		{"equal", "00112233-4455-6677-8899-aabbccddeeff", "00112233-4455-6677-8899-aabbccddeeff", 0},
		{"second_half_first", "ffffffff-ffff-ffff-0000-000000000000", "00000000-0000-0000-0000-000000000001", -1},
		{"first_half_breaks_tie", "00000000-0000-0001-8000-000000000000", "00000000-0000-0000-8000-000000000000", +1},
		{"unsigned_second_half", "00000000-0000-0000-8000-000000000000", "00000000-0000-0000-7fff-ffffffffffff", +1},
		{"unsigned_first_half", "80000000-0000-0000-0000-000000000000", "7fffffff-ffff-ffff-0000-000000000000", +1},
		{"nil_before_max", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", -1},
		{"v7_sorts_by_its_random_half", "01900000-0000-7000-8000-000000000002", "01800000-0000-7000-8000-000000000003", -1},
	})
}

func TestFromNativeBytesLength(t *testing.T) {
	for _, n := range []int{0, 15, 17, 36} {
		u, err := clickhouseuuid.FromNativeBytes(make([]byte, n))
		var oe *operr.Error
		if !errors.Is(err, uuid.ErrLength) || u != (uuid.UUID{}) || !errors.As(err, &oe) || oe.Op != "FromNativeBytes" || oe.Input != strconv.Itoa(n)+" bytes" || oe.Pkg != "clickhouseuuid" {
			t.Errorf("FromNativeBytes(%d bytes) = %v, %#v; want Nil, uuid.ErrLength naming the operation and the length", n, u, err)
		}
	}
}

func TestAllocs(t *testing.T) {
	a, b := uuid.NewV4(), uuid.NewV4()
	nb := clickhouseuuid.NativeBytes(a)
	dbtest.ZeroAllocs(t, map[string]func(){
		"Compare":         func() { clickhouseuuid.Compare(a, b) },
		"Key":             func() { clickhouseuuid.Key(a) },
		"NativeBytes":     func() { clickhouseuuid.NativeBytes(a) },
		"FromNativeBytes": func() { _, _ = clickhouseuuid.FromNativeBytes(nb[:]) },
	})
}
