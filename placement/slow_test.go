package placement_test

import (
	"hash/fnv"
	"math"
	"strings"
)

// The slow references: each hash written from its definition, a byte or
// a bit at a time, in the arithmetic of the Java code that defines the
// system's placement (signed 32- and 64-bit integers, >>> as a shift of
// the unsigned value), sharing no code with the package.

// slowMurmur2 is Kafka's Utils.murmur2 in Java int arithmetic.
func slowMurmur2(data []byte) int32 {
	const seed, m, r = int32(-1756908916), int32(0x5bd1e995), 24 // seed 0x9747b28c
	length := int32(len(data))
	h := seed ^ length
	for i := 0; i+4 <= len(data); i += 4 {
		k := int32(data[i]) | int32(data[i+1])<<8 | int32(data[i+2])<<16 | int32(data[i+3])<<24
		k *= m
		k ^= int32(uint32(k) >> r)
		k *= m
		h *= m
		h ^= k
	}
	tail := data[len(data)/4*4:]
	if len(tail) >= 3 {
		h ^= int32(tail[2]) << 16
	}
	if len(tail) >= 2 {
		h ^= int32(tail[1]) << 8
	}
	if len(tail) >= 1 {
		h ^= int32(tail[0])
		h *= m
	}
	h ^= int32(uint32(h) >> 13)
	h *= m
	h ^= int32(uint32(h) >> 15)
	return h
}

// slowCRC32 is the IEEE CRC-32 (reflected polynomial 0xedb88320, initial
// value and final XOR all ones), a bit at a time.
func slowCRC32(data []byte) uint32 {
	crc := ^uint32(0)
	for _, b := range data {
		crc ^= uint32(b)
		for range 8 {
			if crc&1 != 0 {
				crc = crc>>1 ^ 0xedb88320
			} else {
				crc >>= 1
			}
		}
	}
	return ^crc
}

// slowFNV1a is hash/fnv's 32-bit FNV-1a.
func slowFNV1a(data []byte) uint32 {
	h := fnv.New32a()
	h.Write(data)
	return h.Sum32()
}

// slowPartition is the partition each family's code picks, in 64-bit
// arithmetic: Kafka's toPositive(murmur2) % n; librdkafka's unsigned
// crc32 % n; sarama's int32(fnv1a) % n, negated if negative.
func slowPartition(family string, key []byte, n int64) int64 {
	switch family {
	case "murmur2":
		return int64(slowMurmur2(key)) & math.MaxInt32 % n
	case "crc32":
		return int64(slowCRC32(key)) % n
	case "fnv1a":
		p := int64(int32(slowFNV1a(key))) % n // Go's % truncates, as Java's does
		if p < 0 {
			p = -p
		}
		return p
	}
	panic("unknown family " + family)
}

// slowCRC16 is CRC16-XMODEM (polynomial 0x1021, initial value 0, no
// reflection), a bit at a time.
func slowCRC16(data []byte) uint16 {
	var crc uint16
	for _, b := range data {
		crc ^= uint16(b) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// slowSlot is Redis's keyHashSlot written with package strings: the bytes
// between the first "{" and the first "}" after it if there are any, else
// the whole key.
func slowSlot(key string) int {
	if _, rest, ok := strings.Cut(key, "{"); ok {
		if tag, _, ok := strings.Cut(rest, "}"); ok && tag != "" {
			key = tag
		}
	}
	return int(slowCRC16([]byte(key))) & 0x3fff
}

// slowComposite serializes a partition key as Cassandra does: one column
// as its bytes, several each as a 2-byte length, its bytes and a 0 byte.
func slowComposite(columns [][]byte) []byte {
	if len(columns) == 1 {
		return columns[0]
	}
	var b []byte
	for _, c := range columns {
		b = append(b, byte(len(c)>>8), byte(len(c)))
		b = append(b, c...)
		b = append(b, 0)
	}
	return b
}

// slowToken is Cassandra's Murmur3Partitioner.getToken: MurmurHash.
// hash3_x64_128 with seed 0 in Java long arithmetic, blocks read with
// masked bytes and the tail with signed ones, the first half normalized.
func slowToken(key []byte) int64 {
	if len(key) == 0 {
		return math.MinInt64
	}
	const c1, c2 = int64(-8663945395140668459), int64(0x4cf5ad432745937f) // c1 = 0x87c37b91114253d5
	rotl := func(v int64, n uint) int64 { return v<<n | int64(uint64(v)>>(64-n)) }
	fmix := func(k int64) int64 {
		k ^= int64(uint64(k) >> 33)
		k *= -49064778989728563 // 0xff51afd7ed558ccd
		k ^= int64(uint64(k) >> 33)
		k *= -4265267296055464877 // 0xc4ceb9fe1a85ec53
		k ^= int64(uint64(k) >> 33)
		return k
	}
	block := func(b []byte) (k int64) { // getBlock: little-endian, bytes & 0xff
		for i := 7; i >= 0; i-- {
			k = k<<8 | int64(b[i])
		}
		return k
	}
	var h1, h2 int64
	n := len(key) / 16
	for i := range n {
		k1, k2 := block(key[16*i:]), block(key[16*i+8:])
		k1 *= c1
		k1 = rotl(k1, 31)
		k1 *= c2
		h1 ^= k1
		h1 = rotl(h1, 27)
		h1 += h2
		h1 = h1*5 + 0x52dce729
		k2 *= c2
		k2 = rotl(k2, 33)
		k2 *= c1
		h2 ^= k2
		h2 = rotl(h2, 31)
		h2 += h1
		h2 = h2*5 + 0x38495ab5
	}
	tail := key[16*n:]
	var k1, k2 int64
	for i := len(tail) - 1; i >= 0; i-- {
		v := int64(int8(tail[i])) // (long) key.get(…): a signed byte
		if i >= 8 {
			k2 ^= v << (8 * (i - 8))
		} else {
			k1 ^= v << (8 * i)
		}
	}
	if len(tail) > 8 {
		k2 *= c2
		k2 = rotl(k2, 33)
		k2 *= c1
		h2 ^= k2
	}
	if len(tail) > 0 {
		k1 *= c1
		k1 = rotl(k1, 31)
		k1 *= c2
		h1 ^= k1
	}
	h1 ^= int64(len(key))
	h2 ^= int64(len(key))
	h1 += h2
	h2 += h1
	h1 = fmix(h1)
	h2 = fmix(h2)
	h1 += h2
	if h1 == math.MinInt64 {
		return math.MaxInt64
	}
	return h1
}
