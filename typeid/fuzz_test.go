package typeid_test

import (
	"errors"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/typeid"
)

// refAlphabet is the suffix alphabet, as the specification lists it.
const refAlphabet = "0123456789abcdefghjkmnpqrstvwxyz"

// refPrefixOK reports whether p is a valid non-empty prefix, by the
// specification's words: at most 63 characters in [a-z_], starting and
// ending with a letter.
func refPrefixOK(p string) bool {
	if p == "" || len(p) > 63 || p[0] == '_' || p[len(p)-1] == '_' {
		return false
	}
	return strings.Trim(p, "abcdefghijklmnopqrstuvwxyz_") == ""
}

// refParse is a slow, plain parser for TypeID text: split at the last
// underscore, check the prefix, and read the suffix as a base-32 number
// with math/big.
func refParse(s string) (prefix string, u uuid.UUID, ok bool) {
	suffix := s
	if i := strings.LastIndexByte(s, '_'); i >= 0 {
		prefix, suffix = s[:i], s[i+1:]
		if !refPrefixOK(prefix) {
			return "", uuid.UUID{}, false
		}
	}
	if len(suffix) != 26 {
		return "", uuid.UUID{}, false
	}
	n := new(big.Int)
	for _, c := range []byte(suffix) {
		d := strings.IndexByte(refAlphabet, c)
		if d < 0 {
			return "", uuid.UUID{}, false
		}
		n.Mul(n, big.NewInt(32))
		n.Add(n, big.NewInt(int64(d)))
	}
	if n.BitLen() > 128 {
		return "", uuid.UUID{}, false
	}
	n.FillBytes(u[:])
	return prefix, u, true
}

// refString is a slow, plain encoder: the prefix, an underscore, and the
// UUID as a 26-digit base-32 number made with math/big.
func refString(prefix string, u uuid.UUID) string {
	n := new(big.Int).SetBytes(u[:])
	var digits [26]byte
	for i := 25; i >= 0; i-- {
		var d big.Int
		n.DivMod(n, big.NewInt(32), &d)
		digits[i] = refAlphabet[d.Int64()]
	}
	if prefix == "" {
		return string(digits[:])
	}
	return prefix + "_" + string(digits[:])
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"00000000000000000000000000",                            // nil, no prefix
		"7zzzzzzzzzzzzzzzzzzzzzzzzz",                            // max
		"8zzzzzzzzzzzzzzzzzzzzzzzzz",                            // overflow by one bit
		"prefix_01h455vb4pex5vsknk084sn02q",                     // spec v7
		"pre_fix_00000000000000000000000000",                    // underscore inside the prefix
		"prefix__00000000000000000000000000",                    // prefix ends with underscore
		"_00000000000000000000000000",                           // separator without prefix
		"PREFIX_00000000000000000000000000",                     // upper-case prefix
		"prefix_0123456789ABCDEFGHJKMNPQRS",                     // upper-case suffix
		"prefix_i23456789ol23456789oi23456",                     // Crockford's folded letters
		"prefix_00041061050.3gg28a1_60t3gf",                     // dot and underscore in the suffix
		"préfix_00000000000000000000000000",                     // non-ASCII prefix
		strings.Repeat("a", 63) + "_00000000000000000000000000", // longest prefix
		strings.Repeat("a", 64) + "_00000000000000000000000000", // one too long
		"prefix_", "_", "", // empty parts
		"prefix_0000000000000000000000000",   // 25-digit suffix
		"prefix_000000000000000000000000000", // 27-digit suffix
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := typeid.Parse(s)
		prefix, u, ok := refParse(s)
		if ok != (err == nil) {
			t.Fatalf("Parse(%q) = %v, %v; reference says ok=%v", s, id, err, ok)
		}
		var v typeid.TypeID
		uerr := v.UnmarshalText([]byte(s))
		if (uerr == nil) != ok || uerr == nil && v != id {
			t.Fatalf("UnmarshalText(%q) = %v, %v; Parse gave %v, %v", s, v, uerr, id, err)
		}
		if ok {
			if id.Prefix() != prefix || id.UUID() != u {
				t.Fatalf("Parse(%q) = %q, %v; reference %q, %v", s, id.Prefix(), id.UUID(), prefix, u)
			}
			if id.String() != s {
				t.Fatalf("Parse(%q).String() = %q", s, id.String())
			}
			return
		}
		var pe *typeid.ParseError
		if !errors.As(err, &pe) || pe.Offset < -1 || pe.Offset >= len(s) || len(pe.Input) > 128+len("…") {
			t.Fatalf("Parse(%q): error %#v; want a *ParseError with -1 <= Offset < len and a bounded Input", s, err)
		}
		kinds := 0
		for _, k := range []error{uuid.ErrLength, typeid.ErrPrefix, typeid.ErrDigit, typeid.ErrRange} {
			if errors.Is(err, k) {
				kinds++
			}
		}
		if kinds != 1 || (pe.Offset == -1) != errors.Is(err, uuid.ErrLength) {
			t.Fatalf("Parse(%q): error %v matches %d kinds, Offset %d", s, err, kinds, pe.Offset)
		}
		if !errors.Is(uerr, pe.Err) {
			t.Fatalf("UnmarshalText(%q) = %v; Parse gave %v", s, uerr, err)
		}
		if !strings.HasPrefix(err.Error(), "typeid: ") || !utf8.ValidString(err.Error()) {
			t.Fatalf("Parse(%q): message %q", s, err)
		}
	})
}

func FuzzRoundTrip(f *testing.F) {
	f.Add("", make([]byte, 16)) // the zero TypeID
	max := uuid.Max()
	f.Add("user", max[:])                                      // max UUID
	f.Add("a_b", []byte("0123456789abcdef"))                   // underscore inside
	f.Add("User", []byte("0123456789abcdef"))                  // bad prefix
	f.Add(strings.Repeat("z", 64), []byte("0123456789abcdef")) // too long
	f.Fuzz(func(t *testing.T, prefix string, b []byte) {
		var u uuid.UUID
		copy(u[:], b)
		id, err := typeid.FromUUID(prefix, u)
		if (err == nil) != (prefix == "" || refPrefixOK(prefix)) {
			t.Fatalf("FromUUID(%q, %v) = %v, %v", prefix, u, id, err)
		}
		if err != nil {
			if !errors.Is(err, typeid.ErrPrefix) {
				t.Fatalf("FromUUID(%q): %v; want ErrPrefix", prefix, err)
			}
			return
		}
		s := id.String()
		if want := refString(prefix, u); s != want {
			t.Fatalf("FromUUID(%q, %v).String() = %q; reference %q", prefix, u, s, want)
		}
		if b, _ := id.AppendText([]byte("x")); string(b) != "x"+s {
			t.Fatalf("AppendText = %q; want %q", b, "x"+s)
		}
		if b, _ := id.MarshalText(); string(b) != s {
			t.Fatalf("MarshalText = %q; want %q", b, s)
		}
		if got, err := typeid.Parse(s); got != id || err != nil {
			t.Fatalf("Parse(%q) = %v, %v; want %v", s, got, err, id)
		}
	})
}
