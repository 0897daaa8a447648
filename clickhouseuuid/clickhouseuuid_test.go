package clickhouseuuid_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
	"github.com/afb7af96/uuid/internal/apitest"
)

func TestAPI(t *testing.T) {
	apitest.Check(t, ".", "github.com/afb7af96/uuid/clickhouseuuid", "../api/clickhouseuuid.txt")
}

// TestDocExamples checks that the examples docs/databases.md shows are
// this package's runnable examples, line for line.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/databases.md", "clickhouseuuid", "example_test.go")
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

func TestNativeBytesVendored(t *testing.T) {
	for _, r := range rows(t, "testdata/native.txt") {
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
	for _, r := range rows(t, "testdata/order.txt") {
		ids = append(ids, uuid.MustParse(r[0]))
	}
	for i := 1; i < len(ids); i++ {
		if c := clickhouseuuid.Compare(ids[i-1], ids[i]); c >= 0 {
			t.Errorf("Compare(%v, %v) = %d; want -1 (row %d before row %d)", ids[i-1], ids[i], c, i, i+1)
		}
	}
	shuffled := slices.Clone(ids)
	slices.Reverse(shuffled)
	slices.SortFunc(shuffled, clickhouseuuid.Compare)
	if !slices.Equal(shuffled, ids) {
		t.Errorf("sorted with Compare:\n%v\nwant the documented order:\n%v", shuffled, ids)
	}
}

func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b string
		want int
	}{
		{"equal", "00112233-4455-6677-8899-aabbccddeeff", "00112233-4455-6677-8899-aabbccddeeff", 0},
		{"second_half_first", "ffffffff-ffff-ffff-0000-000000000000", "00000000-0000-0000-0000-000000000001", -1},
		{"first_half_breaks_tie", "00000000-0000-0001-8000-000000000000", "00000000-0000-0000-8000-000000000000", +1},
		{"unsigned_second_half", "00000000-0000-0000-8000-000000000000", "00000000-0000-0000-7fff-ffffffffffff", +1},
		{"unsigned_first_half", "80000000-0000-0000-0000-000000000000", "7fffffff-ffff-ffff-0000-000000000000", +1},
		{"nil_before_max", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", -1},
		{"v7_sorts_by_its_random_half", "01900000-0000-7000-8000-000000000002", "01800000-0000-7000-8000-000000000003", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := uuid.MustParse(tc.a), uuid.MustParse(tc.b)
			if got := clickhouseuuid.Compare(a, b); got != tc.want {
				t.Errorf("Compare(%v, %v) = %d; want %d", a, b, got, tc.want)
			}
			if got := clickhouseuuid.Compare(b, a); got != -tc.want {
				t.Errorf("Compare(%v, %v) = %d; want %d", b, a, got, -tc.want)
			}
			ka, kb := clickhouseuuid.Key(a), clickhouseuuid.Key(b)
			if got := bytes.Compare(ka[:], kb[:]); got != tc.want {
				t.Errorf("bytes.Compare(Key(%v), Key(%v)) = %d; want %d", a, b, got, tc.want)
			}
		})
	}
}

func TestFromNativeBytesLength(t *testing.T) {
	for _, n := range []int{0, 15, 17, 36} {
		u, err := clickhouseuuid.FromNativeBytes(make([]byte, n))
		if !errors.Is(err, uuid.ErrLength) || u != (uuid.UUID{}) {
			t.Errorf("FromNativeBytes(%d bytes) = %v, %v; want Nil, uuid.ErrLength", n, u, err)
		}
	}
}

func TestAllocs(t *testing.T) {
	a, b := uuid.NewV4(), uuid.NewV4()
	nb := clickhouseuuid.NativeBytes(a)
	for name, f := range map[string]func(){
		"Compare":         func() { clickhouseuuid.Compare(a, b) },
		"Key":             func() { clickhouseuuid.Key(a) },
		"NativeBytes":     func() { clickhouseuuid.NativeBytes(a) },
		"FromNativeBytes": func() { _, _ = clickhouseuuid.FromNativeBytes(nb[:]) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times; want 0", name, n)
		}
	}
}
