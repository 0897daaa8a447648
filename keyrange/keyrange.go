// Package keyrange splits the keyspace of a UUID column into contiguous,
// non-overlapping ranges in one engine's order, and writes each range as
// the predicate that engine needs, for scanning a table in parallel:
// backfills, exports, change-data-capture snapshots.
//
// # Orders
//
// Engines do not agree on how UUIDs sort. PostgreSQL, DuckDB, Parquet and
// MySQL's text and UUID_TO_BIN(u) columns sort them bytewise, as
// [uuid.UUID.Compare] does; SQL Server, ClickHouse, Cassandra's uuid and
// timeuuid types and MySQL's UUID_TO_BIN(u, 1) columns each sort them
// another way. A range is contiguous only in the order it was made for, so
// every [Range] carries its [Order], and a split in SQL Server's order
// must be queried on SQL Server. Each order is the Key function of the
// module's package for that engine (sqlserveruuid, clickhouseuuid,
// cqluuid, mysqluuid, duckdbuuid), a one-to-one map of UUIDs onto 16-byte
// keys whose bytewise order is the engine's.
//
// # Splits
//
// [Split] divides the keyspace into n ranges that hold equal numbers of
// random (version 4) UUIDs, computed exactly in 128 bits, in every order:
// also in ClickHouse's, MySQL's swapped and Cassandra's, which sort by the
// version or variant bits first, so that random keys fill only part of
// their keyspace. [Range.Split] divides one range into ranges of equal
// width, so a range found too large is split again. Keys that are not
// random, such as version 7 keys, which share their leading bits for
// years, fill equal shares of random keys very unevenly: [SplitSample]
// puts the bounds at the quantiles of a sample of the table's keys
// instead, and [SplitTime] at equal spans of the time a version 7 key
// holds.
//
// Each of the three splits covers the keyspace: its first range starts at
// the least UUID of the order, each range ends where the next starts, and
// the last has no upper bound, so every UUID, [uuid.Max] included, is in
// exactly one range of a split. [Range.Split] covers its range the same
// way.
//
// # Predicates
//
// [Range.AppendPredicate] and [Range.Predicate] write a range as an SQL
// (or CQL) condition on a column, "id >= low AND id < high" with each bound
// in its engine's literal form; the first range of a split has no low
// bound and the last no high bound. The column name is checked and
// quoted, so no name can change the statement. A row whose key is NULL is
// in no range.
package keyrange

import (
	"math/bits"
	"slices"
	"strconv"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/operr"
)

// maxCount is the most ranges one call makes: a million ranges are more
// than any parallel scan needs, and the limit keeps a wrong n from taking
// all memory.
const maxCount = 1 << 20

// A Range is the UUIDs from Low up to but not including High in the order
// Order; if Last is set, it has no upper bound and holds every UUID from
// Low up, through the greatest of its order. The zero Range has no order
// and is invalid. A Range is a value, safe to copy and to use from many
// goroutines.
type Range struct {
	Order Order     // the order the range is contiguous in
	Low   uuid.UUID // the least UUID in the range: the least of its order for a split's first range
	High  uuid.UUID // the least UUID above the range, unless Last is set
	Last  bool      // whether the range has no upper bound (High is then ignored)
}

// check returns an error if r has no order or its Low is above its High.
func (r Range) check(op string) error {
	if !r.Order.valid() {
		return orderError(op, r.Order, "unknown order")
	}
	if !r.Last && r.Order.key(r.Low).cmp(r.Order.key(r.High)) > 0 {
		return boundsError(op, r)
	}
	return nil
}

// Contains reports whether u is in r: Low <= u < High in r's order, or
// Low <= u if r is Last. It reports false for an invalid range.
func (r Range) Contains(u uuid.UUID) bool {
	if !r.Order.valid() {
		return false
	}
	k := r.Order.key(u)
	return k.cmp(r.Order.key(r.Low)) >= 0 && (r.Last || k.cmp(r.Order.key(r.High)) < 0)
}

// String returns r as its order and a half-open interval, such as
// "PostgreSQL [00000000-0000-0000-0000-000000000000, 80000000-0000-0000-0000-000000000000)",
// with "…)" for the missing bound of a Last range.
func (r Range) String() string {
	b := make([]byte, 0, 100)
	b = append(b, r.Order.String()...)
	b = append(b, " ["...)
	b = r.Low.AppendForm(b, uuid.FormCanonical)
	b = append(b, ", "...)
	if r.Last {
		b = append(b, "…)"...)
	} else {
		b = r.High.AppendForm(b, uuid.FormCanonical)
		b = append(b, ')')
	}
	return string(b)
}

// full returns the range that holds every UUID in the order o: from its
// least UUID, with no upper bound.
func full(o Order) Range {
	return Range{Order: o, Low: o.uuidAt(u128{}), Last: true}
}

// Split divides the keyspace of the order o into n contiguous,
// non-overlapping ranges that hold equal numbers of random UUIDs. Of the
// 2^122 version 4 UUIDs (version 1 for CassandraTimeUUID, whose column
// holds no other), range k, for k from 1 to n-1, starts at the one whose
// rank in o's order is floor(2^122·k/n), computed exactly, so each range
// holds 2^122/n of them, to one. A table of version 4 keys thus spreads
// evenly over the ranges in every order, also in those that sort by the
// version or variant bits first (ClickHouse, MySQLSwapped,
// CassandraUUID), where ranges of equal width in the whole keyspace would
// leave most of them empty. Keys of other versions are in whichever range
// the order puts them; for keys that are not random, see [SplitSample]
// and [SplitTime].
//
// The first range starts at o's least UUID, the last has no upper bound,
// and each starts where the one before it ends, so every UUID is in one
// range. n is from 1 to 1 048 576; another n gives an error matching
// [ErrCount], and an unknown order one matching [ErrOrder].
func Split(o Order, n int) ([]Range, error) {
	const op = "Split"
	if !o.valid() {
		return nil, orderError(op, o, "unknown order")
	}
	if n < 1 || n > maxCount {
		return nil, countError(op, n, "not from 1 to 1048576")
	}
	f := o.randomKeys()
	ranges := make([]Range, n)
	start := full(o).Low
	// The ranks 2^122·i/n = i·q + i·rem/n, with 2^122 = q·n + rem.
	q, rem := divmod(u128{1 << 58, 0}, uint64(n))
	rank := u128{}
	for i := 1; i < n; i++ {
		rank = rank.add(q)
		bound := o.uuidAt(f.deposit(rank.add(u128{0, uint64(i) * rem / uint64(n)})))
		ranges[i-1] = Range{Order: o, Low: start, High: bound}
		start = bound
	}
	ranges[n-1] = Range{Order: o, Low: start, Last: true}
	return ranges, nil
}

// Split divides r into n contiguous, non-overlapping ranges of equal width
// (to one key) in r's order: the first starts at r.Low, the last ends
// where r does (with no upper bound if r has none), and each starts where
// the one before it ends. Each bound is exact: the k-th range starts
// floor(k·w/n) keys above r.Low, where w is r's width, computed in 128
// bits. r.Split(2) halves r at its midpoint.
//
// n is from 1 to 1 048 576 and at most the number of UUIDs in r, so that
// no range is empty; another n gives an error matching [ErrCount]. A range
// with no order gives an error matching [ErrOrder], and one whose Low is
// above its High an error matching [ErrBounds].
func (r Range) Split(n int) ([]Range, error) {
	if err := r.check("Split"); err != nil {
		return nil, err
	}
	return r.split("Split", n)
}

func (r Range) split(op string, n int) ([]Range, error) {
	if n < 1 || n > maxCount {
		return nil, countError(op, n, "not from 1 to 1048576")
	}
	if n == 1 {
		return []Range{r}, nil
	}
	o := r.Order
	low := o.key(r.Low)
	// w1 is the width minus one: the width of a Last range, up to 2^128,
	// does not fit in 128 bits, but every width of two or more keys less
	// one does.
	var w1 u128
	if r.Last {
		w1 = u128{^uint64(0), ^uint64(0)}.sub(low)
	} else {
		high := o.key(r.High)
		if high.cmp(low) <= 0 || high.sub(low).cmp(u128{0, uint64(n)}) < 0 {
			return nil, countError(op, n, "more ranges than keys in "+r.String())
		}
		w1 = high.sub(low).sub(u128{0, 1})
	}
	// The width w = w1+1 = q·n + rem with rem < n.
	q, rem := divmod(w1, uint64(n))
	if rem++; rem == uint64(n) {
		q, rem = q.add(u128{0, 1}), 0
	}
	if q == (u128{}) {
		return nil, countError(op, n, "more ranges than keys in "+r.String())
	}
	ranges := make([]Range, n)
	start := r.Low
	step := low
	for i := 1; i < n; i++ {
		// floor(i·w/n) = i·q + floor(i·rem/n); i·rem < n² fits in 64 bits.
		step = step.add(q)
		bound := o.uuidAt(step.add(u128{0, uint64(i) * rem / uint64(n)}))
		ranges[i-1] = Range{Order: o, Low: start, High: bound}
		start = bound
	}
	ranges[n-1] = Range{Order: o, Low: start, High: r.High, Last: r.Last}
	return ranges, nil
}

// divmod returns x/d and x%d.
func divmod(x u128, d uint64) (u128, uint64) {
	qhi, r := x.hi/d, x.hi%d
	qlo, r := bits.Div64(r, x.lo, d)
	return u128{qhi, qlo}, r
}

// SplitSample divides the keyspace of the order o into n contiguous,
// non-overlapping ranges that each hold an equal share of sample, a sample
// of a table's keys: the bounds are the sample's quantiles in o's order.
// It is the split for keys that are not uniformly random, such as version
// 7 keys, which an even split of the keyspace puts nearly all in one
// range. How evenly the table's rows spread over the ranges depends on the
// sample: a random sample of m keys leaves each of n ranges about
// 1/sqrt(m/n) of its share off.
//
// Duplicates in sample count once, and sample is not modified. The ranges
// cover the keyspace as [Split]'s do. An empty sample gives an error
// matching [ErrSample]; n outside 1 to 1 048 576 or above the number of
// distinct keys in sample one matching [ErrCount]; an unknown order one
// matching [ErrOrder].
func SplitSample(o Order, sample []uuid.UUID, n int) ([]Range, error) {
	const op = "SplitSample"
	if !o.valid() {
		return nil, orderError(op, o, "unknown order")
	}
	if len(sample) == 0 {
		return nil, &operr.Error{Pkg: pkg, Op: op, Input: "0 keys", Problem: "empty sample", Kind: ErrSample}
	}
	if n < 1 || n > maxCount {
		return nil, countError(op, n, "not from 1 to 1048576")
	}
	keys := make([]u128, len(sample))
	for i, u := range sample {
		keys[i] = o.key(u)
	}
	slices.SortFunc(keys, u128.cmp)
	keys = slices.Compact(keys)
	if len(keys) < n {
		return nil, countError(op, n, "more ranges than the sample's "+strconv.Itoa(len(keys))+" distinct keys")
	}
	ranges := make([]Range, n)
	start := full(o).Low
	m := uint64(len(keys))
	for i := 1; i < n; i++ {
		// Bound i is the sample's i/n quantile; i·m/n strictly increases
		// with i because m >= n, so no range is empty.
		hi, lo := bits.Mul64(uint64(i), m)
		j, _ := bits.Div64(hi, lo, uint64(n))
		bound := o.uuidAt(keys[j])
		ranges[i-1] = Range{Order: o, Low: start, High: bound}
		start = bound
	}
	ranges[n-1] = Range{Order: o, Low: start, Last: true}
	return ranges, nil
}

// SplitTime divides the keyspace of the order o into n contiguous,
// non-overlapping ranges whose bounds are version 7 keys at n equal spans
// of the time from from to to, to the millisecond: range k's version 7
// keys are those made from the millisecond from + k·(to−from)/n up to but
// not including the next range's, and its bounds are [uuid.MinV7] of
// those milliseconds. The first range also holds every key before from,
// and the last every key from to on, so the ranges cover the keyspace as
// [Split]'s do, and keys of other versions are in whichever range their
// order puts them.
//
// o must sort version 7 keys by time: PostgreSQL, DuckDB, MySQLText,
// MySQLBinary or CassandraUUID; another order gives an error matching
// [ErrOrder]. Times are clamped to version 7's range (1970 to 10889) as
// [uuid.MinV7] clamps them. A to before from gives an error matching
// [ErrBounds]; n outside 1 to 1 048 576, or above the number of
// milliseconds from from to to, one matching [ErrCount].
func SplitTime(o Order, from, to time.Time, n int) ([]Range, error) {
	const op = "SplitTime"
	switch o {
	case PostgreSQL, DuckDB, MySQLText, MySQLBinary, CassandraUUID:
	default:
		if o.valid() {
			return nil, orderError(op, o, "order does not sort version 7 UUIDs by time")
		}
		return nil, orderError(op, o, "unknown order")
	}
	f, t := millis(from), millis(to)
	if t < f {
		return nil, &operr.Error{Pkg: pkg, Op: op, Input: from.UTC().Format(time.RFC3339Nano) + " to " + to.UTC().Format(time.RFC3339Nano),
			Problem: "span ends before it starts", Kind: ErrBounds}
	}
	if n < 1 || n > maxCount {
		return nil, countError(op, n, "not from 1 to 1048576")
	}
	w := t - f
	if w < uint64(n) && n > 1 {
		return nil, countError(op, n, "more ranges than the span's "+strconv.Itoa(int(w))+" milliseconds")
	}
	ranges := make([]Range, n)
	start := full(o).Low
	q, rem := w/uint64(n), w%uint64(n)
	for i := 1; i < n; i++ {
		ms := f + uint64(i)*q + uint64(i)*rem/uint64(n)
		bound := uuid.MinV7(time.UnixMilli(int64(ms)))
		ranges[i-1] = Range{Order: o, Low: start, High: bound}
		start = bound
	}
	ranges[n-1] = Range{Order: o, Low: start, Last: true}
	return ranges, nil
}

// millis returns t as Unix milliseconds clamped to version 7's 48 bits,
// as uuid.MinV7 clamps it.
func millis(t time.Time) uint64 {
	const maxMillis = 1<<48 - 1
	switch sec := t.Unix(); {
	case sec < 0:
		return 0
	case sec > maxMillis/1000:
		return maxMillis
	default:
		return min(uint64(sec)*1000+uint64(t.Nanosecond())/1e6, maxMillis)
	}
}
