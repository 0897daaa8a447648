package bench

import (
	"cmp"
	"encoding"
	"encoding/hex"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

// Every Benchmark<Op> runs one sub-benchmark lib=<name> per library that has
// the operation. Each library's file registers its bodies from init, so the
// standard library's file (built only with Go 1.27+) can join the same
// Benchmark<Op> functions, and each body calls its library directly inside
// the loop (no function values between the loop and the call being timed).

// libOrder is the order of sub-benchmarks within a Benchmark<Op>.
var libOrder = []string{
	"ours",     // github.com/afb7af96/uuid
	"google",   // github.com/google/uuid
	"gofrs",    // github.com/gofrs/uuid/v5
	"std",      // the standard library's uuid (Go 1.27+)
	"bytes",    // bytes.Compare on the arrays: what google and gofrs users write
	"floor",    // the least work the operation needs, written plainly
	"floorbuf", // floor with crypto/rand read 4 KiB at a time
	"copyonly", // the part of a body that is not the operation
}

type entry struct {
	lib string
	fn  func(*testing.B)
}

var registry = map[string][]entry{}

func register(op, lib string, fn func(*testing.B)) {
	registry[op] = append(registry[op], entry{lib, fn})
}

func run(b *testing.B, op string) {
	es := slices.Clone(registry[op])
	slices.SortStableFunc(es, func(x, y entry) int {
		return cmp.Compare(slices.Index(libOrder, x.lib), slices.Index(libOrder, y.lib))
	})
	for _, e := range es {
		b.Run("lib="+e.lib, e.fn)
	}
}

func BenchmarkParse(b *testing.B)         { run(b, "Parse") }
func BenchmarkParseURN(b *testing.B)      { run(b, "ParseURN") }
func BenchmarkParseBraced(b *testing.B)   { run(b, "ParseBraced") }
func BenchmarkParseHex32(b *testing.B)    { run(b, "ParseHex32") }
func BenchmarkParseUpper(b *testing.B)    { run(b, "ParseUpper") }
func BenchmarkParseBytes(b *testing.B)    { run(b, "ParseBytes") }
func BenchmarkParseInvalid(b *testing.B)  { run(b, "ParseInvalid") }
func BenchmarkUnmarshalText(b *testing.B) { run(b, "UnmarshalText") }
func BenchmarkString(b *testing.B)        { run(b, "String") }
func BenchmarkAppendText(b *testing.B)    { run(b, "AppendText") }
func BenchmarkMarshalText(b *testing.B)   { run(b, "MarshalText") }
func BenchmarkMarshalBinary(b *testing.B) { run(b, "MarshalBinary") }
func BenchmarkCompare(b *testing.B)       { run(b, "Compare") }
func BenchmarkSort(b *testing.B)          { run(b, "Sort") }
func BenchmarkNewV1(b *testing.B)         { run(b, "NewV1") }
func BenchmarkNewV3(b *testing.B)         { run(b, "NewV3") }
func BenchmarkNewV4(b *testing.B)         { run(b, "NewV4") }
func BenchmarkNewV4Parallel(b *testing.B) { run(b, "NewV4Parallel") }
func BenchmarkNewV5(b *testing.B)         { run(b, "NewV5") }
func BenchmarkNewV6(b *testing.B)         { run(b, "NewV6") }
func BenchmarkNewV7(b *testing.B)         { run(b, "NewV7") }
func BenchmarkNewV7Parallel(b *testing.B) { run(b, "NewV7Parallel") }
func BenchmarkFillV4(b *testing.B)        { run(b, "FillV4") }
func BenchmarkFillV7(b *testing.B)        { run(b, "FillV7") }

// ops lists every operation; TestRegistry checks that each has lib=ours and
// lib=floor and that the names make good sub-benchmark names.
var ops = []string{
	"Parse", "ParseURN", "ParseBraced", "ParseHex32", "ParseUpper", "ParseBytes",
	"ParseInvalid", "UnmarshalText", "String", "AppendText", "MarshalText",
	"MarshalBinary", "Compare", "Sort", "NewV1", "NewV3", "NewV4", "NewV4Parallel",
	"NewV5", "NewV6", "NewV7", "NewV7Parallel", "FillV4", "FillV7",
}

func TestRegistry(t *testing.T) {
	for op, es := range registry {
		if !slices.Contains(ops, op) {
			t.Errorf("op %q registered but has no Benchmark%s", op, op)
		}
		seen := map[string]bool{}
		for _, e := range es {
			if seen[e.lib] {
				t.Errorf("%s: lib=%s registered twice", op, e.lib)
			}
			seen[e.lib] = true
			if !slices.Contains(libOrder, e.lib) {
				t.Errorf("%s: lib=%s missing from libOrder", op, e.lib)
			}
		}
	}
	for _, lib := range libOrder {
		if strings.ContainsAny(lib, "/= ") || strings.TrimRight(lib, "0123456789") != lib {
			t.Errorf("lib=%s is not a usable sub-benchmark value", lib)
		}
	}
	for _, op := range ops {
		libs := map[string]bool{}
		for _, e := range registry[op] {
			libs[e.lib] = true
		}
		if !libs["ours"] || !libs["floor"] {
			t.Errorf("%s: want lib=ours and lib=floor, have %v", op, libs)
		}
	}
}

// Inputs, built once before any benchmark. Bodies cycle through them with
// i&mask so that branch predictors cannot learn a single input.
const (
	nIn  = 64 // a power of two
	mask = nIn - 1
	// v35Name is hashed in the DNS namespace by NewV3 and NewV5.
	v35Name = "www.example.com"
	// nSort is the number of random UUIDs sorted by Sort.
	nSort = 100_000
	// nFill is the number of UUIDs FillV4 and FillV7 make per op.
	nFill = 1024
)

var (
	raw        [nIn][16]byte // varied values: Nil, Max, versions 1 to 8
	canon      [nIn]string   // raw[i] in canonical form, lower case
	urn        [nIn]string   // "urn:uuid:" + canon[i]
	braced     [nIn]string   // "{" + canon[i] + "}"
	hex32      [nIn]string   // 32 hex digits
	upper      [nIn]string   // canon[i] in upper case
	canonBytes [nIn][]byte   // canon[i] as []byte
	invalid    [nIn]string   // near misses: a bad digit, a moved hyphen, a bad length
	cmpA, cmpB [nIn][16]byte // pairs that are equal or differ first at byte 0 to 15
)

func init() {
	r := rand.New(rand.NewChaCha8([32]byte{'u', 'u', 'i', 'd'}))
	versions := []byte{1, 3, 4, 5, 6, 7, 8, 4, 7}
	for i := range raw {
		switch i {
		case 0: // Nil
		case 1:
			raw[i] = [16]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
		default:
			fill(r, raw[i][:])
			raw[i][6] = raw[i][6]&0x0f | versions[i%len(versions)]<<4
			raw[i][8] = raw[i][8]&0x3f | 0x80
		}
		h := hex.EncodeToString(raw[i][:])
		canon[i] = h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		urn[i] = "urn:uuid:" + canon[i]
		braced[i] = "{" + canon[i] + "}"
		hex32[i] = h
		upper[i] = strings.ToUpper(canon[i])
		canonBytes[i] = []byte(canon[i])

		s := []byte(canon[i])
		switch {
		case i%8 == 6: // hyphen moved one place left
			p := []int{8, 13, 18, 23}[r.IntN(4)]
			s[p-1], s[p] = s[p], s[p-1]
		case i%8 == 7: // one character short or long
			if i%16 == 7 {
				s = s[:35]
			} else {
				s = append(s, '0')
			}
		default: // one bad hex digit anywhere
			p := r.IntN(36)
			for s[p] == '-' {
				p = r.IntN(36)
			}
			s[p] = "gxzG :/"[r.IntN(7)]
		}
		invalid[i] = string(s)

		fill(r, cmpA[i][:])
		cmpB[i] = cmpA[i]
		if d := i % 17; d < 16 { // else equal
			cmpB[i][d] ^= byte(1 + r.IntN(255))
		}
	}
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// sortInput returns nSort random values, the same on every call.
var sortInput = sync.OnceValue(func() [][16]byte {
	r := rand.New(rand.NewChaCha8([32]byte{'s', 'o', 'r', 't'}))
	s := make([][16]byte, nSort)
	for i := range s {
		fill(r, s[i][:])
	}
	return s
})

// convert gives a library's typed view of the inputs.
func convert[T ~[16]byte](in *[nIn][16]byte) (out [nIn]T) {
	for i := range in {
		out[i] = T(in[i])
	}
	return out
}

func convertSlice[T ~[16]byte](in [][16]byte) []T {
	out := make([]T, len(in))
	for i := range in {
		out[i] = T(in[i])
	}
	return out
}

// Checks run once before a body's loop so that every library is measured on
// a path that gives the right answer.

func checkParse[T ~[16]byte](b *testing.B, in *[nIn]string, parse func(string) (T, error)) {
	b.Helper()
	for i, s := range in {
		u, err := parse(s)
		if err != nil || [16]byte(u) != raw[i] {
			b.Fatalf("parse(%q) = %x, %v; want %x", s, u, err, raw[i])
		}
	}
}

func checkParseBytes[T ~[16]byte](b *testing.B, parse func([]byte) (T, error)) {
	b.Helper()
	for i, s := range canonBytes {
		u, err := parse(s)
		if err != nil || [16]byte(u) != raw[i] {
			b.Fatalf("parse(%q) = %x, %v; want %x", s, u, err, raw[i])
		}
	}
}

func checkInvalid[T any](b *testing.B, parse func(string) (T, error)) {
	b.Helper()
	for _, s := range invalid {
		if _, err := parse(s); err == nil {
			b.Fatalf("parse(%q) succeeded", s)
		}
	}
}

func checkText(b *testing.B, got string, i int) {
	b.Helper()
	if got != canon[i] {
		b.Fatalf("text of %x = %q; want %q", raw[i], got, canon[i])
	}
}

func checkCompare(b *testing.B, compare func(a, b [16]byte) int) {
	b.Helper()
	for i := range cmpA {
		want := slices.Compare(cmpA[i][:], cmpB[i][:])
		if got := compare(cmpA[i], cmpB[i]); got != want {
			b.Fatalf("compare(%x, %x) = %d; want %d", cmpA[i], cmpB[i], got, want)
		}
	}
}

func checkSorted[T ~[16]byte](b *testing.B, s []T) {
	b.Helper()
	if !slices.IsSortedFunc(s, func(x, y T) int { return slices.Compare(x[:], y[:]) }) {
		b.Fatal("not sorted")
	}
}

// checkNew checks a generated value's version and variant.
func checkNew[T ~[16]byte](b *testing.B, u T, version byte) {
	b.Helper()
	if u[6]>>4 != version || u[8]&0xc0 != 0x80 {
		b.Fatalf("%x: want version %d, variant 10", u, version)
	}
}

// checkHash checks NewV3 and NewV5 against the value RFC 9562 gives (or an
// independent computation of it) for v35Name in the DNS namespace.
// checkFill checks a batch: version and variant of each value, all values
// distinct, and for version 7 strictly increasing.
func checkFill[T ~[16]byte](b *testing.B, s []T, version byte) {
	b.Helper()
	seen := make(map[T]bool, len(s))
	for i, u := range s {
		checkNew(b, u, version)
		if seen[u] {
			b.Fatalf("value %d, %x, repeats an earlier one", i, u)
		}
		seen[u] = true
		if version == 7 && i > 0 && slices.Compare(s[i-1][:], u[:]) >= 0 {
			b.Fatalf("value %d, %x, is not greater than value %d, %x", i, u, i-1, s[i-1])
		}
	}
}

// reportPerUUID reports the time per UUID of a body that makes n UUIDs per
// op, as the metric ns/uuid, so that FillV4 and FillV7 can be set beside the
// ns/op of NewV4 and NewV7. Call it after the b.Loop loop.
func reportPerUUID(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/uuid")
}

func checkHash[T ~[16]byte](b *testing.B, u T, version byte) {
	b.Helper()
	want := map[byte]string{
		3: "5df41881-3aed-3515-88a7-2f4a814cf09e",
		5: "2ed6657d-e927-568b-95e1-2665a8aea6a2",
	}[version]
	h := hex.EncodeToString(u[:])
	if got := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]; got != want {
		b.Fatalf("v%d(DNS, %q) = %s; want %s", version, v35Name, got, want)
	}
}

func checkBinary(b *testing.B, marshal func() ([]byte, error), i int) {
	b.Helper()
	if got, err := marshal(); err != nil || string(got) != string(raw[i][:]) {
		b.Fatalf("MarshalBinary of %x = %x, %v", raw[i], got, err)
	}
}

// MarshalText and MarshalBinary are timed through the encoding interfaces,
// the way encoding/json, encoding/xml and encoding/gob call them. A direct
// call can be inlined into the loop and its result kept on the stack, which
// hides the allocation that every real caller pays, but only for libraries
// whose method happens to inline.

func textMarshalers[T encoding.TextMarshaler](in *[nIn]T) (out [nIn]encoding.TextMarshaler) {
	for i := range in {
		out[i] = in[i]
	}
	return out
}

func binaryMarshalers[T encoding.BinaryMarshaler](in *[nIn]T) (out [nIn]encoding.BinaryMarshaler) {
	for i := range in {
		out[i] = in[i]
	}
	return out
}
