package ulid_test

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/ulid"
)

// refAlphabet is Crockford's base 32 as the ULID specification writes it.
const refAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// refParse is a slow, plain parser: 26 characters, upper-cased, read as a
// base-32 number with math/big, which must fit in 128 bits.
func refParse(s string) (ulid.ULID, bool) {
	var id ulid.ULID
	if len(s) != 26 {
		return id, false
	}
	n := new(big.Int)
	for _, c := range []byte(s) {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		d := strings.IndexByte(refAlphabet, c)
		if d < 0 {
			return id, false
		}
		n.Mul(n, big.NewInt(32))
		n.Add(n, big.NewInt(int64(d)))
	}
	if n.BitLen() > 128 {
		return id, false
	}
	n.FillBytes(id[:])
	return id, true
}

// refString is a slow, plain encoder: 26 base-32 digits made with math/big.
func refString(id ulid.ULID) string {
	n := new(big.Int).SetBytes(id[:])
	var digits [26]byte
	for i := 25; i >= 0; i-- {
		var d big.Int
		n.DivMod(n, big.NewInt(32), &d)
		digits[i] = refAlphabet[d.Int64()]
	}
	return string(digits[:])
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"01ARYZ6S41TSV4RRFFQ69G5FAV",  // the specification's example
		"01arYZ6s41tsv4rrffq69g5fav",  // mixed case
		"00000000000000000000000000",  // zero
		"7ZZZZZZZZZZZZZZZZZZZZZZZZZ",  // max
		"80000000000000000000000000",  // overflow by one bit
		"01ARYZ6S41TSV4RRFFQ69G5FAU",  // U is not a digit
		"01ARYZ6S41TSV4RRFFQ69G5FAI",  // nor I, L, O
		"01ARYZ6S41TSV4RRFFQ69G5FA",   // 25 characters
		"01ARYZ6S41TSV4RRFFQ69G5FAVV", // 27 characters
		"01ARYZ6S41TSV4RRFFQ69G5FAé",  // non-ASCII
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := ulid.Parse(s)
		want, ok := refParse(s)
		if ok != (err == nil) || ok && id != want {
			t.Fatalf("Parse(%q) = %v, %v; reference %v, %v", s, id, err, want, ok)
		}
		var v ulid.ULID
		uerr := v.UnmarshalText([]byte(s))
		if (uerr == nil) != ok || ok && v != id {
			t.Fatalf("UnmarshalText(%q) = %v, %v; Parse gave %v, %v", s, v, uerr, id, err)
		}
		if ok {
			if id.String() != strings.ToUpper(s) {
				t.Fatalf("Parse(%q).String() = %q", s, id.String())
			}
			return
		}
		var pe *ulid.ParseError
		if !errors.As(err, &pe) || pe.Offset < -1 || pe.Offset >= len(s) || len(pe.Input) > 64+len("…") {
			t.Fatalf("Parse(%q): error %#v; want a *ParseError with -1 <= Offset < len and a bounded Input", s, err)
		}
		kinds := 0
		for _, k := range []error{uuid.ErrLength, ulid.ErrDigit, ulid.ErrRange} {
			if errors.Is(err, k) {
				kinds++
			}
		}
		if kinds != 1 || (pe.Offset == -1) != errors.Is(err, uuid.ErrLength) || !errors.Is(uerr, pe.Err) {
			t.Fatalf("Parse(%q): error %v (Offset %d), UnmarshalText %v", s, err, pe.Offset, uerr)
		}
		if !strings.HasPrefix(err.Error(), "ulid: ") || !utf8.ValidString(err.Error()) {
			t.Fatalf("Parse(%q): message %q", s, err)
		}
	})
}

func FuzzRoundTrip(f *testing.F) {
	f.Add(make([]byte, 16))                                                           // zero
	f.Add([]byte("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff")) // max
	f.Add([]byte("\x01\x56\x3d\xf3\x64\x81\xd6\x76\x4c\x61\xef\xb9\x93\x02\xbd\x5b")) // spec example
	f.Fuzz(func(t *testing.T, b []byte) {
		var u uuid.UUID
		copy(u[:], b)
		id := ulid.FromUUID(u)
		if id.UUID() != u || [16]byte(id) != [16]byte(u) {
			t.Fatalf("FromUUID(%v).UUID() = %v; want the same bits", u, id.UUID())
		}
		s := id.String()
		if want := refString(id); s != want {
			t.Fatalf("String() = %q; reference %q", s, want)
		}
		if b, _ := id.AppendText([]byte("x")); string(b) != "x"+s {
			t.Fatalf("AppendText = %q; want %q", b, "x"+s)
		}
		if b, _ := id.MarshalText(); string(b) != s {
			t.Fatalf("MarshalText = %q; want %q", b, s)
		}
		if got, err := ulid.Parse(s); got != id || err != nil {
			t.Fatalf("Parse(%q) = %v, %v; want %v", s, got, err, id)
		}
		// ForceV7 changes the 6 version and variant bits and nothing else.
		v7 := id.ForceV7()
		if v7.Version() != 7 || v7.Variant() != uuid.VariantRFC9562 {
			t.Fatalf("ForceV7(%v) = %v; want a valid v7", u, v7)
		}
		for i := range u {
			mask := byte(0xff)
			switch i {
			case 6:
				mask = 0x0f
			case 8:
				mask = 0x3f
			}
			if (v7[i]^u[i])&mask != 0 {
				t.Fatalf("ForceV7(%v) = %v changes byte %d outside the version and variant", u, v7, i)
			}
		}
		if id.IsV7() != (v7 == u) {
			t.Fatalf("IsV7(%v) = %v; ForceV7 gives %v", u, id.IsV7(), v7)
		}
	})
}
