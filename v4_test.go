package uuid

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// TestFillV4 checks the batch against the same bytes read one UUID at a
// time, and that a failing source leaves nothing behind.
func TestFillV4(t *testing.T) {
	seed := bytes.Repeat([]byte("0123456789abcdefghij"), 100)
	g := NewGenerator(GeneratorOptions{Rand: bytes.NewReader(seed)})
	ids := make([]UUID, 100)
	if err := g.FillV4(ids); err != nil {
		t.Fatal(err)
	}
	one := NewGenerator(GeneratorOptions{Rand: bytes.NewReader(seed)})
	for i, u := range ids {
		if want := must(one.NewV4()); u != want {
			t.Fatalf("FillV4[%d] = %v; want %v", i, u, want)
		}
	}
	g = NewGenerator(GeneratorOptions{Rand: io.LimitReader(bytes.NewReader(seed), 1000)})
	if err := g.FillV4(ids); !errors.Is(err, ErrRandom) || ids[0] != (UUID{}) {
		t.Errorf("FillV4 with a short source: %v, ids[0] = %v; want ErrRandom and zeroed", err, ids[0])
	}
	// A source that fails in the second run of a long FillV7 leaves all of
	// dst zeroed, the first run included.
	g = NewGenerator(GeneratorOptions{Rand: io.LimitReader(bytes.NewReader(make([]byte, 1<<21)), 8*maxReserve+2+100)})
	long := make([]UUID, maxReserve+5000)
	if err := g.FillV7(long); !errors.Is(err, ErrRandom) {
		t.Fatalf("FillV7 with a source that fails in the second run: %v", err)
	}
	for i, u := range long {
		if u != (UUID{}) {
			t.Fatalf("FillV7 failed but left dst[%d] = %v", i, u)
		}
	}
	pkg := make([]UUID, 5000)
	FillV4(pkg)
	checkUnique(t, "package FillV4", pkg)
	for _, u := range pkg {
		if u.Version() != 4 || u.Variant() != VariantRFC9562 {
			t.Fatalf("FillV4 made %v", u)
		}
	}
	bitBalance(t, "FillV4", pkg, func(bit int) bool { return bit/4 != 12 && bit != 64 && bit != 65 })
	FillV4(nil)
}
