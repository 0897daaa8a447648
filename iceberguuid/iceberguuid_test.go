package iceberguuid_test

import (
	"encoding/hex"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/iceberguuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/internal/dbtest"
)

func TestAPI(t *testing.T) {
	apitest.Check(t, ".", "github.com/afb7af96/uuid/iceberguuid", "../api/iceberguuid.txt")
}

// TestDocExamples checks that the examples docs/ecosystem.md shows are
// this package's runnable examples, line for line.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/ecosystem.md", "iceberguuid", "example_test.go")
	apitest.CheckDocImports(t, "../docs/ecosystem.md", "example_test.go")
}

// slowHash is Murmur3 x86 32-bit with seed 0 written from its definition
// for input of any length, a byte at a time, in 64-bit arithmetic reduced
// modulo 2^32 at each step; the vendored vectors of other Iceberg types
// check it on inputs that are not 16 bytes.
func slowHash(data []byte) int32 {
	const mask = 1<<32 - 1
	rotl := func(x uint64, r uint) uint64 { return (x<<r | x>>(32-r)) & mask }
	mix := func(k uint64) uint64 {
		k = k * 0xcc9e2d51 & mask
		k = rotl(k, 15)
		return k * 0x1b873593 & mask
	}
	var h uint64
	whole := len(data) / 4 * 4
	for i := 0; i < whole; i += 4 {
		var k uint64
		for j := 3; j >= 0; j-- { // little-endian
			k = k<<8 | uint64(data[i+j])
		}
		h ^= mix(k)
		h = rotl(h, 13)
		h = (h*5 + 0xe6546b64) & mask
	}
	if tail := data[whole:]; len(tail) > 0 {
		var k uint64
		for j := len(tail) - 1; j >= 0; j-- {
			k = k<<8 | uint64(tail[j])
		}
		h ^= mix(k)
	}
	h ^= uint64(len(data))
	h ^= h >> 16
	h = h * 0x85ebca6b & mask
	h ^= h >> 13
	h = h * 0xc2b2ae35 & mask
	h ^= h >> 16
	return int32(uint32(h))
}

// slowBucket is the spec's pseudo-code, (hash & Integer.MAX_VALUE) % N, in
// 64-bit arithmetic.
func slowBucket(hash int32, n int) int {
	return int(int64(hash) & math.MaxInt32 % int64(n))
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestVendored(t *testing.T) {
	for _, r := range dbtest.Rows(t, "testdata/hash.txt") {
		t.Run(strings.Join(r, "_"), func(t *testing.T) {
			switch r[0] {
			case "uuid":
				u := uuid.MustParse(r[1])
				want := int32(atoi(t, r[2]))
				if got := iceberguuid.Hash(u); got != want {
					t.Errorf("Hash(%v) = %d; want %d", u, got, want)
				}
				if got := slowHash(u[:]); got != want {
					t.Errorf("slowHash(%x) = %d; want %d", u[:], got, want)
				}
			case "uuid-bucket":
				u, n, want := uuid.MustParse(r[1]), atoi(t, r[2]), atoi(t, r[3])
				if got := iceberguuid.Bucket(u, n); got != want {
					t.Errorf("Bucket(%v, %d) = %d; want %d", u, n, got, want)
				}
			case "bytes":
				b, want := unhex(t, r[1]), int32(atoi(t, r[2]))
				if got := slowHash(b); got != want {
					t.Errorf("slowHash(%x) = %d; want %d", b, got, want)
				}
			case "bytes-bucket":
				b, n, want := unhex(t, r[1]), atoi(t, r[2]), atoi(t, r[3])
				if got := slowBucket(slowHash(b), n); got != want {
					t.Errorf("slowBucket(slowHash(%x), %d) = %d; want %d", b, n, got, want)
				}
			default:
				t.Fatalf("bad row %q", r)
			}
		})
	}
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBucket(t *testing.T) {
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	cases := []struct {
		n, want int
	}{
		{1, 0},
		{2, 0},                      // 1488055340 is even
		{16, 1488055340 % 16},       // a positive hash is its own masked value
		{math.MaxInt32, 1488055340}, // the widest N a table can have
		{0, -1},                     // Iceberg refuses bucket[0]
		{-1, -1},
		{math.MinInt, -1},
	}
	if wide := int64(math.MaxInt32) + 1; int64(int(wide)) == wide { // 64-bit int
		cases = append(cases, struct{ n, want int }{int(wide), 1488055340})
	}
	for _, c := range cases {
		if got := iceberguuid.Bucket(u, c.n); got != c.want {
			t.Errorf("Bucket(%v, %d) = %d; want %d", u, c.n, got, c.want)
		}
	}
	// A UUID whose hash is negative: the sign bit is dropped, not the value
	// negated.
	neg := uuid.MustParse("00000000-0000-0000-0000-000000000000")
	h := iceberguuid.Hash(neg)
	if h >= 0 {
		t.Fatalf("Hash(%v) = %d; the case needs a negative hash", neg, h)
	}
	if got, want := iceberguuid.Bucket(neg, 1000), int(uint32(h)&math.MaxInt32)%1000; got != want || got < 0 {
		t.Errorf("Bucket(%v, 1000) = %d; want %d (hash %d)", neg, got, want, h)
	}
}

func TestAllocs(t *testing.T) {
	u := uuid.NewV4()
	dbtest.ZeroAllocs(t, map[string]func(){
		"Hash":   func() { iceberguuid.Hash(u) },
		"Bucket": func() { iceberguuid.Bucket(u, 16) },
	})
}
