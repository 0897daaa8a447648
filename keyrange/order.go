package keyrange

import (
	"encoding/binary"
	"math/bits"
	"strconv"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
	"github.com/afb7af96/uuid/cqluuid"
	"github.com/afb7af96/uuid/duckdbuuid"
	"github.com/afb7af96/uuid/mysqluuid"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

// An Order is the order in which one engine sorts a column of UUIDs, and
// the way that engine writes a UUID in a predicate. Each order is one of
// the module's database packages' Key functions: a one-to-one map of
// UUIDs onto 16-byte keys whose bytewise order is the engine's, so that
// every order has a least and a greatest UUID and splits evenly. The zero
// Order is no order: every function given it returns an error matching
// [ErrOrder].
type Order uint8

// The orders. PostgreSQL, DuckDB, MySQLText and MySQLBinary are all the
// order of [uuid.UUID.Compare], RFC 9562's byte order, which Parquet,
// Arrow and every bytewise store share; they differ in how a predicate
// writes a bound.
const (
	// PostgreSQL is a uuid column of PostgreSQL, in byte order;
	// a bound reads '…'::uuid.
	PostgreSQL Order = iota + 1

	// DuckDB is a UUID column of DuckDB, in byte order (see
	// package duckdbuuid); a bound reads '…'::UUID.
	DuckDB

	// ClickHouse is a UUID column of ClickHouse, which sorts by bytes 8 to
	// 15 first (see package clickhouseuuid); a bound reads toUUID('…').
	ClickHouse

	// SQLServer is a uniqueidentifier column of SQL Server, which sorts by
	// bytes 10 to 15 first (see package sqlserveruuid); a bound reads
	// CAST('…' AS uniqueidentifier).
	SQLServer

	// MySQLText is a CHAR(36) or VARCHAR column of MySQL or MariaDB that
	// holds canonical text, all in lower case or under a case-insensitive
	// collation, which sorts in byte order; a bound reads '…'.
	MySQLText

	// MySQLBinary is a BINARY(16) column of MySQL or MariaDB that holds
	// the 16 bytes in order, as UUID_TO_BIN(u) (or UUID_TO_BIN(u, 0))
	// makes them; a bound is those bytes as a hex literal, X'…'.
	MySQLBinary

	// MySQLSwapped is a BINARY(16) column of MySQL or MariaDB that holds
	// UUID_TO_BIN(u, 1), whose bytes 6 and 7 come first (see package
	// mysqluuid); a bound is those swapped bytes as a hex literal, X'…'.
	MySQLSwapped

	// CassandraUUID is a uuid column of Cassandra or ScyllaDB, which
	// sorts by version first (see package cqluuid); a bound is a bare CQL
	// uuid constant.
	CassandraUUID

	// CassandraTimeUUID is a timeuuid column of Cassandra or ScyllaDB,
	// which sorts by a version 1 UUID's timestamp, then by its last 8
	// bytes as signed bytes (see package cqluuid); a bound is a bare CQL
	// uuid constant.
	CassandraTimeUUID

	lastOrder = CassandraTimeUUID
)

var orderNames = [...]string{
	PostgreSQL:        "PostgreSQL",
	DuckDB:            "DuckDB",
	ClickHouse:        "ClickHouse",
	SQLServer:         "SQLServer",
	MySQLText:         "MySQLText",
	MySQLBinary:       "MySQLBinary",
	MySQLSwapped:      "MySQLSwapped",
	CassandraUUID:     "CassandraUUID",
	CassandraTimeUUID: "CassandraTimeUUID",
}

// String returns the order's name, such as "SQLServer", or "Order(n)"
// for a value that is no order.
func (o Order) String() string {
	if o.valid() {
		return orderNames[o]
	}
	return "Order(" + strconv.Itoa(int(o)) + ")"
}

func (o Order) valid() bool { return o >= PostgreSQL && o <= lastOrder }

// Compare returns -1, 0 or +1 as a sorts before, with or after b in the
// order o: the Compare function of o's database package. For a value that
// is no order it compares in byte order.
func (o Order) Compare(a, b uuid.UUID) int {
	switch o {
	case ClickHouse:
		return clickhouseuuid.Compare(a, b)
	case SQLServer:
		return sqlserveruuid.Compare(a, b)
	case MySQLSwapped:
		return mysqluuid.Compare(a, b)
	case CassandraUUID:
		return cqluuid.Compare(a, b)
	case CassandraTimeUUID:
		return cqluuid.CompareTimeUUID(a, b)
	case DuckDB:
		return duckdbuuid.Compare(a, b)
	}
	return a.Compare(b)
}

// u128 is an unsigned 128-bit number: a key, a width or an offset.
type u128 struct{ hi, lo uint64 }

func (x u128) cmp(y u128) int {
	switch {
	case x.hi < y.hi:
		return -1
	case x.hi > y.hi:
		return +1
	case x.lo < y.lo:
		return -1
	case x.lo > y.lo:
		return +1
	}
	return 0
}

func (x u128) add(y u128) u128 {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	hi, _ := bits.Add64(x.hi, y.hi, c)
	return u128{hi, lo}
}

func (x u128) sub(y u128) u128 {
	lo, b := bits.Sub64(x.lo, y.lo, 0)
	hi, _ := bits.Sub64(x.hi, y.hi, b)
	return u128{hi, lo}
}

func fromBytes(k [16]byte) u128 {
	return u128{binary.BigEndian.Uint64(k[:8]), binary.BigEndian.Uint64(k[8:])}
}

func (x u128) bytes() [16]byte {
	var k [16]byte
	binary.BigEndian.PutUint64(k[:8], x.hi)
	binary.BigEndian.PutUint64(k[8:], x.lo)
	return k
}

// key returns u's place in the order o as a number: the Key function of
// o's database package, read as a big-endian 128-bit number.
func (o Order) key(u uuid.UUID) u128 {
	switch o {
	case ClickHouse:
		return fromBytes(clickhouseuuid.Key(u))
	case SQLServer:
		return fromBytes(sqlserveruuid.Key(u))
	case MySQLSwapped:
		return fromBytes(mysqluuid.Key(u))
	case CassandraUUID:
		return fromBytes(cqluuid.Key(u))
	case CassandraTimeUUID:
		return fromBytes(cqluuid.TimeUUIDKey(u))
	case DuckDB:
		return fromBytes(duckdbuuid.Key(u))
	}
	return fromBytes(u)
}

// uuidAt returns the UUID whose key in the order o is k: the inverse of
// key, which the tests check against the database packages' Key functions.
func (o Order) uuidAt(k u128) uuid.UUID {
	switch o {
	case ClickHouse:
		// Key is bytes 8 to 15, then 0 to 7.
		return u128{k.lo, k.hi}.bytes()
	case SQLServer:
		// Key is bytes 10 to 15, 8, 9, then 7 down to 0.
		return u128{bits.ReverseBytes64(k.lo), bits.RotateLeft64(k.hi, -16)}.bytes()
	case MySQLSwapped:
		u, _ := mysqluuid.BinToUUID(k.bytesSlice(), true) // 16 bytes: no error
		return u
	case CassandraUUID:
		return u128{cassandraHighInverse(k.hi), k.lo}.bytes()
	case CassandraTimeUUID:
		return u128{timestampFirstInverse(k.hi), k.lo ^ signFlip}.bytes()
	}
	return k.bytes()
}

func (x u128) bytesSlice() []byte {
	k := x.bytes()
	return k[:]
}

// signFlip turns each of 8 bytes' sign bit over, as a timeuuid's key does
// to its last 8 bytes.
const signFlip = 0x8080_8080_8080_8080

// timestampFirstInverse undoes the rearrangement of a version 1 UUID's
// first 8 bytes that a Cassandra key makes: from version, time_high,
// time_mid, time_low back to time_low, time_mid, version, time_high.
func timestampFirstInverse(h uint64) uint64 {
	return h<<32 | h>>16&0xffff_0000 | h>>48
}

// cassandraHighInverse undoes the first half of a Cassandra uuid key: for
// version 1, the timestamp's rearrangement; for any other version, the
// version nibble moved from bits 12 to 15 to the top.
func cassandraHighInverse(h uint64) uint64 {
	version := h >> 60
	if version == 1 {
		return timestampFirstInverse(h)
	}
	return h<<4&0xffff_ffff_ffff_0000 | version<<12 | h&0xfff
}

// fixedBits describes, in an order's keys, the 6 bits that the version
// and variant fix in every UUID of one version (RFC 9562, Section 4):
// where they are and what they hold. The other 122 bits, read from the
// most significant down, are a UUID's rank among that version's UUIDs in
// the order.
type fixedBits struct {
	mask, value u128
}

// randomKeys returns the fixed bits, in o's keys, of the UUIDs of the
// version o's column holds at random: version 1 for CassandraTimeUUID,
// version 4 for every other order. Every order's key moves the bits of a
// UUID's version and variant to the same places for all values that keep
// to one rearrangement of the rest (for CassandraUUID, versions other
// than 1), so the places are those where the keys of two such UUIDs
// differ if the two differ in those bits only.
func (o Order) randomKeys() fixedBits {
	var least, flipped uuid.UUID
	least[6], least[8] = 0x40, 0x80 // version 4, variant 10, all else 0
	if o == CassandraTimeUUID {
		least[6] = 0x10
	}
	flipped = least
	flipped[6] ^= 0xf0 // a version other than 1 whichever least has
	flipped[8] ^= 0xc0
	k := o.key(least)
	d := o.key(flipped)
	mask := u128{k.hi ^ d.hi, k.lo ^ d.lo}
	return fixedBits{mask: mask, value: u128{k.hi & mask.hi, k.lo & mask.lo}}
}

// deposit returns the key whose free bits (those outside f.mask), from
// the most significant down, hold the low 122 bits of rank, and whose
// fixed bits hold f.value.
func (f fixedBits) deposit(rank u128) u128 {
	out := f.value
	// Walk the free bits from the least significant up, taking rank's
	// bits from its least significant up.
	for half := 1; half >= 0; half-- {
		free := ^f.mask.lo
		if half == 0 {
			free = ^f.mask.hi
		}
		var word uint64
		for free != 0 {
			// The lowest run of free bits: its place and its length.
			at := bits.TrailingZeros64(free)
			n := bits.TrailingZeros64(^(free >> at))
			if n == 64 {
				word |= rank.lo << at
			} else {
				word |= (rank.lo & (1<<n - 1)) << at
			}
			rank = rank.shiftRight(uint(n))
			free &^= (1<<n - 1) << at
			if n == 64 {
				free = 0
			}
		}
		if half == 1 {
			out.lo |= word
		} else {
			out.hi |= word
		}
	}
	return out
}

func (x u128) shiftRight(n uint) u128 {
	switch {
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{0, x.hi >> (n - 64)}
	case n == 0:
		return x
	}
	return u128{x.hi >> n, x.lo>>n | x.hi<<(64-n)}
}
