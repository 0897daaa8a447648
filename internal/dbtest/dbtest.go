// Package dbtest holds what the tests of the database packages
// (clickhouseuuid, cqluuid, duckdbuuid, mysqluuid, sqlserveruuid) share:
// reading their vendored testdata, checking an order's Compare against its
// Key and a slow reference, fuzzing pairs of UUIDs, and the benchmarks and
// allocation pins of Compare and Key. Each package passes its own
// functions as values.
package dbtest

import (
	"bufio"
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

// Rows returns the fields of each line of a testdata file that is neither
// blank nor a comment. It fails the test if the file has no rows.
func Rows(t testing.TB, name string) [][]string {
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

var ops = map[string]int{"<": -1, "=": 0, ">": +1}

// Pair reads a testdata row "a <|=|> b" and returns the two UUIDs and the
// comparison the operator states. It fails the test on any other row.
func Pair(t testing.TB, r []string) (a, b uuid.UUID, want int) {
	t.Helper()
	if len(r) != 3 {
		t.Fatalf("bad row %q", r)
	}
	want, ok := ops[r[1]]
	if !ok {
		t.Fatalf("bad row %q", r)
	}
	return uuid.MustParse(r[0]), uuid.MustParse(r[2]), want
}

// Order is one order of UUIDs that a package implements: a comparison, a
// key whose bytes sort in that order, and optionally a slow reference.
// The names are those the failure messages print.
type Order struct {
	Compare     func(a, b uuid.UUID) int
	Key         func(uuid.UUID) [16]byte
	Slow        func(a, b uuid.UUID) int // nil: none
	CompareName string                   // "": "Compare"
	KeyName     string                   // "": "Key"
	SlowName    string                   // "": "slowCompare"
}

func (o Order) names() (cmp, key, slow string) {
	return cmpOr(o.CompareName, "Compare"), cmpOr(o.KeyName, "Key"), cmpOr(o.SlowName, "slowCompare")
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// Check checks that a compares with b as want says (-1, 0 or +1): by
// Compare both ways round, by bytes.Compare of the keys, and by the slow
// reference if there is one.
func (o Order) Check(t testing.TB, a, b uuid.UUID, want int) {
	t.Helper()
	cmp, key, slow := o.names()
	if got := o.Compare(a, b); got != want {
		t.Errorf("%s(%v, %v) = %d; want %d", cmp, a, b, got, want)
	}
	if got := o.Compare(b, a); got != -want {
		t.Errorf("%s(%v, %v) = %d; want %d", cmp, b, a, got, -want)
	}
	ka, kb := o.Key(a), o.Key(b)
	if got := bytes.Compare(ka[:], kb[:]); got != want {
		t.Errorf("bytes.Compare(%s(%v), %s(%v)) = %d; want %d", key, a, key, b, got, want)
	}
	if o.Slow == nil {
		return
	}
	if got := o.Slow(a, b); got != want {
		t.Errorf("%s(%v, %v) = %d; want %d", slow, a, b, got, want)
	}
}

// Case is a pair of UUIDs in text and how the first compares with the
// second. It is an alias of a struct type, not a defined type, so that a
// package's table may list its cases without field names.
type Case = struct {
	Name string
	A, B string
	Want int
}

// CheckCases runs [Order.Check] on each case, as a subtest of its name.
func (o Order) CheckCases(t *testing.T, cases []Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			o.Check(t, uuid.MustParse(tc.A), uuid.MustParse(tc.B), tc.Want)
		})
	}
}

// CheckSorted checks that ids, which are distinct, are in ascending order:
// each pair of neighbours by [Order.Check], and the whole by sorting them
// from reverse order with Compare.
func (o Order) CheckSorted(t testing.TB, ids []uuid.UUID) {
	t.Helper()
	for i := 1; i < len(ids); i++ {
		o.Check(t, ids[i-1], ids[i], -1)
	}
	got := slices.Clone(ids)
	slices.Reverse(got)
	slices.SortFunc(got, o.Compare)
	if !slices.Equal(got, ids) {
		cmp, _, _ := o.names()
		t.Errorf("sorted with %s:\n%v\nwant:\n%v", cmp, got, ids)
	}
}

// FuzzPairs runs check on each pair of 16-byte inputs the fuzzer makes,
// and skips inputs of other lengths. The caller adds the seeds.
func FuzzPairs(f *testing.F, check func(t *testing.T, a, b uuid.UUID)) {
	f.Fuzz(func(t *testing.T, x, y []byte) {
		a, err1 := uuid.FromBytes(x)
		b, err2 := uuid.FromBytes(y)
		if err1 != nil || err2 != nil {
			return
		}
		check(t, a, b)
	})
}

// ZeroAllocs checks that each of fs, by name, does not allocate.
func ZeroAllocs(t *testing.T, fs map[string]func()) {
	t.Helper()
	for name, f := range fs {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times; want 0", name, n)
		}
	}
}
