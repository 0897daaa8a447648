package uuid

import (
	"testing"
	"time"
)

// TestAtClamps checks the …At constructors at both ends of each range and
// far outside it, where converting to nanoseconds would overflow.
func TestAtClamps(t *testing.T) {
	firstG, lastG := gregorianTime(0), gregorianTime(maxGregorianTicks)
	firstU, lastU := time.Unix(0, 0).UTC(), unixMillisTime(maxUnixMillis)
	endU := lastU.Add(time.Millisecond - 1) // the last instant version 7 holds
	huge := []time.Time{
		time.Unix(1<<63-1, 0),
		time.Date(292277026596, 12, 4, 15, 30, 7, 999999999, time.UTC),
		time.Unix(1<<62, 0),
	}
	tiny := []time.Time{
		time.Unix(-1<<63, 0),
		time.Time{},
		time.Date(-1_000_000_000, 1, 1, 0, 0, 0, 0, time.UTC),
	}
	type tc struct {
		name string
		at   time.Time
		want [3]time.Time // v1, v6, v7 (the clamped instant, read back to 1/4096 ms)
	}
	cases := []tc{
		{"gregorian_first", firstG, [3]time.Time{firstG, firstG, firstU}},
		{"gregorian_before", firstG.Add(-100), [3]time.Time{firstG, firstG, firstU}},
		{"gregorian_last", lastG, [3]time.Time{lastG, lastG, lastG}},
		{"gregorian_after", lastG.Add(time.Hour), [3]time.Time{lastG, lastG, lastG.Add(time.Hour)}},
		{"unix_first", firstU, [3]time.Time{firstU, firstU, firstU}},
		{"unix_before", firstU.Add(-time.Millisecond), [3]time.Time{firstU.Add(-time.Millisecond), firstU.Add(-time.Millisecond), firstU}},
		{"unix_last", lastU, [3]time.Time{lastG, lastG, lastU}},
		{"unix_end", endU, [3]time.Time{lastG, lastG, endU}},
		{"unix_after", lastU.Add(time.Millisecond), [3]time.Time{lastG, lastG, endU}},
	}
	for i, at := range huge {
		cases = append(cases, tc{"huge_" + string(rune('a'+i)), at, [3]time.Time{lastG, lastG, endU}})
	}
	for i, at := range tiny {
		cases = append(cases, tc{"tiny_" + string(rune('a'+i)), at, [3]time.Time{firstG, firstG, firstU}})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for i, u := range []UUID{NewV1At(c.at), NewV6At(c.at), NewV7At(c.at)} {
				got, _ := u.Time()
				if i == 2 && !within4096(got, c.want[i]) || i < 2 && !got.Equal(c.want[i]) {
					t.Errorf("v%d At(%v) time = %v; want %v", []int{1, 6, 7}[i], c.at, got, c.want[i])
				}
			}
			// A Generator whose clock says c.at clamps the same way.
			for i, v := range []Version{1, 6, 7} {
				g := NewGenerator(GeneratorOptions{Now: fixedClock(c.at), V6Node: true, Node: StaticNode([6]byte{2})})
				f := map[Version]func() (UUID, error){1: g.NewV1, 6: g.NewV6, 7: g.NewV7}[v]
				u, err := f()
				got, _ := u.Time()
				if err != nil || !got.Equal(c.want[i]) && i != 2 {
					t.Errorf("Generator v%d with clock %v = %v (%v), %v; want time %v", []int{1, 6, 7}[i], c.at, u, got, err, c.want[i])
				}
				if i == 2 && (got.Before(c.want[2].Add(-fracStep)) || got.After(c.want[2].Add(time.Millisecond))) {
					t.Errorf("Generator v7 with clock %v has time %v; want %v", c.at, got, c.want[2])
				}
			}
		})
	}
}

// fracStep is a 1/4096 ms, the step of a version 7 time, rounded up.
const fracStep = (time.Millisecond + 4095) / 4096

// within4096 reports whether got is the version 7 reading of want: at or
// before want, by less than a 1/4096 ms.
func within4096(got, want time.Time) bool {
	d := want.Sub(got)
	return d >= 0 && d*4096 < time.Millisecond
}

// TestClockBase checks the system clock's arithmetic, a wall reading plus
// the time the monotonic clock has run since, against the conversions of
// timestamp.go, exactly, at every sub-tick and sub-millisecond offset that
// matters and at the ends of the ranges.
func TestClockBase(t *testing.T) {
	walls := []time.Time{
		time.Unix(0, 0),
		time.Unix(0, 999_999_999),
		time.Unix(-1, 999_999_999),
		rfcTime,
		rfcTime.Add(99),
		rfcTime.Add(999_999),
		time.Date(2026, 11, 23, 12, 0, 0, 123_456_789, time.UTC),
		gregorianTime(0).Add(-time.Second / 2),
		gregorianTime(maxGregorianTicks).Add(-time.Second / 2),
		unixMillisTime(maxUnixMillis).Add(-time.Second / 2),
		unixMillisTime(maxUnixMillis).Add(time.Hour),
	}
	ds := []time.Duration{0, 1, 99, 100, 101, 999_999, 1_000_000, 1_000_001, 123_456_789, time.Second - 1}
	for _, wall := range walls {
		b := newClockBase(wall)
		for _, d := range ds {
			if got, want := b.ticksAfter(d), gregorianTicks(wall.Add(d)); got != want {
				t.Errorf("base %v + %v: ticks %d; want %d", wall, d, got, want)
			}
			if got, want := b.millis12After(d), unixMillis12(wall.Add(d)); got != want {
				t.Errorf("base %v + %v: millis12 %#x; want %#x", wall, d, got, want)
			}
		}
	}
}
