package placement_test

import (
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/internal/dbtest"
	"github.com/afb7af96/uuid/placement"
)

func TestAPI(t *testing.T) {
	apitest.Check(t, ".", "github.com/afb7af96/uuid/placement", "../api/placement.txt")
}

// TestDocExamples checks that the examples docs/placement.md shows are
// this package's runnable examples, line for line, and that it names
// every function.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/placement.md", "placement", "example_test.go")
	apitest.CheckDocNames(t, "../docs/placement.md", "placement", ".", "github.com/afb7af96/uuid/placement")
}

var families = []placement.Partitioner{placement.Murmur2, placement.CRC32, placement.FNV1a}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func atoi(t *testing.T, s string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestVectors checks the hashes against the published vectors of
// testdata/vectors.txt, and the slow references against them too.
func TestVectors(t *testing.T) {
	for i, r := range dbtest.Rows(t, "testdata/vectors.txt") {
		t.Run(r[0]+"_"+strconv.Itoa(i), func(t *testing.T) {
			switch r[0] {
			case "murmur2":
				key, want := unhex(t, r[1]), int32(atoi(t, r[2]))
				if got := int32(placement.Murmur2Hash(key)); got != want {
					t.Errorf("murmur2(%q) = %d; want %d", key, got, want)
				}
				if got := slowMurmur2(key); got != want {
					t.Errorf("slowMurmur2(%q) = %d; want %d", key, got, want)
				}
				wantP := int(want&math.MaxInt32) % 1000
				if got, err := placement.Murmur2.Partition(key, 1000); got != wantP || err != nil {
					t.Errorf("Murmur2.Partition(%q, 1000) = %d, %v; want %d", key, got, err, wantP)
				}
			case "crc16":
				key, want := unhex(t, r[1]), uint16(atoi(t, r[2]))
				if got := placement.CRC16(key); got != want {
					t.Errorf("CRC16(%q) = %d; want %d", key, got, want)
				}
				if got := slowCRC16(key); got != want {
					t.Errorf("slowCRC16(%q) = %d; want %d", key, got, want)
				}
				if got := placement.RedisSlot(key); got != int(want)%16384 {
					t.Errorf("RedisSlot(%q) = %d; want %d", key, got, want%16384)
				}
			case "token":
				key, want := unhex(t, r[1]), atoi(t, r[2])
				if got, err := placement.CassandraKeyToken(key); got != want || err != nil {
					t.Errorf("CassandraKeyToken(%x) = %d, %v; want %d", key, got, err, want)
				}
				if got := slowToken(key); got != want {
					t.Errorf("slowToken(%x) = %d; want %d", key, got, want)
				}
			case "composite":
				a, b, want := unhex(t, r[1]), unhex(t, r[2]), atoi(t, r[3])
				if got, err := placement.CassandraKeyToken(a, b); got != want || err != nil {
					t.Errorf("CassandraKeyToken(%x, %x) = %d, %v; want %d", a, b, got, err, want)
				}
				if len(a) == uuid.Size {
					if got := placement.CassandraToken(uuid.UUID(a)); got != slowToken(a) {
						t.Errorf("CassandraToken(%x) = %d; want %d", a, got, slowToken(a))
					}
				}
			case "fnv1a-abs":
				key, want := []byte{}, int32(atoi(t, r[2]))
				if r[1] != "-" {
					key = unhex(t, r[1])
				}
				h := int32(placement.FNV1aHash(key))
				if h < 0 {
					h = -h
				}
				if h != want || int32(slowFNV1a(key)) != want && -int32(slowFNV1a(key)) != want {
					t.Errorf("|fnv1a(%q)| = %d; want %d", key, h, want)
				}
				for _, n := range []int{7, 32, 1000} {
					if got, err := placement.FNV1a.Partition(key, n); got != int(want)%n || err != nil {
						t.Errorf("FNV1a.Partition(%q, %d) = %d, %v; want %d", key, n, got, err, int(want)%n)
					}
				}
			default:
				t.Fatalf("bad row %q", r)
			}
		})
	}
}

// TestIssueExample checks the partitions issue 40 measured with the
// clients for one UUID over 32 partitions.
func TestIssueExample(t *testing.T) {
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	for _, c := range []struct {
		p            placement.Partitioner
		text, binary int
	}{
		{placement.Murmur2, 17, 19},
		{placement.CRC32, 22, 3},
		{placement.FNV1a, 31, 7},
	} {
		if got, err := c.p.PartitionText(u, 32); got != c.text || err != nil {
			t.Errorf("%v.PartitionText(%v, 32) = %d, %v; want %d", c.p, u, got, err, c.text)
		}
		if got, err := c.p.PartitionBinary(u, 32); got != c.binary || err != nil {
			t.Errorf("%v.PartitionBinary(%v, 32) = %d, %v; want %d", c.p, u, got, err, c.binary)
		}
	}
}

// TestPartition checks every family against its slow reference on UUIDs
// whose hashes are negative and positive, for partition counts from 1 to
// the largest.
func TestPartition(t *testing.T) {
	ids := []uuid.UUID{uuid.Nil(), uuid.Max(), uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")}
	for range 200 {
		ids = append(ids, uuid.NewV4())
	}
	negative := map[string]bool{}
	for _, u := range ids {
		text := []byte(u.String())
		for _, p := range families {
			for _, n := range []int{1, 2, 3, 7, 32, 100, 1 << 20, math.MaxInt32} {
				for form, key := range map[string][]byte{"text": text, "binary": u[:]} {
					want := int(slowPartition(p.String(), key, int64(n)))
					var got int
					var err error
					if form == "text" {
						got, err = p.PartitionText(u, n)
					} else {
						got, err = p.PartitionBinary(u, n)
					}
					if got != want || err != nil {
						t.Fatalf("%v: %s of %v over %d = %d, %v; want %d", p, form, u, n, got, err, want)
					}
				}
			}
		}
		negative["fnv1a"] = negative["fnv1a"] || int32(slowFNV1a(text)) < 0
		negative["murmur2"] = negative["murmur2"] || slowMurmur2(text) < 0
	}
	if !negative["fnv1a"] || !negative["murmur2"] {
		t.Errorf("no key with a negative hash among %d UUIDs: %v", len(ids), negative)
	}
}

func TestPartitionErrors(t *testing.T) {
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	bad := []int{0, -1, math.MinInt}
	if wide := int64(math.MaxInt32) + 1; int64(int(wide)) == wide { // 64-bit int
		bad = append(bad, int(wide), math.MaxInt)
	}
	for _, p := range families {
		for _, n := range bad {
			for _, f := range []func() (int, error){
				func() (int, error) { return p.Partition([]byte("k"), n) },
				func() (int, error) { return p.PartitionText(u, n) },
				func() (int, error) { return p.PartitionBinary(u, n) },
			} {
				got, err := f()
				if got != -1 || !errors.Is(err, placement.ErrCount) ||
					err.Error() != "placement: partition count "+strconv.Itoa(n)+" is not from 1 to 2147483647" {
					t.Errorf("%v with n = %d: %d, %v; want -1 and ErrCount", p, n, got, err)
				}
			}
		}
	}
	if !strings.HasPrefix(placement.ErrCount.Error(), "uuid: ") {
		t.Errorf("ErrCount = %q; want the prefix \"uuid: \"", placement.ErrCount)
	}
}

func TestPartitionerString(t *testing.T) {
	for p, want := range map[placement.Partitioner]string{
		placement.Murmur2: "murmur2", placement.CRC32: "crc32", placement.FNV1a: "fnv1a", 0: "Partitioner(0)", 9: "Partitioner(9)",
	} {
		if got := p.String(); got != want {
			t.Errorf("Partitioner(%d).String() = %q; want %q", uint8(p), got, want)
		}
	}
}

// TestInvalidPartitioner checks that a value that is not a partitioner
// panics, whatever the count, as strconv panics for an invalid base.
func TestInvalidPartitioner(t *testing.T) {
	for _, p := range []placement.Partitioner{0, 4, 255} {
		for _, n := range []int{0, 16} {
			func() {
				defer func() {
					if r := recover(); r != "placement: invalid "+p.String() {
						t.Errorf("Partitioner(%d).Partition(k, %d) panicked with %v", uint8(p), n, r)
					}
				}()
				p.Partition([]byte("k"), n)
			}()
		}
	}
}

func TestCRC32Table(t *testing.T) {
	if len(placement.CRC32Table) != 1024 {
		t.Fatalf("the table has %d bytes; want 1024", len(placement.CRC32Table))
	}
	for i, want := range crc32.IEEETable {
		if got := binary.BigEndian.Uint32([]byte(placement.CRC32Table[4*i:])); got != want {
			t.Errorf("entry %d = %#08x; want %#08x", i, got, want)
		}
	}
}

func TestCRC16Table(t *testing.T) {
	if len(placement.CRC16Table) != 512 {
		t.Fatalf("the table has %d bytes; want 512", len(placement.CRC16Table))
	}
	for i := range 256 {
		want := slowCRC16([]byte{byte(i)})
		if got := uint16(placement.CRC16Table[2*i])<<8 | uint16(placement.CRC16Table[2*i+1]); got != want {
			t.Errorf("entry %d = %#04x; want %#04x", i, got, want)
		}
	}
}

// TestHashTags checks the examples of hash tags in the Redis Cluster
// specification and the edge cases of the rule.
func TestHashTags(t *testing.T) {
	for _, c := range []struct{ key, hashed string }{
		{"{user1000}.following", "user1000"}, // the spec's examples
		{"{user1000}.followers", "user1000"},
		{"foo{}{bar}", "foo{}{bar}"},         // an empty tag: the whole key
		{"foo{{bar}}zap", "{bar"},            // the first "{" and the first "}" after it
		{"foo{bar}{zap}", "bar"},             // only the first tag
		{"{", "{"}, {"}", "}"}, {"}{", "}{"}, // no tag
		{"a}b{c}", "c"}, // a "}" before the first "{" does not count
		{"", ""},
		{"user:{f79c3e09-677c-4bbd-a479-3f349cb785e7}:cart", "f79c3e09-677c-4bbd-a479-3f349cb785e7"},
	} {
		want := int(slowCRC16([]byte(c.hashed))) & 0x3fff
		if got := placement.RedisSlot(c.key); got != want {
			t.Errorf("RedisSlot(%q) = %d; want %d, the slot of %q", c.key, got, want, c.hashed)
		}
		if got := placement.RedisSlot([]byte(c.key)); got != want {
			t.Errorf("RedisSlot([]byte(%q)) = %d; want %d", c.key, got, want)
		}
		if got := slowSlot(c.key); got != want {
			t.Errorf("slowSlot(%q) = %d; want %d", c.key, got, want)
		}
	}
}

func TestRedisSlotUUID(t *testing.T) {
	ids := []uuid.UUID{uuid.Nil(), uuid.Max(), uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7"),
		uuid.MustParse("7b000000-7d00-4000-8000-000000000000")} // its bytes hold a hash tag: 0x7b, three zero bytes, 0x7d
	for range 100 {
		ids = append(ids, uuid.NewV4())
	}
	for _, u := range ids {
		for _, f := range []uuid.Form{uuid.FormCanonical, uuid.FormHex, uuid.FormBraced, uuid.FormURN} {
			text := string(u.AppendForm(nil, f))
			if got, want := placement.RedisSlotForm(u, f), slowSlot(text); got != want {
				t.Errorf("RedisSlotForm(%v, %v) = %d; want %d", u, f, got, want)
			}
		}
		if got, want := placement.RedisSlotBinary(u), slowSlot(string(u[:])); got != want {
			t.Errorf("RedisSlotBinary(%v) = %d; want %d", u, got, want)
		}
		if a, b := placement.RedisSlotForm(u, uuid.FormBraced), placement.RedisSlotForm(u, uuid.FormCanonical); a != b {
			t.Errorf("the braced form of %v lands in %d, its canonical form in %d; want one slot", u, a, b)
		}
	}
}

func TestCassandraToken(t *testing.T) {
	for range 300 {
		u := uuid.NewV4()
		want := slowToken(u[:])
		if got := placement.CassandraToken(u); got != want {
			t.Fatalf("CassandraToken(%v) = %d; want %d", u, got, want)
		}
		if got, err := placement.CassandraKeyToken(u[:]); got != want || err != nil {
			t.Fatalf("CassandraKeyToken(%v) = %d, %v; want %d", u, got, err, want)
		}
		// u with a text and an int column, and u alone in a one-column
		// composite made of two columns.
		cols := [][]byte{u[:], []byte("tenant-7"), {0, 0, 0, 42}}
		if got, err := placement.CassandraKeyToken(cols...); got != slowToken(slowComposite(cols)) || err != nil {
			t.Fatalf("CassandraKeyToken(%x) = %d, %v; want %d", cols, got, err, slowToken(slowComposite(cols)))
		}
	}
}

func TestCassandraKeyTokenEdges(t *testing.T) {
	if got, err := placement.CassandraKeyToken([]byte{}); got != math.MinInt64 || err != nil {
		t.Errorf("CassandraKeyToken(empty) = %d, %v; want math.MinInt64", got, err)
	}
	if got, err := placement.CassandraKeyToken(nil, nil); got == math.MinInt64 || got != slowToken([]byte{0, 0, 0, 0, 0, 0}) || err != nil {
		t.Errorf("CassandraKeyToken(empty, empty) = %d, %v; want the token of 6 zero bytes", got, err)
	}
	max := make([]byte, 65535)
	if _, err := placement.CassandraKeyToken(max, []byte("x")); err != nil {
		t.Errorf("CassandraKeyToken of a 65535-byte column: %v", err)
	}
	for name, cols := range map[string][][]byte{
		"none":      nil,
		"long-one":  {make([]byte, 65536)},
		"long-last": {max, make([]byte, 65536)},
	} {
		got, err := placement.CassandraKeyToken(cols...)
		if got != 0 || !errors.Is(err, uuid.ErrLength) || !strings.HasPrefix(err.Error(), "placement: CassandraKeyToken of ") {
			t.Errorf("%s: CassandraKeyToken = %d, %v; want an error matching uuid.ErrLength", name, got, err)
		}
	}
	if got := placement.Normalize(math.MinInt64); got != math.MaxInt64 {
		t.Errorf("Normalize(MinInt64) = %d; want MaxInt64", got)
	}
	for _, h := range []int64{math.MinInt64 + 1, -1, 0, math.MaxInt64} {
		if got := placement.Normalize(h); got != h {
			t.Errorf("Normalize(%d) = %d; want it unchanged", h, got)
		}
	}
}

func TestAllocs(t *testing.T) {
	u := uuid.NewV4()
	key := []byte("user:{" + u.String() + "}:cart")
	dbtest.ZeroAllocs(t, map[string]func(){
		"PartitionText":     func() { placement.Murmur2.PartitionText(u, 32) },
		"PartitionBinary":   func() { placement.FNV1a.PartitionBinary(u, 32) },
		"Partition":         func() { placement.CRC32.Partition(key, 32) },
		"RedisSlot":         func() { placement.RedisSlot(key) },
		"RedisSlotString":   func() { placement.RedisSlot("user:{f79c3e09-677c-4bbd-a479-3f349cb785e7}:cart") },
		"RedisSlotForm":     func() { placement.RedisSlotForm(u, uuid.FormURN) },
		"RedisSlotBinary":   func() { placement.RedisSlotBinary(u) },
		"CassandraToken":    func() { placement.CassandraToken(u) },
		"CassandraKeyToken": func() { placement.CassandraKeyToken(u[:], key) },
	})
}
