package sqlserveruuid_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/operr"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

func TestFromV7Layout(t *testing.T) {
	for _, tc := range []struct {
		name   string
		v7, v8 string
	}{
		// Milliseconds to bytes 10-15; rand_a 0xabc and the top 14 bits of
		// rand_b to bytes 8 (low 6 bits), 9, 7 and 6 (low nibble); the last
		// 48 bits of rand_b to bytes 5 down to 0.
		{"fields", "01234567-89ab-7abc-b123-456789abcdef", "efcdab89-6745-8312-aaf3-0123456789ab"},
		{"min", "00000000-0000-7000-8000-000000000000", "00000000-0000-8000-8000-000000000000"},
		{"max", "ffffffff-ffff-7fff-bfff-ffffffffffff", "ffffffff-ffff-8fff-bfff-ffffffffffff"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v7, v8 := uuid.MustParse(tc.v7), uuid.MustParse(tc.v8)
			if got, err := sqlserveruuid.FromV7(v7); got != v8 || err != nil {
				t.Errorf("FromV7(%v) = %v, %v; want %v", v7, got, err, v8)
			}
			if got, err := sqlserveruuid.ToV7(v8); got != v7 || err != nil {
				t.Errorf("ToV7(%v) = %v, %v; want %v", v8, got, err, v7)
			}
		})
	}
}

func TestFromV7Errors(t *testing.T) {
	for _, s := range []string{
		"00000000-0000-0000-0000-000000000000",
		"01234567-89ab-4abc-b123-456789abcdef", // version 4
		"01234567-89ab-7abc-c123-456789abcdef", // variant 110
		"01234567-89ab-8abc-b123-456789abcdef", // already version 8
	} {
		u := uuid.MustParse(s)
		got, err := sqlserveruuid.FromV7(u)
		var oe *operr.Error
		if !errors.Is(err, uuid.ErrVersion) || got != (uuid.UUID{}) || !errors.As(err, &oe) || oe.Op != "FromV7" || oe.Input != s || oe.Pkg != "sqlserveruuid" {
			t.Errorf("FromV7(%v) = %v, %#v; want Nil, uuid.ErrVersion naming the operation and its input", u, got, err)
		}
	}
	for _, s := range []string{
		"01234567-89ab-7abc-b123-456789abcdef", // version 7
		"01234567-89ab-8abc-3123-456789abcdef", // variant 0
	} {
		u := uuid.MustParse(s)
		got, err := sqlserveruuid.ToV7(u)
		var oe *operr.Error
		if !errors.Is(err, uuid.ErrVersion) || got != (uuid.UUID{}) || !errors.As(err, &oe) || oe.Op != "ToV7" || oe.Input != s || oe.Pkg != "sqlserveruuid" {
			t.Errorf("ToV7(%v) = %v, %#v; want Nil, uuid.ErrVersion naming the operation and its input", u, got, err)
		}
		if tm, ok := sqlserveruuid.Time(u); ok || !tm.IsZero() {
			t.Errorf("Time(%v) = %v, %v; want zero, false", u, tm, ok)
		}
	}
}

// TestFromV7Order checks, on random version 7 UUIDs, that FromV7 carries
// bytewise order to SQL Server's order and that ToV7 reverses it.
func TestFromV7Order(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	random := func() uuid.UUID {
		var b [16]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if r.IntN(2) == 0 {
			b = [16]byte(uuid.MustParse("01900000-0000-7000-8000-000000000000")) // share a prefix often
			b[r.IntN(16)] = byte(r.Uint32())
		}
		b[6] = b[6]&0x0f | 0x70
		b[8] = b[8]&0x3f | 0x80
		return b
	}
	for range 100_000 {
		a, b := random(), random()
		x, _ := sqlserveruuid.FromV7(a)
		y, _ := sqlserveruuid.FromV7(b)
		if got, want := sqlserveruuid.Compare(x, y), a.Compare(b); got != want {
			t.Fatalf("Compare(FromV7(%v), FromV7(%v)) = %d; want %d", a, b, got, want)
		}
		if x.Version() != 8 || x.Variant() != uuid.VariantRFC9562 {
			t.Fatalf("FromV7(%v) = %v: version %d, variant %v", a, x, x.Version(), x.Variant())
		}
		if back, err := sqlserveruuid.ToV7(x); back != a || err != nil {
			t.Fatalf("ToV7(FromV7(%v)) = %v, %v", a, back, err)
		}
	}
}

func TestTimeAndBounds(t *testing.T) {
	at := time.Date(2026, 11, 25, 21, 0, 0, 123_456_789, time.UTC)
	ms := at.Truncate(time.Millisecond)
	g := uuid.NewGenerator(uuid.GeneratorOptions{Now: func() time.Time { return at }})
	v7, err := g.NewV7()
	if err != nil {
		t.Fatal(err)
	}
	u, err := sqlserveruuid.FromV7(v7)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := sqlserveruuid.Time(u); !ok || !got.Truncate(time.Millisecond).Equal(ms) || at.Sub(got) < 0 || at.Sub(got)*4096 >= time.Millisecond {
		t.Errorf("Time(%v) = %v, %v; want %v to 1/4096 ms, true", u, got, ok, at)
	}
	lo, hi := sqlserveruuid.MinV8(at), sqlserveruuid.MaxV8(at)
	if sqlserveruuid.Compare(lo, u) > 0 || sqlserveruuid.Compare(u, hi) > 0 {
		t.Errorf("MinV8 %v, key %v, MaxV8 %v: not in SQL Server order", lo, u, hi)
	}
	next := sqlserveruuid.MinV8(ms.Add(time.Millisecond))
	if sqlserveruuid.Compare(hi, next) >= 0 {
		t.Errorf("MaxV8(t) %v is not below MinV8(t+1ms) %v", hi, next)
	}
	for _, b := range []uuid.UUID{lo, hi} {
		if tm, ok := sqlserveruuid.Time(b); !ok || !tm.Truncate(time.Millisecond).Equal(ms) {
			t.Errorf("Time(%v) = %v, %v; want %v", b, tm, ok, ms)
		}
	}
}

// countingReader is a deterministic random source.
type countingReader struct{ n byte }

func (r *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		r.n++
		p[i] = r.n * 37
	}
	return len(p), nil
}

// TestGeneratorOrder drives a Generator through a frozen clock, a clock
// that steps back and a clock that moves on, and checks that the UUIDs
// FromV7 makes of its values increase in SQL Server's order throughout.
func TestGeneratorOrder(t *testing.T) {
	base := time.Date(2026, 11, 25, 21, 0, 0, 0, time.UTC)
	steps := []time.Duration{0, 0, 0, time.Millisecond, -5 * time.Second, 0, 3 * time.Millisecond}
	i := 0
	now := func() time.Time {
		d := steps[min(i, len(steps)-1)] * time.Duration(i/len(steps)+1)
		i++
		return base.Add(d)
	}
	g := uuid.NewGenerator(uuid.GeneratorOptions{Now: now, Rand: &countingReader{}})
	var prev uuid.UUID
	for n := range 10_000 {
		v7, err := g.NewV7()
		if err != nil {
			t.Fatal(err)
		}
		u, err := sqlserveruuid.FromV7(v7)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 && sqlserveruuid.Compare(prev, u) >= 0 {
			t.Fatalf("UUID %d %v does not sort after %v", n, u, prev)
		}
		prev = u
	}
}

// TestNewV8Concurrent makes 1 000 000 UUIDs in 8 goroutines and checks that
// each goroutine's are strictly increasing in SQL Server's order, that
// none repeats, and that all are RFC 9562 version 8.
func TestNewV8Concurrent(t *testing.T) {
	const goroutines, each = 8, 125_000
	out := make([][]uuid.UUID, goroutines)
	var wg sync.WaitGroup
	for g := range out {
		out[g] = make([]uuid.UUID, each)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range out[g] {
				out[g][i] = sqlserveruuid.NewV8()
			}
		}()
	}
	wg.Wait()
	all := make([][16]byte, 0, goroutines*each)
	for g, ids := range out {
		for i, u := range ids {
			if u.Version() != 8 || u.Variant() != uuid.VariantRFC9562 {
				t.Fatalf("goroutine %d, UUID %d: %v is not RFC 9562 version 8", g, i, u)
			}
			if i > 0 && sqlserveruuid.Compare(ids[i-1], u) >= 0 {
				t.Fatalf("goroutine %d, UUID %d: %v does not sort after %v", g, i, u, ids[i-1])
			}
			all = append(all, sqlserveruuid.Key(u))
		}
	}
	slices.SortFunc(all, func(a, b [16]byte) int { return bytes.Compare(a[:], b[:]) })
	if n := len(slices.Compact(all)); n != goroutines*each {
		t.Fatalf("%d repeats among %d UUIDs", goroutines*each-n, goroutines*each)
	}
}
