package cqluuid_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/cqluuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/internal/dbtest"
)

// TestDocExamples checks that the examples docs/databases.md shows are
// this package's runnable examples, line for line, and that it names every
// function and type of the package.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/databases.md", "cqluuid", "example_test.go")
	apitest.CheckDocNames(t, "../docs/databases.md", "cqluuid", ".", "github.com/afb7af96/uuid/cqluuid")
}

// uuidOrder is a uuid column's order: Compare, Key and slowCompare.
var uuidOrder = dbtest.Order{Compare: cqluuid.Compare, Key: cqluuid.Key, Slow: slowCompare}

// timeUUIDOrder is a timeuuid column's order: CompareTimeUUID, TimeUUIDKey
// and slowCompareTimeUUID.
var timeUUIDOrder = dbtest.Order{
	Compare: cqluuid.CompareTimeUUID, CompareName: "CompareTimeUUID",
	Key: cqluuid.TimeUUIDKey, KeyName: "TimeUUIDKey",
	Slow: slowCompareTimeUUID, SlowName: "slowCompareTimeUUID",
}

func TestTimeUUIDOrderVendored(t *testing.T) {
	for i, r := range dbtest.Rows(t, "testdata/timeuuid_order.txt") {
		t.Run(strconv.Itoa(i+1), func(t *testing.T) {
			a, b, want := dbtest.Pair(t, r)
			timeUUIDOrder.Check(t, a, b, want)
			timeUUIDOrder.Check(t, b, a, -want)
			uuidOrder.Check(t, a, b, want) // version 1 in a uuid column too
		})
	}
}

func TestUUIDOrderVendored(t *testing.T) {
	groups := map[string][]uuid.UUID{}
	var names []string
	for _, r := range dbtest.Rows(t, "testdata/uuid_order.txt") {
		if _, ok := groups[r[0]]; !ok {
			names = append(names, r[0])
		}
		groups[r[0]] = append(groups[r[0]], uuid.MustParse(r[1]))
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			uuidOrder.CheckSorted(t, groups[name])
		})
	}
}

func TestBoundsVendored(t *testing.T) {
	funcs := map[string]func(time.Time) uuid.UUID{
		"gocql-min": cqluuid.MinTimeUUID,
		"gocql-max": cqluuid.MaxTimeUUID,
		"cql-min":   cqluuid.MinTimeUUIDMillis,
		"cql-max":   cqluuid.MaxTimeUUIDMillis,
	}
	for _, r := range dbtest.Rows(t, "testdata/bounds.txt") {
		t.Run(r[0], func(t *testing.T) {
			f := funcs[r[0]]
			at, err := time.Parse(time.RFC3339Nano, r[1])
			if f == nil || err != nil {
				t.Fatalf("bad row %q: %v", r, err)
			}
			if got, want := f(at), uuid.MustParse(r[2]); got != want {
				t.Errorf("%s(%v) = %v; want %v", r[0], at, got, want)
			}
		})
	}
}

// TestBoundsEnclose checks that the bounds enclose every version 1 UUID of
// their time in a timeuuid column, and exclude the ticks on either side.
func TestBoundsEnclose(t *testing.T) {
	at := time.Date(2026, 11, 25, 21, 0, 0, 123_456_700, time.UTC)
	inside := []uuid.UUID{}
	for _, low := range []string{"8000-000000000000", "bfff-ffffffffffff", "9c3a-7f0080ff0102", "8080-808080808080", "bf7f-7f7f7f7f7f7f"} {
		u := cqluuid.MinTimeUUID(at)
		l := uuid.MustParse("00000000-0000-0000-" + low)
		copy(u[8:], l[8:])
		inside = append(inside, u)
	}
	lo, hi := cqluuid.MinTimeUUID(at), cqluuid.MaxTimeUUID(at)
	loMs, hiMs := cqluuid.MinTimeUUIDMillis(at), cqluuid.MaxTimeUUIDMillis(at)
	for _, u := range inside {
		if cqluuid.CompareTimeUUID(lo, u) > 0 || cqluuid.CompareTimeUUID(u, hi) > 0 {
			t.Errorf("%v is outside [MinTimeUUID, MaxTimeUUID] = [%v, %v]", u, lo, hi)
		}
		if cqluuid.CompareTimeUUID(loMs, u) > 0 || cqluuid.CompareTimeUUID(u, hiMs) > 0 {
			t.Errorf("%v is outside [MinTimeUUIDMillis, MaxTimeUUIDMillis] = [%v, %v]", u, loMs, hiMs)
		}
	}
	before, after := cqluuid.MaxTimeUUID(at.Add(-100*time.Nanosecond)), cqluuid.MinTimeUUID(at.Add(100*time.Nanosecond))
	if cqluuid.CompareTimeUUID(before, lo) >= 0 || cqluuid.CompareTimeUUID(hi, after) >= 0 {
		t.Errorf("bounds of the neighbouring ticks overlap: %v %v %v %v", before, lo, hi, after)
	}
	prevMs, nextMs := cqluuid.MaxTimeUUIDMillis(at.Add(-time.Millisecond)), cqluuid.MinTimeUUIDMillis(at.Add(time.Millisecond))
	if cqluuid.CompareTimeUUID(prevMs, loMs) >= 0 || cqluuid.CompareTimeUUID(hiMs, nextMs) >= 0 {
		t.Errorf("bounds of the neighbouring milliseconds overlap: %v %v %v %v", prevMs, loMs, hiMs, nextMs)
	}
	for _, u := range []uuid.UUID{lo, hi, loMs, hiMs} {
		if u.Version() != 1 {
			t.Errorf("%v: version %v; want 1", u, u.Version())
		}
	}
	if tm, ok := lo.Time(); !ok || !tm.Equal(at) {
		t.Errorf("MinTimeUUID(%v).Time() = %v, %v", at, tm, ok)
	}
}

// TestBoundsClamp checks that every bound clamps a time outside the 60-bit
// Gregorian range to its ends: a millisecond that ends at 1582-10-15 (the
// case where the last tick of a millisecond once wrapped to the greatest)
// or earlier gives timestamp 0, a time after 5236 the greatest.
func TestBoundsClamp(t *testing.T) {
	epoch := time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)
	bounds := []struct {
		name string
		f    func(time.Time) uuid.UUID
		low  string // the last 8 bytes, in the canonical form's last two groups
	}{
		{"MinTimeUUID", cqluuid.MinTimeUUID, "8080-808080808080"},
		{"MaxTimeUUID", cqluuid.MaxTimeUUID, "bf7f-7f7f7f7f7f7f"},
		{"MinTimeUUIDMillis", cqluuid.MinTimeUUIDMillis, "8080-808080808080"},
		{"MaxTimeUUIDMillis", cqluuid.MaxTimeUUIDMillis, "7f7f-7f7f7f7f7f7f"},
	}
	for _, tc := range []struct {
		name string
		at   time.Time
		high string // the first 8 bytes, as the canonical form's first three groups
	}{
		{"before_1582", time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC), "00000000-0000-1000"},
		{"last_millisecond_before_1582", epoch.Add(-time.Millisecond), "00000000-0000-1000"},
		{"after_5236", time.Date(6000, 1, 1, 0, 0, 0, 0, time.UTC), "ffffffff-ffff-1fff"},
	} {
		for _, b := range bounds {
			t.Run(tc.name+"/"+b.name, func(t *testing.T) {
				want := uuid.MustParse(tc.high + "-" + b.low)
				if got := b.f(tc.at); got != want {
					t.Errorf("%s(%v) = %v; want %v", b.name, tc.at, got, want)
				}
			})
		}
	}
	// At 1582-10-15 itself, the millisecond's bounds are its first and last tick.
	if got, want := cqluuid.MinTimeUUIDMillis(epoch), uuid.MustParse("00000000-0000-1000-8080-808080808080"); got != want {
		t.Errorf("MinTimeUUIDMillis(%v) = %v; want %v", epoch, got, want)
	}
	if got, want := cqluuid.MaxTimeUUIDMillis(epoch), uuid.MustParse("0000270f-0000-1000-7f7f-7f7f7f7f7f7f"); got != want {
		t.Errorf("MaxTimeUUIDMillis(%v) = %v; want %v", epoch, got, want)
	}
}

func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		name     string
		a, b     string
		uuidCol  int // order in a uuid column
		timeuuid int // order in a timeuuid column
	}{
		{"equal", "486f3a88-775b-11e3-ae07-d231feb1dc81", "486f3a88-775b-11e3-ae07-d231feb1dc81", 0, 0},
		{"time_mid_over_time_low", "ffffffff-0000-1000-8000-000000000000", "00000000-0001-1000-8000-000000000000", -1, -1},
		{"time_high_over_time_mid", "00000000-ffff-1000-8000-000000000000", "00000000-0000-1001-8000-000000000000", -1, -1},
		{"signed_vs_unsigned_node", "00000000-0000-1000-8000-000000000001", "00000000-0000-1000-8000-0000000000ff", -1, +1},
		{"signed_clock_seq", "00000000-0000-1000-8000-000000000000", "00000000-0000-1000-7f00-000000000000", +1, -1},
		{"version_first", "ffffffff-ffff-4fff-bfff-ffffffffffff", "00000000-0000-7000-8000-000000000000", -1, 0},
		{"v7_bytewise", "01900000-0000-7000-8000-000000000000", "018fffff-ffff-7fff-bfff-ffffffffffff", +1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := uuid.MustParse(tc.a), uuid.MustParse(tc.b)
			uuidOrder.Check(t, a, b, tc.uuidCol)
			uuidOrder.Check(t, b, a, -tc.uuidCol)
			if a.Version() == 1 && b.Version() == 1 {
				timeUUIDOrder.Check(t, a, b, tc.timeuuid)
				timeUUIDOrder.Check(t, b, a, -tc.timeuuid)
			}
		})
	}
}

func TestAllocs(t *testing.T) {
	a, b := uuid.NewV1(), uuid.NewV1()
	at := time.Now()
	dbtest.ZeroAllocs(t, map[string]func(){
		"Compare":           func() { cqluuid.Compare(a, b) },
		"Key":               func() { cqluuid.Key(a) },
		"CompareTimeUUID":   func() { cqluuid.CompareTimeUUID(a, b) },
		"TimeUUIDKey":       func() { cqluuid.TimeUUIDKey(a) },
		"MinTimeUUID":       func() { cqluuid.MinTimeUUID(at) },
		"MaxTimeUUIDMillis": func() { cqluuid.MaxTimeUUIDMillis(at) },
	})
}
