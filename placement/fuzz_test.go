package placement_test

import (
	"math"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placement"
)

// FuzzPartition checks each family's partition of any key against the
// slow reference, for any count: a partition from 0 to n-1 for a count
// from 1 to math.MaxInt32, and ErrCount with -1 otherwise; and
// PartitionText and PartitionBinary against Partition of the same bytes.
func FuzzPartition(f *testing.F) {
	f.Add([]byte("21"), 32)                                   // Kafka's murmur2 vector, tail of 2
	f.Add([]byte("abc"), 7)                                   // tail of 3
	f.Add([]byte("f79c3e09-677c-4bbd-a479-3f349cb785e7"), 32) // the key as text
	f.Add([]byte{}, 1)                                        // an empty key
	f.Add([]byte("\xff\xff\xff\xff"), math.MaxInt32)          // the widest count
	f.Add([]byte("x"), 0)                                     // no topic has 0 partitions
	f.Add([]byte("x"), -5)                                    // nor a negative count
	f.Fuzz(func(t *testing.T, key []byte, n int) {
		for _, p := range families {
			got, err := p.Partition(key, n)
			if n < 1 || n > math.MaxInt32 {
				if got != -1 || err == nil {
					t.Fatalf("%v.Partition(%x, %d) = %d, %v; want -1 and an error", p, key, n, got, err)
				}
				continue
			}
			if want := int(slowPartition(p.String(), key, int64(n))); got != want || err != nil {
				t.Fatalf("%v.Partition(%x, %d) = %d, %v; want %d", p, key, n, got, err, want)
			}
			if len(key) == uuid.Size {
				u := uuid.UUID(key)
				if b, _ := p.PartitionBinary(u, n); b != got {
					t.Fatalf("%v.PartitionBinary(%v, %d) = %d; Partition of its bytes = %d", p, u, n, b, got)
				}
				text, _ := p.PartitionText(u, n)
				if want, _ := p.Partition([]byte(u.String()), n); text != want {
					t.Fatalf("%v.PartitionText(%v, %d) = %d; Partition of its text = %d", p, u, n, text, want)
				}
			}
		}
	})
}

// FuzzRedisSlot checks RedisSlot of any key, as a string and as bytes,
// against the slow reference written with package strings.
func FuzzRedisSlot(f *testing.F) {
	f.Add("123456789")                                        // Redis's CRC16 vector
	f.Add("{user1000}.following")                             // a hash tag
	f.Add("foo{}{bar}")                                       // an empty tag: the whole key
	f.Add("foo{{bar}}zap")                                    // a "{" inside the tag
	f.Add("user:{f79c3e09-677c-4bbd-a479-3f349cb785e7}:cart") // a UUID as the tag
	f.Add("}{")                                               // braces in the wrong order
	f.Add("")                                                 // the empty key
	f.Fuzz(func(t *testing.T, key string) {
		want := slowSlot(key)
		if got := placement.RedisSlot(key); got != want {
			t.Fatalf("RedisSlot(%q) = %d; want %d", key, got, want)
		}
		if got := placement.RedisSlot([]byte(key)); got != want {
			t.Fatalf("RedisSlot([]byte(%q)) = %d; want %d", key, got, want)
		}
		if len(key) == uuid.Size {
			if got := placement.RedisSlotBinary(uuid.UUID([]byte(key))); got != want {
				t.Fatalf("RedisSlotBinary(%x) = %d; want %d", key, got, want)
			}
		}
	})
}

// FuzzCassandraKeyToken splits the fuzzer's bytes into columns at the
// cuts given and checks the token against the slow reference, which
// serializes the key whole and hashes it in Java's arithmetic; the pieces
// that the streaming hash is fed cross block boundaries at every offset.
func FuzzCassandraKeyToken(f *testing.F) {
	f.Add([]byte("\x43\x27\x52\x9f\xb6\x45\xdd\x00\xb8\x83\xec\x39\xae\x44\x8b\xb8\x00\x06\x6a\x6b"), uint8(16), uint8(0)) // gocql#1033: a uuid and an int
	f.Add([]byte("\xf7\x9c\x3e\x09\x67\x7c\x4b\xbd\xa4\x79\x3f\x34\x9c\xb7\x85\xe7"), uint8(0), uint8(0))                  // one uuid column
	f.Add([]byte("prefix\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\xc8\xc9\xca"), uint8(3), uint8(9))      // signed tail bytes
	f.Add([]byte{}, uint8(0), uint8(0))                                                                                    // the empty key
	f.Fuzz(func(t *testing.T, data []byte, cut1, cut2 uint8) {
		cols := [][]byte{data}
		if c1 := int(cut1); c1 > 0 && c1 <= len(data) {
			cols = [][]byte{data[:c1], data[c1:]}
			if c2 := c1 + int(cut2); cut2 > 0 && c2 <= len(data) {
				cols = [][]byte{data[:c1], data[c1:c2], data[c2:]}
			}
		}
		want := slowToken(slowComposite(cols))
		got, err := placement.CassandraKeyToken(cols...)
		if got != want || err != nil {
			t.Fatalf("CassandraKeyToken(%x) = %d, %v; want %d", cols, got, err, want)
		}
		if len(data) == uuid.Size {
			if got := placement.CassandraToken(uuid.UUID(data)); got != slowToken(data) {
				t.Fatalf("CassandraToken(%x) = %d; want %d", data, got, slowToken(data))
			}
		}
	})
}
