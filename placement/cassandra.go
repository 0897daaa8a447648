package placement

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/operr"
)

// maxColumn is the most bytes a partition key column may have: Cassandra
// writes each column of a composite key after a 2-byte length, and refuses
// a key longer than 65535 bytes.
const maxColumn = math.MaxUint16

// CassandraToken returns the token of a row whose partition key is the one
// uuid or timeuuid column u, under Murmur3Partitioner, the default of
// Cassandra and ScyllaDB: the first 64 bits of MurmurHash3 x64 128-bit,
// seed 0, of u's 16 bytes, as a signed integer. Rows are stored, and
// token-aware drivers route, by token; a token range in a CQL query
// (token(id) > ?) selects by it too.
func CassandraToken(u uuid.UUID) int64 {
	var m murmur3
	m.block(binary.LittleEndian.Uint64(u[0:]), binary.LittleEndian.Uint64(u[8:]))
	return m.token(uuid.Size)
}

// CassandraKeyToken returns the Murmur3Partitioner token of a partition key
// whose columns, in the order of the table's PRIMARY KEY, have the
// serialized values given (CQL's binary forms: a uuid's 16 bytes, an
// int's 4 big-endian bytes, a text's UTF-8 …). A key of one column is
// hashed as its bytes, so CassandraKeyToken(u[:]) is CassandraToken(u); a
// composite key of several is hashed as Cassandra serializes it, each
// column as its length in 2 big-endian bytes, its bytes and a 0 byte.
//
// Cassandra's MurmurHash3 reads the last bytes of a key whose length is
// not a multiple of 16 as signed Java bytes, so for many composite keys
// its tokens differ from those of the standard MurmurHash3; this function
// computes Cassandra's. The token of an empty key is math.MinInt64, and no
// other key has it: Cassandra maps a hash of math.MinInt64 to
// math.MaxInt64.
//
// It returns an error matching [uuid.ErrLength] if there is no column or
// a column is longer than 65535 bytes, which Cassandra refuses.
func CassandraKeyToken(columns ...[]byte) (int64, error) {
	if len(columns) == 0 {
		return 0, &operr.Error{Pkg: "placement", Op: "CassandraKeyToken", Input: "0 columns", Problem: "a partition key has at least one column", Kind: uuid.ErrLength}
	}
	n := 0
	for i, c := range columns {
		if len(c) > maxColumn {
			return 0, &operr.Error{Pkg: "placement", Op: "CassandraKeyToken", Input: "column " + strconv.Itoa(i) + " of " + strconv.Itoa(len(c)) + " bytes",
				Problem: "longer than 65535 bytes", Kind: uuid.ErrLength}
		}
		n += len(c)
	}
	var m murmur3
	if len(columns) == 1 {
		if n == 0 {
			return math.MinInt64, nil
		}
		m.write(columns[0])
		return m.token(n), nil
	}
	for _, c := range columns {
		m.write([]byte{byte(len(c) >> 8), byte(len(c))})
		m.write(c)
		m.write([]byte{0})
	}
	return m.token(n + 3*len(columns)), nil
}

// murmur3 is MurmurHash3 x64 128-bit with seed 0, as Cassandra's
// MurmurHash.hash3_x64_128 computes it, fed in pieces: whole 16-byte
// blocks are mixed as they fill, and the tail waits in buf.
type murmur3 struct {
	h1, h2 uint64
	buf    [16]byte
	nbuf   int
}

const (
	murmurC1 = 0x87c37b91114253d5
	murmurC2 = 0x4cf5ad432745937f
)

// block mixes one 16-byte block, read as two little-endian words.
func (m *murmur3) block(k1, k2 uint64) {
	m.h1 ^= bits.RotateLeft64(k1*murmurC1, 31) * murmurC2
	m.h1 = (bits.RotateLeft64(m.h1, 27)+m.h2)*5 + 0x52dce729
	m.h2 ^= bits.RotateLeft64(k2*murmurC2, 33) * murmurC1
	m.h2 = (bits.RotateLeft64(m.h2, 31)+m.h1)*5 + 0x38495ab5
}

// write adds b to the bytes hashed.
func (m *murmur3) write(b []byte) {
	if m.nbuf > 0 {
		c := copy(m.buf[m.nbuf:], b)
		m.nbuf += c
		b = b[c:]
		if m.nbuf < len(m.buf) {
			return
		}
		m.block(binary.LittleEndian.Uint64(m.buf[0:]), binary.LittleEndian.Uint64(m.buf[8:]))
		m.nbuf = 0
	}
	for len(b) >= 16 {
		m.block(binary.LittleEndian.Uint64(b[0:]), binary.LittleEndian.Uint64(b[8:]))
		b = b[16:]
	}
	m.nbuf = copy(m.buf[:], b)
}

// token finishes the hash of n bytes, the tail in buf, and returns
// Cassandra's token of its first 64-bit half.
func (m *murmur3) token(n int) int64 {
	// Cassandra reads each tail byte as a signed Java byte widened to a
	// long, so a byte of 0x80 or more sets every bit above its own
	// before the shift: int64(int8(b)), where the standard algorithm
	// has uint64(b).
	var k1, k2 uint64
	for i := m.nbuf - 1; i >= 8; i-- {
		k2 ^= uint64(int64(int8(m.buf[i]))) << (8 * (i - 8))
	}
	for i := min(m.nbuf, 8) - 1; i >= 0; i-- {
		k1 ^= uint64(int64(int8(m.buf[i]))) << (8 * i)
	}
	if m.nbuf > 8 {
		m.h2 ^= bits.RotateLeft64(k2*murmurC2, 33) * murmurC1
	}
	if m.nbuf > 0 {
		m.h1 ^= bits.RotateLeft64(k1*murmurC1, 31) * murmurC2
	}
	h1, h2 := m.h1^uint64(n), m.h2^uint64(n)
	h1 += h2
	h2 += h1
	h1 = fmix64(h1)
	h2 = fmix64(h2)
	return normalize(int64(h1 + h2))
}

// normalize returns Cassandra's token of a key whose hash is h: h itself,
// or math.MaxInt64 for math.MinInt64, which stands for the empty key
// (Murmur3Partitioner.normalize).
func normalize(h int64) int64 {
	if h == math.MinInt64 {
		return math.MaxInt64
	}
	return h
}

// fmix64 is MurmurHash3's finalization mix of a 64-bit word.
func fmix64(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}
