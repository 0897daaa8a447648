package uuid47_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/internal/dbtest"
	"github.com/afb7af96/uuid/uuid47"
)

func TestAPI(t *testing.T) {
	apitest.Check(t, ".", "github.com/afb7af96/uuid/uuid47", "../api/uuid47.txt")
}

// TestVectors checks every vector of testdata/uuidv47.txt: Encode gives
// the façade, Decode gives back the version 7 UUID, and Decode under the
// wrong key gives the wrong version 7 UUID the reference gives.
func TestVectors(t *testing.T) {
	var key, wrong uuid47.Key
	haveKey, haveWrong := false, false
	n := 0
	for _, r := range dbtest.Rows(t, "testdata/uuidv47.txt") {
		switch r[0] {
		case "key", "wrong":
			k, err := uuid47.ParseKey(r[1])
			if err != nil {
				t.Fatalf("ParseKey(%q) = %v", r[1], err)
			}
			if r[0] == "key" {
				key, haveKey, haveWrong = k, true, false
			} else {
				wrong, haveWrong = k, true
			}
			continue
		}
		if !haveKey {
			t.Fatal("testdata/uuidv47.txt: a vector before the first key line")
		}
		v7, facade := uuid.MustParse(r[0]), uuid.MustParse(r[1])
		n++
		t.Run(r[0], func(t *testing.T) {
			if got, err := key.Encode(v7); got != facade || err != nil {
				t.Errorf("Encode(%v) = %v, %v; want %v", v7, got, err, facade)
			}
			if got, err := key.Decode(facade); got != v7 || err != nil {
				t.Errorf("Decode(%v) = %v, %v; want %v", facade, got, err, v7)
			}
			if len(r) < 3 {
				return
			}
			if !haveWrong {
				t.Fatal("a third column without a wrong line")
			}
			want := uuid.MustParse(r[2])
			if got, err := wrong.Decode(facade); got != want || err != nil || got == v7 {
				t.Errorf("Decode(%v) under the wrong key = %v, %v; want %v", facade, got, err, want)
			}
		})
	}
	if n != 23 {
		t.Errorf("testdata/uuidv47.txt has %d vectors; want 23", n)
	}
}

func TestEncodeDecodeVersion(t *testing.T) {
	k := uuid47.NewKey([16]byte{1, 2, 3})
	for _, tc := range []struct {
		name string
		u    uuid.UUID
		enc  bool // Encode accepts it
		dec  bool // Decode accepts it
	}{
		{"nil", uuid.Nil(), false, false},
		{"max", uuid.Max(), false, false},
		{"v7", uuid.MustParse("018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f"), true, false},
		{"v4", uuid.MustParse("2463c780-7fca-4def-8c3f-7b1a2c4d5e6f"), false, true},
		{"v1", uuid.MustParse("c232ab00-9414-11ec-b3c8-9f6bdeced846"), false, false},
		{"v6", uuid.MustParse("1ec9414c-232a-6b00-b3c8-9f6bdeced846"), false, false},
		{"v7-variant-ncs", uuid.MustParse("018f2d9f-9a2a-7def-0c3f-7b1a2c4d5e6f"), false, false},
		{"v7-variant-microsoft", uuid.MustParse("018f2d9f-9a2a-7def-cc3f-7b1a2c4d5e6f"), false, false},
		{"v4-variant-future", uuid.MustParse("2463c780-7fca-4def-ec3f-7b1a2c4d5e6f"), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check := func(op string, f func(uuid.UUID) (uuid.UUID, error), ok bool, ver uuid.Version) {
				got, err := f(tc.u)
				switch {
				case ok && (err != nil || got.Version() != ver || got.Variant() != uuid.VariantRFC9562):
					t.Errorf("%s(%v) = %v, %v; want a version %d UUID", op, tc.u, got, err, ver)
				case !ok && (!errors.Is(err, uuid.ErrVersion) || got != uuid.Nil()):
					t.Errorf("%s(%v) = %v, %v; want Nil and an error matching uuid.ErrVersion", op, tc.u, got, err)
				case !ok && strings.Contains(err.Error(), tc.u.String()[:8]):
					t.Errorf("%s(%v): error %q shows the UUID", op, tc.u, err)
				}
			}
			check("Encode", k.Encode, tc.enc, 4)
			check("Decode", k.Decode, tc.dec, 7)
		})
	}
}

func TestParseKey(t *testing.T) {
	want := uuid47.NewKey([16]byte{0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff})
	for _, tc := range []struct {
		name, in string
		offset   int   // in the message; -1: none
		kind     error // nil: the input is want
	}{
		{"colon", "0011223344556677:8899aabbccddeeff", 0, nil},
		{"plain", "00112233445566778899aabbccddeeff", 0, nil},
		{"upper", "00112233445566778899AABBCCDDEEFF", 0, nil},
		{"0x", "0x00112233445566778899aabbccddeeff", 0, nil},
		{"0x-halves", "0X0011223344556677:0x8899aabbccddeeff", 0, nil},
		{"newline", "0011223344556677:8899aabbccddeeff\n", 0, nil},
		{"spaces", " 0011 2233 4455 6677 : 8899 aabb ccdd eeff\r\n", 0, nil},
		{"empty", "", -1, uuid.ErrLength},
		{"blank", " \n", -1, uuid.ErrLength},
		{"short", "00112233445566778899aabbccddeef", -1, uuid.ErrLength},
		{"long", "00112233445566778899aabbccddeeff0", -1, uuid.ErrLength},
		{"very-long", strings.Repeat("0", 1000), -1, uuid.ErrLength},
		{"halves-uneven", "00112233445566778:899aabbccddeeff", -1, uuid.ErrLength},
		{"0x-only", "0x", -1, uuid.ErrLength},
		{"colon-only", ":", -1, uuid.ErrLength},
		{"bad-digit", "0011223344556677:8899aabbccddeefg", 32, uuid.ErrDigit},
		{"digit-before-length", "zz", 0, uuid.ErrDigit},
		{"uuid", "00112233-4455-6677-8899-aabbccddeeff", 8, uuid.ErrDigit},
		{"two-colons", "0011223344556677:8899aabb:ccddeeff", 25, uuid.ErrDigit},
		{"x-inside", "00x1223344556677:8899aabbccddeeff", 2, uuid.ErrDigit},
		{"non-ascii", "0011223344556677:8899aabbccddeeé", 31, uuid.ErrDigit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, err := uuid47.ParseKey(tc.in)
			if tc.kind == nil {
				if k != want || err != nil {
					t.Errorf("ParseKey(%q) = %v, %v; want the key 00..ff", tc.in, k, err)
				}
				return
			}
			if k != (uuid47.Key{}) || !errors.Is(err, tc.kind) {
				t.Fatalf("ParseKey(%q) = %v, %v; want the zero Key and an error matching %v", tc.in, k, err, tc.kind)
			}
			msg := err.Error()
			if at := fmt.Sprintf(" at offset %d", tc.offset); tc.offset >= 0 != strings.HasSuffix(msg, at) {
				t.Errorf("ParseKey(%q) = %q; want the offset %d", tc.in, msg, tc.offset)
			}
			if !strings.HasPrefix(msg, "uuid47: ") || len(tc.in) >= 8 && strings.Contains(msg, strings.TrimSpace(tc.in)[2:8]) {
				t.Errorf("ParseKey(%q) = %q; want a message that starts with uuid47: and shows no key digits", tc.in, msg)
			}
		})
	}
}

// TestKeyPrintsNoSecret checks that printing a Key with any verb shows
// none of its bits.
func TestKeyPrintsNoSecret(t *testing.T) {
	k, err := uuid47.ParseKey("a1a2a3a4a5a6a7a8b1b2b3b4b5b6b7b8")
	if err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%X", "%q", "%d", "%b", "%o", "%08x", "%+#v"} {
		got := fmt.Sprintf(verb, k)
		if got != "uuid47.Key(…)" {
			t.Errorf("Sprintf(%q, key) = %q; shows key bits", verb, got)
		}
	}
}

func TestAllocs(t *testing.T) {
	k := uuid47.NewKey([16]byte{1})
	v7 := uuid.MustParse("018f2d9f-9a2a-7def-8c3f-7b1a2c4d5e6f")
	facade, _ := k.Encode(v7)
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"Encode", func() { _, _ = k.Encode(v7) }},
		{"Decode", func() { _, _ = k.Decode(facade) }},
		{"Encode-error", func() { _, _ = k.Encode(facade) }},
		{"Decode-error", func() { _, _ = k.Decode(v7) }},
		{"ParseKey", func() { _, _ = uuid47.ParseKey("0011223344556677:8899aabbccddeeff") }},
		{"NewKey", func() { _ = uuid47.NewKey([16]byte{2}) }},
	} {
		if got := testing.AllocsPerRun(100, tc.f); got != 0 {
			t.Errorf("%s: %v allocs; want 0", tc.name, got)
		}
	}
}

// TestGenerated round-trips version 7 UUIDs of the package's generator
// and checks what the façade keeps and what it changes.
func TestGenerated(t *testing.T) {
	k := uuid47.NewKey([16]byte{0: 0xfe, 15: 0x01})
	for range 1000 {
		v7 := uuid.NewV7()
		f, err := k.Encode(v7)
		if err != nil || f.Version() != 4 || f.Variant() != uuid.VariantRFC9562 || f[6]&0x0f != v7[6]&0x0f || [9]byte(f[7:]) != [9]byte(v7[7:]) {
			t.Fatalf("Encode(%v) = %v, %v; want a version 4 UUID with the same random bits", v7, f, err)
		}
		if back, err := k.Decode(f); back != v7 || err != nil {
			t.Fatalf("Decode(Encode(%v)) = %v, %v", v7, back, err)
		}
	}
}

// TestDocExamples checks that the example docs/facade.md shows is this
// package's runnable example, line for line.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/facade.md", "uuid47", "example_test.go")
}
