package short_test

import (
	"bytes"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/short"
)

// reference describes an encoding plainly, for the slow reference coder
// below: the text is the 128-bit number shifted left by shift bits,
// written in width digits of alphabet, most significant first. (For the
// number forms shift is 0; for the bit-string forms it is the count of
// unused bits in the last digit, which makes the same number the RFC 4648
// bit string.)
type reference struct {
	alphabet string
	width    int
	shift    uint
	fold     bool
}

var references = map[short.Encoding]reference{
	short.Base58:    {"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 22, 0, false},
	short.Base57:    {"23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz", 22, 0, false},
	short.Base64URL: {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", 22, 4, false},
	short.Base36:    {"0123456789abcdefghijklmnopqrstuvwxyz", 25, 0, true},
	short.Base32:    {"abcdefghijklmnopqrstuvwxyz234567", 26, 2, true},
}

func (r reference) base() *big.Int { return big.NewInt(int64(len(r.alphabet))) }

// encode writes u by repeated division.
func (r reference) encode(u uuid.UUID) string {
	n := new(big.Int).SetBytes(u[:])
	n.Lsh(n, r.shift)
	out := make([]byte, r.width)
	d := new(big.Int)
	for i := r.width - 1; i >= 0; i-- {
		n.DivMod(n, r.base(), d)
		out[i] = r.alphabet[d.Int64()]
	}
	return string(out)
}

// digit returns the value of c, or -1.
func (r reference) digit(c byte) int {
	if r.fold && 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	return strings.IndexByte(r.alphabet, c)
}

// decode reads s by repeated multiplication, returning the kind of error
// and its offset as the package documents them.
func (r reference) decode(s string) (uuid.UUID, int, error) {
	for i := range len(s) {
		if r.digit(s[i]) < 0 {
			return uuid.UUID{}, i, short.ErrDigit
		}
	}
	if len(s) != r.width {
		return uuid.UUID{}, -1, uuid.ErrLength
	}
	limit := new(big.Int).Lsh(big.NewInt(1), 128+r.shift) // first value out of range
	n := new(big.Int)
	for i := range len(s) {
		n.Mul(n, r.base())
		n.Add(n, big.NewInt(int64(r.digit(s[i]))))
		// The value once the remaining digits are zeros.
		least := new(big.Int).Mul(n, new(big.Int).Exp(r.base(), big.NewInt(int64(r.width-1-i)), nil))
		if least.Cmp(limit) >= 0 {
			return uuid.UUID{}, i, short.ErrRange
		}
	}
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), r.shift), big.NewInt(1))
	if new(big.Int).And(n, mask).Sign() != 0 {
		return uuid.UUID{}, r.width - 1, short.ErrRange
	}
	var u uuid.UUID
	n.Rsh(n, r.shift).FillBytes(u[:])
	return u, 0, nil
}

// fuzzEncoding checks e on data taken both as text and as a UUID.
func fuzzEncoding(t *testing.T, e short.Encoding, data []byte) {
	ref := references[e]
	s := string(data)

	// As text: Parse agrees with the reference, ParseBytes with Parse, and
	// a text that parses is the text of its UUID (in lower case for the
	// encodings that fold case).
	u, err := e.Parse(s)
	want, wantOffset, wantKind := ref.decode(s)
	if (err == nil) != (wantKind == nil) || u != want {
		t.Fatalf("Parse(%q) = %v, %v; reference %v, %v", s, u, err, want, wantKind)
	}
	if err == nil {
		canon := s
		if ref.fold {
			canon = strings.ToLower(s)
		}
		if got := e.String(u); got != canon {
			t.Fatalf("Parse(%q) = %v, whose text is %q", s, u, got)
		}
	} else {
		var pe *short.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, wantKind) || pe.Offset != wantOffset {
			t.Fatalf("Parse(%q) = %#v; reference kind %v at offset %d", s, err, wantKind, wantOffset)
		}
		if pe.Offset < -1 || pe.Offset >= len(s) || len(pe.Input) > 64+len("…") || !strings.HasPrefix(err.Error(), "short: ") {
			t.Fatalf("Parse(%q) = %#v: offset, input or message out of bounds", s, pe)
		}
	}
	ub, errb := e.ParseBytes(data)
	var pe, peb *short.ParseError
	if ub != u || (errb == nil) != (err == nil) || err != nil && (!errors.As(err, &pe) || !errors.As(errb, &peb) || *peb != *pe) {
		t.Fatalf("ParseBytes(%q) = %v, %v; Parse gave %v, %v", s, ub, errb, u, err)
	}

	// As a UUID: String matches the reference and parses back; Append agrees.
	var v uuid.UUID
	copy(v[:], data)
	text := e.String(v)
	if w := ref.encode(v); text != w {
		t.Fatalf("String(%v) = %q; reference %q", v, text, w)
	}
	if got, err := e.Parse(text); got != v || err != nil {
		t.Fatalf("Parse(String(%v)) = %v, %v", v, got, err)
	}
	if got := e.Append(data[:0:0], v); !bytes.Equal(got, []byte(text)) {
		t.Fatalf("Append(nil, %v) = %q; want %q", v, got, text)
	}
}

// seed adds the inputs every target starts from: the ends of the range,
// vector texts, and near misses.
func seed(f *testing.F, e short.Encoding) {
	ref := references[e]
	for _, u := range []uuid.UUID{uuid.Nil(), uuid.Max(), uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")} {
		s := e.String(u)
		f.Add([]byte(s))                                          // a valid text
		f.Add([]byte(strings.ToUpper(s)))                         // upper case: valid only where case folds
		f.Add([]byte(s[1:]))                                      // one digit short
		f.Add([]byte(s + s[:1]))                                  // one digit long
		f.Add([]byte(s[:len(s)-1] + "\xff"))                      // a byte that is no digit
		f.Add([]byte(s[:len(s)-1] + ref.alphabet[1:2]))           // unused bits set in a bit form
		f.Add([]byte(ref.alphabet[len(ref.alphabet)-1:] + s[1:])) // the top digit: out of range for the number forms
		f.Add(u[:])                                               // raw bytes, as a UUID
	}
	f.Add([]byte(""))
}

func FuzzBase58(f *testing.F) {
	seed(f, short.Base58)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzEncoding(t, short.Base58, data) })
}

func FuzzBase57(f *testing.F) {
	seed(f, short.Base57)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzEncoding(t, short.Base57, data) })
}

func FuzzBase64URL(f *testing.F) {
	seed(f, short.Base64URL)
	f.Add([]byte("AAAAAAAAAAAAAAAAAAAAAA==")) // padded, as base64.URLEncoding writes it
	f.Add([]byte("AAAAAAAAAAAAAAAAAAAAA+"))   // the standard alphabet's digit
	f.Fuzz(func(t *testing.T, data []byte) { fuzzEncoding(t, short.Base64URL, data) })
}

func FuzzBase36(f *testing.F) {
	seed(f, short.Base36)
	f.Add([]byte("f5lxx1zz5pnorynqglhzmsp34")) // one past the Max UUID
	f.Fuzz(func(t *testing.T, data []byte) { fuzzEncoding(t, short.Base36, data) })
}

func FuzzBase32(f *testing.F) {
	seed(f, short.Base32)
	f.Add([]byte("aaaaaaaaaaaaaaaaaaaaaaaaaa======")) // padded, as base32.StdEncoding writes it
	f.Fuzz(func(t *testing.T, data []byte) { fuzzEncoding(t, short.Base32, data) })
}
