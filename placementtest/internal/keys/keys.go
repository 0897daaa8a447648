// Package keys holds what the checks of module placementtest share: the
// random UUIDs, the partition counts and the Redis keys. The module checks
// package placement against the real clients: the partitioners of sarama,
// kafka-go and franz-go in its tests, and, through the programs under cmd/
// that .ci/placement runs, the npm packages kafkajs, cassandra-driver and
// cluster-key-slot and a live redis-server. It is a module of its own so
// that the library requires none of them.
package keys

import (
	"math/rand/v2"
	"strconv"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placement"
)

// Counts are the partition counts the checks use: one partition, small
// and prime counts, powers of two, and the largest a topic can have.
var Counts = []int{1, 2, 3, 7, 12, 32, 100, 1000, 2147483647}

// RandomV4 returns n version 4 UUIDs drawn from a generator seeded with
// seed, so that a disagreement can be replayed.
func RandomV4(seed uint64, n int) []uuid.UUID {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	ids := make([]uuid.UUID, n)
	for i := range ids {
		var b [16]byte
		for j := 0; j < 16; j += 8 {
			v := r.Uint64()
			for k := range 8 {
				b[j+k] = byte(v >> (8 * k))
			}
		}
		b[6] = b[6]&0x0f | 0x40 // version 4 (RFC 9562, Section 5.4)
		b[8] = b[8]&0x3f | 0x80 // the RFC 9562 variant
		ids[i] = uuid.UUID(b)
	}
	return ids
}

// RedisKeys returns the Redis keys the checks use for u: its four text
// forms, its 16 bytes, its text as a hash tag in a longer key, and its
// text after a prefix without a tag.
func RedisKeys(u uuid.UUID) []string {
	s := u.String()
	return []string{s, string(u.AppendForm(nil, uuid.FormHex)), string(u.AppendForm(nil, uuid.FormBraced)),
		string(u.AppendForm(nil, uuid.FormURN)), string(u[:]), "user:{" + s + "}:cart", "cart:" + s}
}

// RedisSlots returns placement's slots of RedisKeys(u), through the
// functions a user calls for each.
func RedisSlots(u uuid.UUID) []int {
	s := u.String()
	return []int{placement.RedisSlotForm(u, uuid.FormCanonical), placement.RedisSlotForm(u, uuid.FormHex),
		placement.RedisSlotForm(u, uuid.FormBraced), placement.RedisSlotForm(u, uuid.FormURN),
		placement.RedisSlotBinary(u), placement.RedisSlot("user:{" + s + "}:cart"), placement.RedisSlot("cart:" + s)}
}

// Tenant is the text column of the composite keys of the checks: the
// i-th UUID is paired with the int i and with the text Tenant(i).
func Tenant(i int) string { return "tenant-" + strconv.Itoa(i%100) }
