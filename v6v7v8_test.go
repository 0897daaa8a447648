package uuid_test

import (
	"bytes"
	"crypto/sha256"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// TestGeneratorAtVectors rebuilds RFC 9562, Appendix A.5 and A.6 from
// their times, with their random fields given as the Generator's random
// bytes. A.6's rand_a, 0xcc3, is the fraction of a time 797 608 ns into
// its millisecond: ⌈0xcc3·10⁶/4096⌉.
func TestGeneratorAtVectors(t *testing.T) {
	for _, tc := range []struct {
		name string
		rand []byte
		f    func(*uuid.Generator) (uuid.UUID, error)
		want string
	}{
		{"NewV6At", []byte{0x33, 0xc8, 0x9f, 0x6b, 0xde, 0xce, 0xd8, 0x46}, func(g *uuid.Generator) (uuid.UUID, error) { return g.NewV6At(appendixATime) }, "1ec9414c-232a-6b00-b3c8-9f6bdeced846"},
		{"NewV7At", []byte{0x98, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f}, func(g *uuid.Generator) (uuid.UUID, error) { return g.NewV7At(appendixATime.Add(797_608)) }, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := uuid.NewGenerator(uuid.GeneratorOptions{Rand: bytes.NewReader(tc.rand)})
			if got, err := tc.f(g); err != nil || got != uuid.MustParse(tc.want) {
				t.Errorf("%s(%v) = %v, %v; want %s", tc.name, appendixATime, got, err, tc.want)
			}
		})
	}
}

// TestV7Bounds checks MinV7 and MaxV7 against the v7 UUIDs of their
// millisecond and of the ones next to it.
func TestV7Bounds(t *testing.T) {
	at := appendixATime.Add(567 * time.Millisecond)
	lo, hi := uuid.MinV7(at), uuid.MaxV7(at)
	if lo != uuid.MustParse("017f22e2-7be7-7000-8000-000000000000") || hi != uuid.MustParse("017f22e2-7be7-7fff-bfff-ffffffffffff") {
		t.Errorf("MinV7, MaxV7(%v) = %v, %v", at, lo, hi)
	}
	for i := range 100 {
		u := uuid.NewV7At(at.Add(time.Duration(i) * 10 * time.Microsecond))
		if u.Compare(lo) < 0 || u.Compare(hi) > 0 {
			t.Fatalf("NewV7At in %v's millisecond = %v; not within [%v, %v]", at, u, lo, hi)
		}
	}
	if before, after := uuid.MaxV7(at.Add(-time.Millisecond)), uuid.MinV7(at.Add(time.Millisecond)); before.Compare(lo) >= 0 || after.Compare(hi) <= 0 {
		t.Errorf("bounds of the next milliseconds %v, %v overlap [%v, %v]", before, after, lo, hi)
	}
}

// TestNewV8 checks that NewV8 keeps every custom bit but the version and
// variant, and NewV8Hash's RFC 9562, Appendix B.2 value.
func TestNewV8(t *testing.T) {
	for _, custom := range [][16]byte{{}, {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}} {
		u := uuid.NewV8(custom)
		for i := range u {
			mask := byte(0xff)
			switch i {
			case 6:
				mask = 0x0f
			case 8:
				mask = 0x3f
			}
			if u[i]&mask != custom[i]&mask {
				t.Errorf("NewV8(%x) = %v: byte %d changed", custom, u, i)
			}
		}
		if u.Version() != 8 || u.Variant() != uuid.VariantRFC9562 {
			t.Errorf("NewV8(%x) = %v: version %v, variant %v", custom, u, u.Version(), u.Variant())
		}
	}
	if got, want := uuid.NewV8Hash(sha256.New(), uuid.NamespaceDNS(), "www.example.com"), uuid.MustParse("5c146b14-3c52-8afd-938a-375d0df1fbf6"); got != want {
		t.Errorf("NewV8Hash(sha256, DNS, www.example.com) = %v; want %v", got, want)
	}
}
