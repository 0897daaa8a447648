package uuid

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// TestSourceErrors checks that a failing caller source surfaces as an
// error from every method that uses it.
func TestSourceErrors(t *testing.T) {
	g := NewGenerator(GeneratorOptions{Rand: brokenReader{}, Node: StaticNode([6]byte{1})})
	for name, f := range map[string]func() (UUID, error){
		"NewV1": g.NewV1, "NewV4": g.NewV4, "NewV6": g.NewV6, "NewV7": g.NewV7,
		"NewV2": func() (UUID, error) { return g.NewV2(DomainOrg, 1) },
	} {
		if _, err := f(); !errors.Is(err, errBroken) {
			t.Errorf("%s with a failing Rand = %v; want it to wrap the source's error", name, err)
		}
	}
	if err := g.FillV7(make([]UUID, 3)); !errors.Is(err, errBroken) {
		t.Errorf("FillV7 with a failing Rand = %v", err)
	}
	g = NewGenerator(GeneratorOptions{V6Node: true, Node: brokenNode{}})
	for range 2 { // the error is kept for later calls
		if _, err := g.NewV1(); !errors.Is(err, errBroken) {
			t.Errorf("NewV1 with a failing Node = %v", err)
		}
	}
	g = NewGenerator(GeneratorOptions{Rand: io.LimitReader(bytes.NewReader(make([]byte, 100)), 5)})
	if _, err := g.NewV4(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("NewV4 with a short Rand = %v", err)
	}
}

// bitBalance fails unless each listed bit is set in 45–55% of ids.
func bitBalance(t *testing.T, what string, ids []UUID, random func(bit int) bool) {
	t.Helper()
	var counts [128]int
	for _, u := range ids {
		for bit := range 128 {
			if u[bit/8]&(0x80>>(bit%8)) != 0 {
				counts[bit]++
			}
		}
	}
	checked := 0
	for bit, c := range counts {
		if !random(bit) {
			continue
		}
		checked++
		if frac := float64(c) / float64(len(ids)); frac < 0.45 || frac > 0.55 {
			t.Errorf("%s: bit %d set in %.3f of values", what, bit, frac)
		}
	}
	if checked == 0 {
		t.Fatalf("%s: no bits checked", what)
	}
}

// TestRandomBits checks each random bit of v4 and of v7's random field
// over 100 000 values, so a zeroed or constant field is caught.
func TestRandomBits(t *testing.T) {
	t.Parallel()
	const n = 100_000
	v4 := make([]UUID, n)
	v7 := make([]UUID, n)
	for i := range n {
		v4[i], v7[i] = NewV4(), NewV7()
	}
	bitBalance(t, "v4", v4, func(bit int) bool { return bit/4 != 12 && bit != 64 && bit != 65 })
	bitBalance(t, "v7 random", v7, func(bit int) bool { return bit >= 70 })
	for _, u := range v4[:100] {
		if u.Version() != 4 || u.Variant() != VariantRFC9562 {
			t.Fatalf("NewV4() = %v", u)
		}
	}
}
