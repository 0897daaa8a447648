package placement

import (
	"encoding/binary"
	"hash/crc32"
	"math"
	"strconv"

	"github.com/afb7af96/uuid"
)

// A Partitioner is the default key partitioner of a family of Kafka
// clients: the hash of the key's bytes and the way the hash becomes a
// partition. Each picks, for a key that is not null, the same partition
// whenever the number of partitions is the same; a client's choice for a
// null key (round robin, sticky or random) is no function of the key and
// not modelled. Any value other than the constants is not a partitioner,
// and its methods panic, as [strconv.FormatInt] does for an invalid base.
type Partitioner uint8

// The partitioners.
const (
	// Murmur2 is Kafka's own: the Java client's BuiltInPartitioner
	// (and the DefaultPartitioner before it), kafkajs's
	// DefaultPartitioner, franz-go's default and StickyKeyPartitioner,
	// kafka-go's Murmur2Balancer and librdkafka's murmur2_random. The
	// partition is toPositive(murmur2(key)) % n, where toPositive
	// clears the sign bit (h & 0x7fffffff) and murmur2 is MurmurHash2,
	// 32-bit, seed 0x9747b28c.
	Murmur2 Partitioner = iota + 1

	// CRC32 is librdkafka's default, consistent_random, and so that of
	// every client built on librdkafka (confluent-kafka-go,
	// confluent-kafka-python, node-rdkafka …); sarama's
	// NewConsistentCRCHashPartitioner and kafka-go's CRC32Balancer
	// give the same partitions. The partition is crc32(key) % n, the
	// IEEE CRC-32 of [hash/crc32] taken as unsigned.
	CRC32

	// FNV1a is sarama's default, NewHashPartitioner, and kafka-go's
	// Hash balancer: the 32-bit FNV-1a hash taken as a signed 32-bit
	// integer, its remainder by n (negative for a negative hash), and
	// that remainder's absolute value. sarama's
	// NewReferenceHashPartitioner clears the sign bit instead and picks
	// other partitions for half the keys.
	FNV1a
)

// String returns the partitioner's name: "murmur2", "crc32" or "fnv1a".
// Any other value prints as Partitioner(n).
func (p Partitioner) String() string {
	switch p {
	case Murmur2:
		return "murmur2"
	case CRC32:
		return "crc32"
	case FNV1a:
		return "fnv1a"
	}
	return "Partitioner(" + strconv.Itoa(int(p)) + ")"
}

// Partition returns the partition, from 0 to n-1, that p picks for a
// record whose serialized key is key, among n partitions. It returns an
// error matching [ErrPartitionCount] if n is below 1 or above
// math.MaxInt32. A nil key is hashed as an empty one, which is how the
// Java client and librdkafka's murmur2 hash it but not how producers
// treat a null key (see [Partitioner]).
func (p Partitioner) Partition(key []byte, n int) (int, error) {
	if n < 1 || n > math.MaxInt32 {
		p.valid()
		return -1, countError(n)
	}
	switch p {
	case Murmur2:
		return int(murmur2(key)&0x7fffffff) % n, nil
	case CRC32:
		return int(crc32.ChecksumIEEE(key) % uint32(n)), nil
	case FNV1a:
		r := int32(fnv1a(key)) % int32(n)
		if r < 0 {
			r = -r
		}
		return int(r), nil
	}
	p.valid()
	return -1, nil
}

// valid panics if p is not a partitioner.
func (p Partitioner) valid() {
	if p < Murmur2 || p > FNV1a {
		panic("placement: invalid " + p.String())
	}
}

// PartitionText returns the partition p picks for u, written as Kafka's
// UUIDSerializer writes a java.util.UUID key: the 36 characters of its
// canonical text in lower case, in UTF-8 (kafkajs and the Go clients
// given u.String() send the same bytes). See [Partitioner.Partition] for
// n and the error.
func (p Partitioner) PartitionText(u uuid.UUID, n int) (int, error) {
	var buf [36]byte
	return p.Partition(u.AppendForm(buf[:0], uuid.FormCanonical), n)
}

// PartitionBinary returns the partition p picks for u written as its 16
// bytes in RFC 9562 order, as a byte-array key or a Go producer sending
// u[:] writes it. See [Partitioner.Partition] for n and the error.
func (p Partitioner) PartitionBinary(u uuid.UUID, n int) (int, error) {
	return p.Partition(u[:], n)
}

// murmur2 is MurmurHash2, 32-bit, as Kafka's Utils.murmur2 computes it:
// seed 0x9747b28c, the key's 4-byte blocks read little-endian, the tail
// bytes taken unsigned.
func murmur2(key []byte) uint32 {
	const m, r = 0x5bd1e995, 24
	h := 0x9747b28c ^ uint32(len(key))
	for len(key) >= 4 {
		k := binary.LittleEndian.Uint32(key)
		k *= m
		k ^= k >> r
		k *= m
		h = h*m ^ k
		key = key[4:]
	}
	switch len(key) {
	case 3:
		h ^= uint32(key[2]) << 16
		fallthrough
	case 2:
		h ^= uint32(key[1]) << 8
		fallthrough
	case 1:
		h ^= uint32(key[0])
		h *= m
	}
	h ^= h >> 13
	h *= m
	h ^= h >> 15
	return h
}

// fnv1a is the 32-bit FNV-1a hash of key, as hash/fnv's New32a computes
// it, without the allocation of a hash.Hash32.
func fnv1a(key []byte) uint32 {
	const offset, prime = 2166136261, 16777619
	h := uint32(offset)
	for _, c := range key {
		h ^= uint32(c)
		h *= prime
	}
	return h
}
