// The short text forms of package github.com/afb7af96/uuid/short beside
// their Go peers: github.com/lithammer/shortuuid/v4 for Base57 (the same
// convention, so the texts must match), github.com/mr-tron/base58 for
// Base58 (Bitcoin's byte-oriented convention, so its texts differ: it is
// here as the fastest Go base58 package, for speed), and the standard
// library's encoding/base64 and encoding/base32 for Base64URL and Base32
// (its base32 writes upper case). These benchmarks stand apart from the
// registry in bench_test.go, whose operations are the root package's:
// Benchmark<Op>/enc=<encoding>/lib=<name>, so that `benchstat -col /lib`
// puts the libraries side by side for each encoding.

package bench

import (
	"bytes"
	"encoding/base32"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/short"
	"github.com/lithammer/shortuuid/v4"
	"github.com/mr-tron/base58"
)

var base32Raw = base32.StdEncoding.WithPadding(base32.NoPadding)

// shortLib is one library's coder for one encoding; nil functions are
// operations it does not have.
type shortLib struct {
	lib        string
	str        func(u [16]byte) string
	app        func(dst []byte, u [16]byte) []byte
	parse      func(s string) ([16]byte, error)
	parseBytes func(b []byte) ([16]byte, error)
}

type shortEnc struct {
	name string
	libs []shortLib
}

func oursShort(e short.Encoding) shortLib {
	return shortLib{
		lib:        "ours",
		str:        func(u [16]byte) string { return e.String(u) },
		app:        func(dst []byte, u [16]byte) []byte { return e.Append(dst, u) },
		parse:      func(s string) ([16]byte, error) { return e.Parse(s) },
		parseBytes: func(b []byte) ([16]byte, error) { return e.ParseBytes(b) },
	}
}

// decodeInto returns a [16]byte parser from a decoder into a slice.
func decodeInto(dec func(dst, src []byte) (int, error)) func(b []byte) ([16]byte, error) {
	return func(b []byte) (u [16]byte, err error) {
		_, err = dec(u[:], b)
		return u, err
	}
}

var shortEncs = []shortEnc{
	{"base58", []shortLib{
		oursShort(short.Base58),
		{
			lib: "mrtron",
			str: func(u [16]byte) string { return base58.Encode(u[:]) },
			parse: func(s string) (u [16]byte, err error) {
				b, err := base58.Decode(s)
				copy(u[:], b)
				return u, err
			},
		},
	}},
	{"base57", []shortLib{
		oursShort(short.Base57),
		{
			lib:   "shortuuid",
			str:   func(u [16]byte) string { return shortuuid.DefaultEncoder.Encode(u) },
			parse: func(s string) ([16]byte, error) { return shortuuid.DefaultEncoder.Decode(s) },
		},
	}},
	{"base64url", []shortLib{
		oursShort(short.Base64URL),
		{
			lib:        "std",
			str:        func(u [16]byte) string { return base64.RawURLEncoding.EncodeToString(u[:]) },
			app:        func(dst []byte, u [16]byte) []byte { return base64.RawURLEncoding.AppendEncode(dst, u[:]) },
			parseBytes: decodeInto(base64.RawURLEncoding.Decode),
		},
	}},
	{"base36", []shortLib{oursShort(short.Base36)}},
	{"base32", []shortLib{
		oursShort(short.Base32),
		{
			lib:        "std",
			str:        func(u [16]byte) string { return base32Raw.EncodeToString(u[:]) },
			app:        func(dst []byte, u [16]byte) []byte { return base32Raw.AppendEncode(dst, u[:]) },
			parseBytes: decodeInto(base32Raw.Decode),
		},
	}},
}

// shortTexts returns each library's text of raw[i], checking on the way
// that it parses back (and, for a library of the same convention as
// ours, that the texts agree).
func shortTexts(b *testing.B, enc shortEnc, l shortLib) (texts [nIn]string) {
	ours := enc.libs[0]
	for i := range raw {
		texts[i] = l.str(raw[i])
		same := l.lib == "shortuuid" || (l.lib == "std" && enc.name == "base64url")
		if want := ours.str(raw[i]); same && texts[i] != want {
			b.Fatalf("%s: %s text of %x = %q; ours %q", enc.name, l.lib, raw[i], texts[i], want)
		}
		if l.lib == "std" && enc.name == "base32" && texts[i] != strings.ToUpper(ours.str(raw[i])) {
			b.Fatalf("base32: std text of %x = %q; ours %q", raw[i], texts[i], ours.str(raw[i]))
		}
		parse := l.parse
		if parse == nil {
			parse = func(s string) ([16]byte, error) { return l.parseBytes([]byte(s)) }
		}
		if u, err := parse(texts[i]); u != raw[i] || err != nil {
			b.Fatalf("%s: %s parses its text %q of %x as %x, %v", enc.name, l.lib, texts[i], raw[i], u, err)
		}
	}
	return texts
}

// runShort runs body for every library of every encoding that has the
// operation.
func runShort(b *testing.B, has func(shortLib) bool, body func(*testing.B, shortEnc, shortLib)) {
	for _, enc := range shortEncs {
		b.Run("enc="+enc.name, func(b *testing.B) {
			for _, l := range enc.libs {
				if has(l) {
					b.Run("lib="+l.lib, func(b *testing.B) { body(b, enc, l) })
				}
			}
		})
	}
}

// The bodies below call each library directly inside the loop, with a
// switch on the library outside it, so that no function value sits
// between the loop and the call being timed.

func BenchmarkShortString(b *testing.B) {
	runShort(b, func(l shortLib) bool { return l.str != nil }, func(b *testing.B, enc shortEnc, l shortLib) {
		shortTexts(b, enc, l)
		// Warm the heap untimed: allocate past the first collection (at
		// 4 MB), so that the timed loop reuses swept memory instead of the
		// first benchmarks in a process alone paying for fresh pages.
		for j := range 1 << 19 {
			sinkString = l.str(raw[j&mask])
		}
		in := convert[uuid.UUID](&raw)
		b.ReportAllocs()
		i := 0
		var s string
		switch enc.name + "/" + l.lib {
		case "base58/ours":
			for b.Loop() {
				s = short.Base58.String(in[i&mask])
				i++
			}
		case "base57/ours":
			for b.Loop() {
				s = short.Base57.String(in[i&mask])
				i++
			}
		case "base64url/ours":
			for b.Loop() {
				s = short.Base64URL.String(in[i&mask])
				i++
			}
		case "base36/ours":
			for b.Loop() {
				s = short.Base36.String(in[i&mask])
				i++
			}
		case "base32/ours":
			for b.Loop() {
				s = short.Base32.String(in[i&mask])
				i++
			}
		case "base58/mrtron":
			for b.Loop() {
				s = base58.Encode(raw[i&mask][:])
				i++
			}
		case "base57/shortuuid":
			for b.Loop() {
				s = shortuuid.DefaultEncoder.Encode(raw[i&mask])
				i++
			}
		case "base64url/std":
			for b.Loop() {
				s = base64.RawURLEncoding.EncodeToString(raw[i&mask][:])
				i++
			}
		case "base32/std":
			for b.Loop() {
				s = base32Raw.EncodeToString(raw[i&mask][:])
				i++
			}
		default:
			b.Fatalf("no body for %s/%s", enc.name, l.lib)
		}
		sinkString = s
	})
}

// sinkString keeps String's result alive past the loop, so that a result
// the compiler could keep on the stack still escapes, as a caller's does.
var sinkString string

func BenchmarkShortAppend(b *testing.B) {
	runShort(b, func(l shortLib) bool { return l.app != nil }, func(b *testing.B, enc shortEnc, l shortLib) {
		texts := shortTexts(b, enc, l)
		for i := range raw {
			if got := l.app([]byte("x"), raw[i]); !bytes.Equal(got, []byte("x"+texts[i])) {
				b.Fatalf("%s: %s Append = %q; want %q", enc.name, l.lib, got, "x"+texts[i])
			}
		}
		in := convert[uuid.UUID](&raw)
		buf := make([]byte, 0, 64)
		b.ReportAllocs()
		i := 0
		switch enc.name + "/" + l.lib {
		case "base58/ours":
			for b.Loop() {
				buf = short.Base58.Append(buf[:0], in[i&mask])
				i++
			}
		case "base57/ours":
			for b.Loop() {
				buf = short.Base57.Append(buf[:0], in[i&mask])
				i++
			}
		case "base64url/ours":
			for b.Loop() {
				buf = short.Base64URL.Append(buf[:0], in[i&mask])
				i++
			}
		case "base36/ours":
			for b.Loop() {
				buf = short.Base36.Append(buf[:0], in[i&mask])
				i++
			}
		case "base32/ours":
			for b.Loop() {
				buf = short.Base32.Append(buf[:0], in[i&mask])
				i++
			}
		case "base64url/std":
			for b.Loop() {
				buf = base64.RawURLEncoding.AppendEncode(buf[:0], raw[i&mask][:])
				i++
			}
		case "base32/std":
			for b.Loop() {
				buf = base32Raw.AppendEncode(buf[:0], raw[i&mask][:])
				i++
			}
		default:
			b.Fatalf("no body for %s/%s", enc.name, l.lib)
		}
	})
}

func BenchmarkShortParse(b *testing.B) {
	runShort(b, func(l shortLib) bool { return l.parse != nil }, func(b *testing.B, enc shortEnc, l shortLib) {
		texts := shortTexts(b, enc, l)
		b.ReportAllocs()
		i := 0
		switch enc.name + "/" + l.lib {
		case "base58/ours":
			for b.Loop() {
				short.Base58.Parse(texts[i&mask])
				i++
			}
		case "base57/ours":
			for b.Loop() {
				short.Base57.Parse(texts[i&mask])
				i++
			}
		case "base64url/ours":
			for b.Loop() {
				short.Base64URL.Parse(texts[i&mask])
				i++
			}
		case "base36/ours":
			for b.Loop() {
				short.Base36.Parse(texts[i&mask])
				i++
			}
		case "base32/ours":
			for b.Loop() {
				short.Base32.Parse(texts[i&mask])
				i++
			}
		case "base58/mrtron":
			for b.Loop() {
				base58.Decode(texts[i&mask])
				i++
			}
		case "base57/shortuuid":
			for b.Loop() {
				shortuuid.DefaultEncoder.Decode(texts[i&mask])
				i++
			}
		default:
			b.Fatalf("no body for %s/%s", enc.name, l.lib)
		}
	})
}

func BenchmarkShortParseBytes(b *testing.B) {
	runShort(b, func(l shortLib) bool { return l.parseBytes != nil }, func(b *testing.B, enc shortEnc, l shortLib) {
		texts := shortTexts(b, enc, l)
		var in [nIn][]byte
		for i := range texts {
			in[i] = []byte(texts[i])
		}
		var u [16]byte
		b.ReportAllocs()
		i := 0
		switch enc.name + "/" + l.lib {
		case "base58/ours":
			for b.Loop() {
				short.Base58.ParseBytes(in[i&mask])
				i++
			}
		case "base57/ours":
			for b.Loop() {
				short.Base57.ParseBytes(in[i&mask])
				i++
			}
		case "base64url/ours":
			for b.Loop() {
				short.Base64URL.ParseBytes(in[i&mask])
				i++
			}
		case "base36/ours":
			for b.Loop() {
				short.Base36.ParseBytes(in[i&mask])
				i++
			}
		case "base32/ours":
			for b.Loop() {
				short.Base32.ParseBytes(in[i&mask])
				i++
			}
		case "base64url/std":
			for b.Loop() {
				base64.RawURLEncoding.Decode(u[:], in[i&mask])
				i++
			}
		case "base32/std":
			for b.Loop() {
				base32Raw.Decode(u[:], in[i&mask])
				i++
			}
		default:
			b.Fatalf("no body for %s/%s", enc.name, l.lib)
		}
	})
}
