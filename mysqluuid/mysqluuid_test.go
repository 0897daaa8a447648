package mysqluuid_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/mysqluuid"
)

func TestAPI(t *testing.T) {
	apitest.Check(t, ".", "github.com/afb7af96/uuid/mysqluuid", "../api/mysqluuid.txt")
}

// TestDocExamples checks that the examples docs/databases.md shows are
// this package's runnable examples, line for line.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/databases.md", "mysqluuid", "example_test.go")
}

// rows returns the fields of each line of a testdata file that is neither
// blank nor a comment.
func rows(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]string
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, strings.Fields(line))
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s has no rows", name)
	}
	return out
}

func TestUUIDToBinVendored(t *testing.T) {
	for _, r := range rows(t, "testdata/uuid_to_bin.txt") {
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
			if !errors.Is(err, uuid.ErrLength) || u != (uuid.UUID{}) {
				t.Errorf("BinToUUID(%d bytes, %v) = %v, %v; want Nil, uuid.ErrLength", n, swap, u, err)
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

func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b string
		want int
	}{
		{"equal", "6ccd780c-baba-1026-9564-5b8c656024db", "6ccd780c-baba-1026-9564-5b8c656024db", 0},
		{"time_high_first", "ffffffff-ffff-1000-0000-000000000000", "00000000-0000-1001-0000-000000000000", -1},
		{"time_mid_second", "ffffffff-0000-1000-0000-000000000000", "00000000-0001-1000-0000-000000000000", -1},
		{"time_low_third", "00000001-0000-1000-ffff-ffffffffffff", "00000002-0000-1000-0000-000000000000", -1},
		{"rest_last", "00000000-0000-1000-0000-000000000002", "00000000-0000-1000-0000-000000000001", +1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := uuid.MustParse(tc.a), uuid.MustParse(tc.b)
			if got := mysqluuid.Compare(a, b); got != tc.want {
				t.Errorf("Compare(%v, %v) = %d; want %d", a, b, got, tc.want)
			}
			ka, kb := mysqluuid.Key(a), mysqluuid.Key(b)
			if got := bytes.Compare(ka[:], kb[:]); got != tc.want {
				t.Errorf("bytes.Compare(Key(%v), Key(%v)) = %d; want %d", a, b, got, tc.want)
			}
		})
	}
}

func TestAllocs(t *testing.T) {
	a, b := uuid.NewV1(), uuid.NewV1()
	bin := mysqluuid.UUIDToBin(a, true)
	for name, f := range map[string]func(){
		"Compare":   func() { mysqluuid.Compare(a, b) },
		"Key":       func() { mysqluuid.Key(a) },
		"UUIDToBin": func() { mysqluuid.UUIDToBin(a, true) },
		"BinToUUID": func() { _, _ = mysqluuid.BinToUUID(bin[:], true) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times; want 0", name, n)
		}
	}
}
