package short_test

import (
	"bufio"
	"errors"
	"math/big"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/short"
)

var encodings = []struct {
	name string
	enc  short.Encoding
	fold bool // parsing also accepts upper case
}{
	{"base58", short.Base58, false},
	{"base57", short.Base57, false},
	{"base64url", short.Base64URL, false},
	{"base36", short.Base36, true},
	{"base32", short.Base32, true},
}

// vectorFile is a file of testdata: valid lines "canonical text", invalid
// lines "! input [kind]".
type vectorFile struct {
	valid   []vectorPair
	invalid []vectorBad
}

type vectorPair struct {
	u    uuid.UUID
	text string
}

type vectorBad struct {
	in   string
	kind string // "range", "digit" or "" when the file does not say
}

func readVectors(t *testing.T, name string, mapText func(string) string) vectorFile {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vf vectorFile
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "! "):
			in, kind, _ := strings.Cut(line[2:], " ")
			if strings.HasPrefix(line[2:], `"`) {
				var err error
				if in, err = strconv.Unquote(line[2:]); err != nil {
					t.Fatalf("%s: %q: %v", name, line, err)
				}
				kind = ""
			}
			vf.invalid = append(vf.invalid, vectorBad{mapText(in), kind})
		default:
			canon, text, ok := strings.Cut(line, " ")
			u, err := uuid.Parse(canon)
			if !ok || err != nil {
				t.Fatalf("%s: bad line %q", name, line)
			}
			vf.valid = append(vf.valid, vectorPair{u, mapText(text)})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vf.valid) == 0 {
		t.Fatalf("%s: no vectors", name)
	}
	return vf
}

func same(s string) string { return s }

// toURL maps RFC 4648's standard base64 alphabet to its URL alphabet, which
// differ in the last two digits only.
func toURL(s string) string { return strings.NewReplacer("+", "-", "/", "_").Replace(s) }

var vectorFiles = []struct {
	file    string
	enc     short.Encoding
	mapText func(string) string
}{
	{"shortuuid_v4.3.0.txt", short.Base57, same},
	{"uuidcreator_base58.txt", short.Base58, same},
	{"uuidcreator_base36.txt", short.Base36, same},
	{"uuid25.txt", short.Base36, same},
	{"uuidcreator_base32.txt", short.Base32, same},
	{"uuidcreator_base64.txt", short.Base64URL, toURL},
}

func TestVectors(t *testing.T) {
	for _, vf := range vectorFiles {
		t.Run(strings.TrimSuffix(vf.file, ".txt"), func(t *testing.T) {
			v := readVectors(t, vf.file, vf.mapText)
			for _, p := range v.valid {
				if got := vf.enc.String(p.u); got != p.text {
					t.Errorf("String(%v) = %q; want %q", p.u, got, p.text)
				}
				if got := string(vf.enc.Append([]byte("x"), p.u)); got != "x"+p.text {
					t.Errorf("Append(x, %v) = %q; want %q", p.u, got, "x"+p.text)
				}
				if got, err := vf.enc.Parse(p.text); got != p.u || err != nil {
					t.Errorf("Parse(%q) = %v, %v; want %v", p.text, got, err, p.u)
				}
				if got, err := vf.enc.ParseBytes([]byte(p.text)); got != p.u || err != nil {
					t.Errorf("ParseBytes(%q) = %v, %v; want %v", p.text, got, err, p.u)
				}
			}
			for _, b := range v.invalid {
				got, err := vf.enc.Parse(b.in)
				var pe *short.ParseError
				if !errors.As(err, &pe) || got != (uuid.UUID{}) {
					t.Errorf("Parse(%q) = %v, %v; want a *ParseError", b.in, got, err)
					continue
				}
				want := map[string]error{"range": short.ErrRange, "digit": short.ErrDigit}[b.kind]
				if want != nil && !errors.Is(err, want) {
					t.Errorf("Parse(%q) = %v; want kind %v", b.in, err, want)
				}
				var pe2 *short.ParseError
				if _, err2 := vf.enc.ParseBytes([]byte(b.in)); !errors.As(err2, &pe2) || *pe2 != *pe {
					t.Errorf("ParseBytes(%q) = %#v; want %#v", b.in, err2, pe)
				}
			}
		})
	}
}

// TestVectorErrors pins the kind and offset of each rejected vector, which
// the vendored files do not state (uuid25's only say "an error").
func TestVectorErrors(t *testing.T) {
	tests := []struct {
		enc    short.Encoding
		in     string
		kind   error
		offset int
	}{
		// lithammer/shortuuid TestDecodingErrors.
		{short.Base57, "yoANdrf88xUXvwbS5GRbMN", short.ErrRange, 0},
		{short.Base57, "tWkeanmnjjupCMcjnUsfef", short.ErrRange, 0},
		{short.Base57, "1lIO022222222222222222", short.ErrDigit, 0},
		{short.Base57, "0a6hrgRGNfQ57QMHZdNYAg", short.ErrDigit, 0},
		// uuid-creator's overflow inputs.
		{short.Base58, "zcVfxkQb6JRzqk5kF2tNLv", short.ErrRange, 0},
		{short.Base36, "z5lxx1zz5pnorynqglhzmsp33", short.ErrRange, 0},
		// uuid25 TestParseErr.
		{short.Base36, "", uuid.ErrLength, -1},
		{short.Base36, "0", uuid.ErrLength, -1},
		{short.Base36, "f5lxx1zz5pnorynqglhzmsp34", short.ErrRange, 24},
		{short.Base36, "zzzzzzzzzzzzzzzzzzzzzzzzz", short.ErrRange, 0},
		{short.Base36, " 65xe2jcp3zjc704bvftqjzbiw", short.ErrDigit, 0},
		{short.Base36, "65xe2jcp3zjc704bvftqjzbiw ", short.ErrDigit, 25},
		{short.Base36, " 65xe2jcp3zjc704bvftqjzbiw ", short.ErrDigit, 0},
		{short.Base36, "{65xe2jcp3zjc704bvftqjzbiw}", short.ErrDigit, 0},
		{short.Base36, "-65xe2jcp3zjc704bvftqjzbiw", short.ErrDigit, 0},
		{short.Base36, "65xe2jcp-3zjc704bvftqjzbiw", short.ErrDigit, 8},
		{short.Base36, "5xe2jcp3zjc704bvftqjzbiw", uuid.ErrLength, -1},
		{short.Base36, " 82f1dd3c-de95-075b-93ff-a240f135f8fd", short.ErrDigit, 0},
		{short.Base36, "82f1dd3c-de95-075b-93ff-a240f135f8fd ", short.ErrDigit, 8},
		{short.Base36, " 82f1dd3c-de95-075b-93ff-a240f135f8fd ", short.ErrDigit, 0},
		{short.Base36, "82f1dd3cd-e95-075b-93ff-a240f135f8fd", short.ErrDigit, 9},
		{short.Base36, "82f1dd3c-de95075b-93ff-a240f135f8fd", short.ErrDigit, 8},
		{short.Base36, "82f1dd3c-de95-075b93ff-a240-f135f8fd", short.ErrDigit, 8},
		{short.Base36, "{8273b64c5ed0a88b10dad09a6a2b963c}", short.ErrDigit, 0},
		{short.Base36, "urn:uuid:8273b64c5ed0a88b10dad09a6a2b963c", short.ErrDigit, 3},
		// Near misses of our own.
		{short.Base64URL, "AAAAAAAAAAAAAAAAAAAAAB", short.ErrRange, 21},
		{short.Base64URL, "AAAAAAAAAAAAAAAAAAAAA+", short.ErrDigit, 21},
		{short.Base64URL, "AAAAAAAAAAAAAAAAAAAAA=", short.ErrDigit, 21},
		{short.Base64URL, "AAAAAAAAAAAAAAAAAAAAAA==", short.ErrDigit, 22},
		{short.Base32, "aaaaaaaaaaaaaaaaaaaaaaaaab", short.ErrRange, 25},
		{short.Base32, "aaaaaaaaaaaaaaaaaaaaaaaaa1", short.ErrDigit, 25},
		{short.Base32, "aaaaaaaaaaaaaaaaaaaaaaaaaa======", short.ErrDigit, 26},
		{short.Base58, "111111111111111111111", uuid.ErrLength, -1},
		{short.Base58, "11111111111111111111110", short.ErrDigit, 22},
		{short.Base58, "1111111111111111111111\xff", short.ErrDigit, 22},
		{short.Base58, "YcVfxkQb6JRzqk5kF2tNLw", short.ErrRange, 21},
		{short.Base58, "Zzzzzzzzzzzzzzzzzzzzzz", short.ErrRange, 0},
		{short.Base57, "oZEq7ovRbLq6UnGMPwc8B6", short.ErrRange, 21},
		{short.Base57, "22222222222222222222222", uuid.ErrLength, -1},
		{short.Base36, "F5LXX1ZZ5PNORYNQGLHZMSP34", short.ErrRange, 24},
		{short.Base36, "f5lxx1zz5pnorynqglhzmsp4", uuid.ErrLength, -1},
	}
	for _, tt := range tests {
		for _, parse := range []func(string) (uuid.UUID, error){
			tt.enc.Parse,
			func(s string) (uuid.UUID, error) { return tt.enc.ParseBytes([]byte(s)) },
		} {
			got, err := parse(tt.in)
			var pe *short.ParseError
			if !errors.As(err, &pe) || got != (uuid.UUID{}) {
				t.Errorf("Parse(%q) = %v, %v; want a *ParseError", tt.in, got, err)
				continue
			}
			if !errors.Is(err, tt.kind) || pe.Offset != tt.offset || pe.Input != tt.in {
				t.Errorf("Parse(%q) = %#v; want kind %v at offset %d", tt.in, pe, tt.kind, tt.offset)
			}
			if !strings.HasPrefix(err.Error(), "short: ") {
				t.Errorf("Parse(%q): message %q does not start with the package prefix", tt.in, err)
			}
		}
	}
}

func TestCase(t *testing.T) {
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	for _, e := range encodings {
		s := e.enc.String(u)
		up := strings.ToUpper(s)
		got, err := e.enc.Parse(up)
		if e.fold {
			if got != u || err != nil {
				t.Errorf("%s: Parse(%q) = %v, %v; want %v", e.name, up, got, err, u)
			}
		} else if up != s && err == nil && got == u {
			t.Errorf("%s: Parse(%q) = %v; want an error or another UUID", e.name, up, got)
		}
	}
}

func TestEnds(t *testing.T) {
	tests := []struct {
		enc      short.Encoding
		nil, max string
	}{
		{short.Base58, "1111111111111111111111", "YcVfxkQb6JRzqk5kF2tNLv"},
		{short.Base57, "2222222222222222222222", "oZEq7ovRbLq6UnGMPwc8B5"},
		{short.Base64URL, "AAAAAAAAAAAAAAAAAAAAAA", "_____________________w"},
		{short.Base36, "0000000000000000000000000", "f5lxx1zz5pnorynqglhzmsp33"},
		{short.Base32, "aaaaaaaaaaaaaaaaaaaaaaaaaa", strings.Repeat("7", 25) + "4"},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			u    uuid.UUID
			text string
		}{{uuid.Nil(), tt.nil}, {uuid.Max(), tt.max}} {
			if got := tt.enc.String(c.u); got != c.text {
				t.Errorf("String(%v) = %q; want %q", c.u, got, c.text)
			}
			if got, err := tt.enc.Parse(c.text); got != c.u || err != nil {
				t.Errorf("Parse(%q) = %v, %v; want %v", c.text, got, err, c.u)
			}
			if tt.enc.Len() != len(c.text) {
				t.Errorf("Len() = %d; want %d", tt.enc.Len(), len(c.text))
			}
		}
	}
}

func TestInvalidEncoding(t *testing.T) {
	for _, e := range []short.Encoding{0, 6, 255} {
		for name, f := range map[string]func(){
			"Append":     func() { e.Append(nil, uuid.Nil()) },
			"String":     func() { e.String(uuid.Nil()) },
			"Parse":      func() { _, _ = e.Parse("") },
			"ParseBytes": func() { _, _ = e.ParseBytes(nil) },
			"Len":        func() { e.Len() },
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("Encoding(%d).%s did not panic", e, name)
					}
				}()
				f()
			}()
		}
	}
}

// bitcoinBase58 writes b as Bitcoin's byte-oriented Base58 does: a "1"
// for each leading zero byte, then the rest as a number without padding.
func bitcoinBase58(b []byte) string {
	const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	zeros := len(b) - len(strings.TrimLeft(string(b), "\x00"))
	var digits []byte
	n, d := new(big.Int).SetBytes(b), new(big.Int)
	for n.Sign() > 0 {
		n.DivMod(n, big.NewInt(58), d)
		digits = append(digits, alphabet[d.Int64()])
	}
	for i, j := 0, len(digits)-1; i < j; i, j = i+1, j-1 {
		digits[i], digits[j] = digits[j], digits[i]
	}
	return strings.Repeat("1", zeros) + string(digits)
}

// TestBase58Bitcoin checks the package doc's claim: Base58 and Bitcoin's
// Base58 write the same text exactly when Bitcoin's has 22 characters,
// which holds from 58^21 up and for some UUIDs with leading zero bytes.
func TestBase58Bitcoin(t *testing.T) {
	for _, c := range []struct {
		u     string
		agree bool
	}{
		{"0819237f-3896-f2f3-0bb8-32ce3da00000", true}, // 58^21
		{"0819237f-3896-f2f3-0bb8-32ce3d9fffff", false},
		{"ffffffff-ffff-ffff-ffff-ffffffffffff", true},
		{"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", false}, // RFC 9562, Appendix A.6
		{"00ff22e2-79b0-7cc3-98c4-dc0c0c07398f", true},  // the doc's example
		{"0023be67-b5f0-f288-9aaf-505301100000", true},  // 58^20
		{"0023be67-b5f0-f288-9aaf-5053010fffff", false},
		{"00009dc3-feb9-1eaa-1452-788eac280000", true}, // 58^19
		{"00000000-0000-0000-0000-000000000000", false},
	} {
		u := uuid.MustParse(c.u)
		if got := short.Base58.String(u) == bitcoinBase58(u[:]); got != c.agree {
			t.Errorf("%v: Base58 %q, Bitcoin's %q; want agreement %v", u, short.Base58.String(u), bitcoinBase58(u[:]), c.agree)
		}
	}
	if got := short.Base58.String(uuid.MustParse("00ff22e2-79b0-7cc3-98c4-dc0c0c07398f")); got != "188zyNzVqsoYmqpXK3QLkn" {
		t.Errorf("Base58 of the doc's example = %q; want 188zyNzVqsoYmqpXK3QLkn", got)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		var u uuid.UUID
		for j := range u {
			u[j] = byte(r.Uint32())
		}
		// A quarter of the draws start with 1 to 3 zero bytes, and then a
		// byte of any size.
		if i%4 == 0 {
			clear(u[:1+i/4%3])
		}
		btc := bitcoinBase58(u[:])
		if agree := short.Base58.String(u) == btc; agree != (len(btc) == 22) {
			t.Fatalf("%v: Base58 %q, Bitcoin's %q", u, short.Base58.String(u), btc)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := short.Base57.Parse("0a6hrgRGNfQ57QMHZdNYAg")
	if got, want := err.Error(), `short: parsing "0a6hrgRGNfQ57QMHZdNYAg" as base57: invalid digit at offset 0`; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
	_, err = short.Base36.Parse("0")
	if got, want := err.Error(), `short: parsing "0" as base36: invalid length`; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
	long := strings.Repeat("1", 100)
	_, err = short.Base58.ParseBytes([]byte(long))
	var pe *short.ParseError
	if !errors.As(err, &pe) || pe.Input != long[:64]+"…" || pe.Offset != -1 || pe.Err != uuid.ErrLength {
		t.Errorf("ParseBytes(100 bytes) = %#v; want uuid.ErrLength at offset -1 with the input cut to 64 bytes", err)
	}
	if got, want := (&short.ParseError{Input: "x", Offset: 2, Err: errors.New("uuid: odd")}).Error(), `uuid: parsing "x": odd at offset 2`; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
}

func TestAllocs(t *testing.T) {
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	buf := make([]byte, 0, 64)
	for _, e := range encodings {
		s := e.enc.String(u)
		b := []byte(s)
		for _, c := range []struct {
			op   string
			want float64
			f    func()
		}{
			{"Append", 0, func() { buf = e.enc.Append(buf[:0], u) }},
			{"Parse", 0, func() { _, _ = e.enc.Parse(s) }},
			{"ParseBytes", 0, func() { _, _ = e.enc.ParseBytes(b) }},
			{"String", 1, func() { s = e.enc.String(u) }},
		} {
			if got := testing.AllocsPerRun(100, c.f); got != c.want {
				t.Errorf("%s: %s allocates %v times; want %v", e.name, c.op, got, c.want)
			}
		}
	}
}
