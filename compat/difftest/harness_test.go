package difftest

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
	"testing"
)

// A diff is one call whose outcome differs between the original library
// (lib: "google" or "gofrs") and the compat package. Outcomes are strings
// that say what the caller can observe; error texts are compared on their
// own surfaces, whose names end in ".errtext".
type diff struct {
	lib          string
	surface      string // the call, e.g. "Parse" or "fmt"
	input        string // the input, as the surface describes it
	text         string // the input, if it is text or bytes
	isText       bool   // whether text is set
	ours, theirs string
}

func (d diff) String() string {
	return fmt.Sprintf("%s %s(%s): ours %s, %s's %s", d.lib, d.surface, d.input, d.ours, d.lib, d.theirs)
}

// A checker records the calls of one test and the diffs the allow-list does
// not explain.
type checker struct {
	t     *testing.T
	mu    sync.Mutex
	calls int
	bad   map[string]*badSurface // unexplained diffs by lib and surface
}

// badSurface counts the unexplained diffs of one surface and keeps the
// first few.
type badSurface struct {
	n     int
	first []diff
}

// maxReported is how many unexplained diffs a failure prints.
const maxReported = 25

// maxFirst is how many diffs of one surface a failure prints.
const maxFirst = 3

// compare records a call whose outcome is ours for the compat package and
// theirs for lib; input is formatted with %q when it is a string or []byte.
func (c *checker) compare(lib, surface string, input any, ours, theirs string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls++
	if ours == theirs {
		return
	}
	d := diff{lib: lib, surface: surface, input: describe(input), ours: ours, theirs: theirs}
	switch v := input.(type) {
	case string:
		d.text, d.isText = v, true
	case []byte:
		d.text, d.isText = string(v), true
	}
	for i := range allowList {
		a := &allowList[i]
		if a.lib == lib && a.match(d) {
			a.seen.Add(1)
			return
		}
	}
	key := lib + " " + surface
	b := c.bad[key]
	if b == nil {
		b = &badSurface{}
		c.bad[key] = b
	}
	b.n++
	if len(b.first) < maxFirst {
		b.first = append(b.first, d)
	}
}

// finish fails the test for each unexplained diff.
func (c *checker) finish() {
	c.t.Helper()
	c.t.Logf("%d calls compared", c.calls)
	for i, key := range sortedKeys(c.bad) {
		if i == maxReported {
			c.t.Errorf("... and %d more surfaces", len(c.bad)-i)
			break
		}
		b := c.bad[key]
		c.t.Errorf("%s: %d differences not in the allow-list, such as", key, b.n)
		for _, d := range b.first {
			c.t.Errorf("\t%v", d)
		}
	}
}

func newChecker(t *testing.T) *checker {
	t.Helper()
	c := &checker{t: t, bad: make(map[string]*badSurface)}
	t.Cleanup(c.finish)
	return c
}

// describe formats a call's input for a diff.
func describe(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("%q", v)
	case []byte:
		if v == nil {
			return "[]byte(nil)"
		}
		return fmt.Sprintf("[]byte(%q)", v)
	case nil:
		return "nil"
	}
	return fmt.Sprintf("%T(%v)", v, v)
}

// outcome describes a call's result and error: the value, then "ok" or
// "err".
func outcome(v any, err error) string {
	if err != nil {
		return fmt.Sprintf("%v err", v)
	}
	return fmt.Sprintf("%v ok", v)
}

// errText is the text of err, or "<nil>".
func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// panicValue calls f and describes what it panicked with: "no panic", or
// the value's type and, for strings, the value.
func panicValue(f func()) (desc string) {
	defer func() {
		r := recover()
		switch r := r.(type) {
		case nil:
		case string:
			desc = "panic string " + r
		default:
			desc = fmt.Sprintf("panic %T", r)
		}
	}()
	f()
	return "no panic"
}

// seed is the fixed seed of every random choice, so that each run tries the
// same inputs.
var seed = [2]uint64{0x5eed_0f_d1ff, 0x7e57}

func newRand() *rand.Rand { return rand.New(rand.NewPCG(seed[0], seed[1])) }

// textSeeds are the texts mutations start from: every form either library
// accepts, in both cases, and near misses.
var textSeeds = []string{
	"f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
	"F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
	"f81d4fae7dec11d0a76500a0c91e6bf6",
	"{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}",
	"{f81d4fae7dec11d0a76500a0c91e6bf6}",
	"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
	"URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
	"urn:uuid:f81d4fae7dec11d0a76500a0c91e6bf6",
	"[f81d4fae-7dec-11d0-a765-00a0c91e6bf6]",
	"00000000-0000-0000-0000-000000000000",
	"ffffffff-ffff-ffff-ffff-ffffffffffff",
	"6ba7b810-9dad-11d1-80b4-00c04fd430c8",
	"not-a-uuid",
	"",
	"null",
}

// alphabet is what mutations insert: the bytes of every form, bytes next to
// them, and bytes that are not ASCII or not printable.
const alphabet = "0123456789abcdefABCDEFgGzZ-{}[]():urnidURNID \t\n\x00\x7f\x80\xff\"\\"

// mutate changes s by one to three random edits: replace, insert, delete a
// byte, cut, repeat a piece, or flip the case of a byte.
func mutate(r *rand.Rand, s string) string {
	b := []byte(s)
	for range 1 + r.IntN(3) {
		switch op := r.IntN(6); {
		case op == 0 && len(b) > 0:
			b[r.IntN(len(b))] = alphabet[r.IntN(len(alphabet))]
		case op == 1:
			i := r.IntN(len(b) + 1)
			b = append(b[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
		case op == 2 && len(b) > 0:
			i := r.IntN(len(b))
			b = append(b[:i], b[i+1:]...)
		case op == 3 && len(b) > 0:
			b = b[:r.IntN(len(b))]
		case op == 4 && len(b) > 0:
			i := r.IntN(len(b))
			j := i + r.IntN(len(b)-i)
			b = append(b[:j:j], append(append([]byte(nil), b[i:j]...), b[j:]...)...)
		case op == 5 && len(b) > 0:
			i := r.IntN(len(b))
			b[i] ^= 0x20
		}
	}
	return string(b)
}

// texts returns n texts: the seeds, then mutations of random seeds.
func texts(n int) []string {
	r := newRand()
	out := make([]string, 0, n)
	out = append(out, textSeeds...)
	for len(out) < n {
		out = append(out, mutate(r, textSeeds[r.IntN(len(textSeeds))]))
	}
	return out
}

// randomUUIDs returns n arbitrary 16-byte values: every version and variant
// nibble, zeros and ones, and random bytes.
func randomUUIDs(n int) [][16]byte {
	r := newRand()
	var out [][16]byte
	var zero, ones [16]byte
	for i := range ones {
		ones[i] = 0xff
	}
	out = append(out, zero, ones)
	for v := range 16 {
		for _, o8 := range []byte{0x00, 0x7f, 0x80, 0xbf, 0xc0, 0xdf, 0xe0, 0xff} {
			var u [16]byte
			for i := range u {
				u[i] = byte(r.Uint32())
			}
			u[6] = byte(v)<<4 | u[6]&0x0f
			u[8] = o8
			out = append(out, u)
		}
	}
	for len(out) < n {
		var u [16]byte
		for i := range u {
			u[i] = byte(r.Uint32())
		}
		out = append(out, u)
	}
	return out
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
