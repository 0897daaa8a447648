package pgxuuid

import (
	"bytes"
	be "encoding/binary"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// binArray returns a uuid[] in PostgreSQL's binary array format with the
// given dimension lengths (each with lower bound 1) and elements, a nil
// element standing for NULL. Nothing checks that they agree.
func binArray(dims []int32, elems ...[]byte) []byte {
	return binArrayHeader(int32(len(dims)), dims, elems...)
}

// binArrayHeader is binArray with the dimension count given apart from the
// dimensions, so that the two can disagree.
func binArrayHeader(ndim int32, dims []int32, elems ...[]byte) []byte {
	bo := be.BigEndian
	b := bo.AppendUint32(nil, uint32(ndim))
	b = bo.AppendUint32(b, 0) // has-NULL flag, which decoders ignore
	b = bo.AppendUint32(b, pgtype.UUIDOID)
	for _, d := range dims {
		b = bo.AppendUint32(b, uint32(d))
		b = bo.AppendUint32(b, 1)
	}
	for _, e := range elems {
		if e == nil {
			b = bo.AppendUint32(b, math.MaxUint32) // length -1: NULL
			continue
		}
		b = bo.AppendUint32(b, uint32(len(e)))
		b = append(b, e...)
	}
	return b
}

// binElem returns a binary array element of length n (which may be
// negative) followed by data, for lengths that disagree with the data.
func binElem(n int32, data []byte) []byte {
	return append(be.BigEndian.AppendUint32(nil, uint32(n)), data...)
}

var (
	hostileA = uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff")
	hostileB = uuid.MustParse("ffeeddcc-bbaa-9988-7766-554433221100")
)

// outcome is what scanning a uuid[] value into []uuid.UUID or
// []uuid.NullUUID should give: an error (of kind errIs, when that is set),
// or the elements.
type outcome struct {
	err   bool
	errIs error // a sentinel the error matches, or nil for any error
	ids   []uuid.UUID
	nulls []uuid.NullUUID
}

func valid(u uuid.UUID) uuid.NullUUID { return uuid.NullUUID{UUID: u, Valid: true} }

var (
	empty    = outcome{ids: []uuid.UUID{}, nulls: []uuid.NullUUID{}}
	fails    = outcome{err: true}
	parseErr = outcome{err: true, errIs: errParse}
	lenErr   = outcome{err: true, errIs: uuid.ErrLength} // binary of the wrong length
)

// errParse stands for "an error that is a *uuid.ParseError" in outcome.
var errParse = errors.New("a *uuid.ParseError")

type hostileCase struct {
	name   string
	format int16
	src    []byte
	ids    outcome // into []uuid.UUID
	nulls  outcome // into []uuid.NullUUID; zero means the same as ids
}

// hostileArrays are uuid[] values a hostile or broken server might send,
// with what pgx's own array codec makes of them: an error, or an empty
// slice where the dimensions describe no elements.
func hostileArrays() []hostileCase {
	a, b := hostileA[:], hostileB[:]
	good := binArray([]int32{2}, a, b)
	cases := []hostileCase{
		// Dimension lengths below zero describe no elements.
		{name: "binary_negative_dim", format: binary, src: binArray([]int32{-1}), ids: empty},
		{name: "binary_dims_3_-2", format: binary, src: binArray([]int32{3, -2}), ids: empty},
		{name: "binary_dims_-3_-2", format: binary, src: binArray([]int32{-3, -2}), ids: fails}, // 6 elements, none present
		{name: "binary_min_int32_dim", format: binary, src: binArray([]int32{math.MinInt32}), ids: empty},
		{name: "binary_negative_dim_trailing_element", format: binary, src: binArray([]int32{-1}, a), ids: fails},
		{name: "binary_zero_dim", format: binary, src: binArray([]int32{0}), ids: empty},
		{name: "binary_zero_dim_trailing_element", format: binary, src: binArray([]int32{0}, a), ids: fails},
		{name: "binary_no_dims", format: binary, src: binArray(nil), ids: empty},
		// Huge dimension lengths with little data behind them.
		{name: "binary_huge_dim", format: binary, src: binArray([]int32{1 << 30}, a), ids: fails},
		{name: "binary_max_int32_dim", format: binary, src: binArray([]int32{math.MaxInt32}), ids: fails},
		{name: "binary_huge_dims_product", format: binary, src: binArray([]int32{1 << 15, 1 << 15}, a), ids: fails},
		{name: "binary_max_dims", format: binary, src: binArray([]int32{math.MaxInt32, math.MaxInt32}), ids: fails},
		// A product of 2^64 wraps to 0 in pgx's count, as here.
		{name: "binary_dims_product_wraps", format: binary, src: binArray([]int32{1 << 16, 1 << 16, 1 << 16, 1 << 16}), ids: empty},
		// Dimension counts that disagree with the header.
		{name: "binary_seven_dims", format: binary, src: binArray(slices.Repeat([]int32{1}, 7), a), ids: fails},
		{name: "binary_negative_ndim", format: binary, src: binArrayHeader(-1, nil), ids: fails},
		{name: "binary_ndim_beyond_data", format: binary, src: binArrayHeader(2, []int32{1}, a), ids: fails},
		// Element counts that disagree with the data.
		{name: "binary_count_above_elements", format: binary, src: binArray([]int32{3}, a, b), ids: fails},
		{name: "binary_count_below_elements", format: binary, src: binArray([]int32{1}, a, b), ids: fails},
		{name: "binary_dims_2_2_three_elements", format: binary, src: binArray([]int32{2, 2}, a, b, a), ids: fails},
		// Elements whose lengths disagree with their data or with a UUID.
		{name: "binary_element_15_bytes", format: binary, src: binArray([]int32{1}, a[:15]), ids: lenErr},
		{name: "binary_element_17_bytes", format: binary, src: binArray([]int32{1}, append(a[:16:16], 0)), ids: lenErr},
		{name: "binary_element_empty", format: binary, src: binArray([]int32{1}, []byte{}), ids: lenErr},
		{name: "binary_element_length_-2", format: binary, src: append(binArray([]int32{1}), binElem(-2, a)...), ids: fails},
		{name: "binary_element_length_huge", format: binary, src: append(binArray([]int32{1}), binElem(math.MaxInt32, a)...), ids: fails},
		{name: "binary_element_length_past_end", format: binary, src: append(binArray([]int32{1}), binElem(17, a)...), ids: fails},
		{name: "binary_second_element_bad", format: binary, src: binArray([]int32{2}, a, b[:8]), ids: lenErr},
		// NULL elements: an error for []UUID, Valid false for []NullUUID.
		{
			name: "binary_null_elements", format: binary, src: binArray([]int32{3}, nil, a, nil),
			ids:   outcome{err: true, errIs: uuid.ErrScanNull},
			nulls: outcome{nulls: []uuid.NullUUID{{}, valid(hostileA), {}}},
		},
		// Multi-dimensional arrays read flat, in storage order.
		{
			name: "binary_dims_2_1", format: binary, src: binArray([]int32{2, 1}, a, b),
			ids: outcome{ids: []uuid.UUID{hostileA, hostileB}, nulls: []uuid.NullUUID{valid(hostileA), valid(hostileB)}},
		},

		{name: "text_empty", format: text, src: []byte{}, ids: fails},
		{name: "text_braces", format: text, src: []byte("{}"), ids: empty},
		{name: "text_reversed_bounds_no_elements", format: text, src: []byte("[3:1]={}"), ids: empty},
		{name: "text_negative_dim_no_elements", format: text, src: []byte("[1:2][1:-5]={}"), ids: empty},
		{name: "text_negative_dim", format: text, src: []byte("[3:1]={" + hostileA.String() + "}"), ids: fails},
		{name: "text_count_above_elements", format: text, src: []byte("[1:3]={" + hostileA.String() + "}"), ids: fails},
		{name: "text_count_below_elements", format: text, src: []byte("[1:1]={" + hostileA.String() + "," + hostileB.String() + "}"), ids: fails},
		{name: "text_huge_dim", format: text, src: []byte("[1:2147483647]={" + hostileA.String() + "}"), ids: fails},
		{name: "text_bounds_overflow", format: text, src: []byte("[-2147483648:2147483647]={" + hostileA.String() + "}"), ids: fails},
		{name: "text_bound_out_of_range", format: text, src: []byte("[1:99999999999]={" + hostileA.String() + "}"), ids: fails},
		{name: "text_ragged", format: text, src: []byte("{{" + hostileA.String() + "},{" + hostileA.String() + "," + hostileB.String() + "}}"), ids: fails},
		{name: "text_truncated", format: text, src: []byte("{" + hostileA.String()), ids: fails},
		{name: "text_truncated_bounds", format: text, src: []byte("[1:2"), ids: fails},
		{name: "text_trailing_data", format: text, src: []byte("{" + hostileA.String() + "}x"), ids: fails},
		{name: "text_bad_element", format: text, src: []byte("{" + hostileA.String() + ",zz}"), ids: parseErr},
		{name: "text_quoted_NULL", format: text, src: []byte(`{"NULL"}`), ids: parseErr},
		{
			name: "text_NULL", format: text, src: []byte("{NULL," + hostileB.String() + "}"),
			ids:   outcome{err: true, errIs: uuid.ErrScanNull},
			nulls: outcome{nulls: []uuid.NullUUID{{}, valid(hostileB)}},
		},
		{
			name: "text_two_dims", format: text, src: []byte("{{" + hostileA.String() + "},{" + hostileB.String() + "}}"),
			ids: outcome{ids: []uuid.UUID{hostileA, hostileB}, nulls: []uuid.NullUUID{valid(hostileA), valid(hostileB)}},
		},
		{
			name: "text_explicit_bounds", format: text, src: []byte("[0:1]={" + hostileA.String() + "," + hostileB.String() + "}"),
			ids: outcome{ids: []uuid.UUID{hostileA, hostileB}, nulls: []uuid.NullUUID{valid(hostileA), valid(hostileB)}},
		},
	}
	// Every proper prefix of a good value is a truncated header or element.
	for n := range len(good) {
		cases = append(cases, hostileCase{name: "binary_truncated_" + strconv.Itoa(n), format: binary, src: good[:n], ids: fails})
	}
	return cases
}

// check reports how a scan's error differs from o's and, when the scan
// succeeded, whether it gave a non-nil slice equal to o's elements.
func (o outcome) check(t *testing.T, what string, err error, gotEqual, gotNil bool) {
	t.Helper()
	switch {
	case o.err && err == nil:
		t.Errorf("%s: no error; want one", what)
	case !o.err && err != nil:
		t.Errorf("%s: %v; want no error", what, err)
	case o.errIs == errParse:
		var pe *uuid.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: %v; want a *uuid.ParseError", what, err)
		}
	case o.errIs != nil && !errors.Is(err, o.errIs):
		t.Errorf("%s: %v; want an error matching %v", what, err, o.errIs)
	}
	if err == nil && (!gotEqual || gotNil) {
		t.Errorf("%s: wrong elements", what)
	}
}

func TestScanArrayHostile(t *testing.T) {
	m := newMap()
	stock := pgtype.NewMap()
	for _, tt := range hostileArrays() {
		t.Run(tt.name, func(t *testing.T) {
			nulls := tt.nulls
			if nulls.nulls == nil && !nulls.err {
				nulls = tt.ids
			}

			// The destination holds a slice beforehand, which a failed
			// scan must leave as it was, elements included.
			ids := []uuid.UUID{testUUID, testUUID}
			before := ids
			err := m.Scan(pgtype.UUIDArrayOID, tt.format, tt.src, &ids)
			tt.ids.check(t, "[]UUID", err, slices.Equal(ids, tt.ids.ids), ids == nil)
			if err != nil && !sameSlice(ids, before, []uuid.UUID{testUUID, testUUID}) {
				t.Errorf("[]UUID: failed scan left %v; want it unchanged", ids)
			}

			ns := []uuid.NullUUID{valid(testUUID)}
			nsBefore := ns
			err = m.Scan(pgtype.UUIDArrayOID, tt.format, tt.src, &ns)
			nulls.check(t, "[]NullUUID", err, slices.Equal(ns, nulls.nulls), ns == nil)
			if err != nil && !sameSlice(ns, nsBefore, []uuid.NullUUID{valid(testUUID)}) {
				t.Errorf("[]NullUUID: failed scan left %v; want it unchanged", ns)
			}

			// pgx's own codec, scanning the same bytes into its own
			// type, agrees on failure and on the elements.
			var pg pgtype.FlatArray[pgtype.UUID]
			pgErr := stock.Scan(pgtype.UUIDArrayOID, tt.format, tt.src, &pg)
			if (pgErr != nil) != (err != nil) {
				t.Errorf("[]NullUUID: err = %v; pgx's codec into FlatArray[pgtype.UUID]: %v", err, pgErr)
			}
			if err == nil && pgErr == nil && !slices.EqualFunc(ns, pg, func(n uuid.NullUUID, p pgtype.UUID) bool {
				return n.Valid == p.Valid && n.UUID == uuid.UUID(p.Bytes)
			}) {
				t.Errorf("[]NullUUID = %v; pgx's codec: %v", ns, pg)
			}

			// Scanning into an any goes through pgx's generic path and
			// this package's element codec; it must not panic either.
			var v any
			if err := m.Scan(pgtype.UUIDArrayOID, tt.format, tt.src, &v); (err != nil) != (pgErr != nil) {
				t.Errorf("into any: %v; pgx's codec: %v", err, pgErr)
			}
		})
	}
}

// sameSlice reports whether got is the very slice before (same array,
// length and capacity) and still holds want.
func sameSlice[T comparable](got, before, want []T) bool {
	return len(got) == len(before) && cap(got) == cap(before) &&
		(len(got) == 0 || &got[0] == &before[0]) && slices.Equal(got, want)
}

// TestScanHostile sends a scalar uuid column bytes that are not a UUID:
// every scan target reports the error (a *uuid.ParseError for text, one
// matching uuid.ErrLength for binary) and keeps its value, except that a
// NullUUID ends as a failed [uuid.NullUUID.Scan] of the same bytes leaves
// it: not Valid, UUID kept.
func TestScanHostile(t *testing.T) {
	m := newMap()
	srcs := []struct {
		name   string
		format int16
		src    []byte
	}{
		{"binary_empty", binary, []byte{}},
		{"binary_1", binary, []byte{0}},
		{"binary_15", binary, hostileA[:15]},
		{"binary_17", binary, append(hostileA[:16:16], 0)},
		{"binary_array", binary, binArray([]int32{1}, hostileA[:])},
		{"binary_64k", binary, make([]byte, 1<<16)},
		{"text_binary_bytes", text, hostileA[:]},
		{"text_35", text, []byte(hostileA.String()[:35])},
		{"text_37", text, []byte(hostileA.String() + "0")},
		{"text_array", text, []byte("{" + hostileA.String() + "," + hostileB.String() + "}")},
		{"text_NUL", text, []byte(strings.Replace(hostileA.String(), "a", "\x00", 1))},
		{"text_64k", text, bytes.Repeat([]byte("0"), 1<<16)},
	}
	for _, tt := range srcs {
		t.Run(tt.name, func(t *testing.T) {
			// Text that is not a UUID is a *uuid.ParseError; binary of
			// the wrong length matches uuid.ErrLength.
			bad := func(err error) bool {
				var pe *uuid.ParseError
				if tt.format == binary {
					return errors.Is(err, uuid.ErrLength) && !errors.As(err, &pe)
				}
				return errors.As(err, &pe)
			}
			u := testUUID
			if err := m.Scan(pgtype.UUIDOID, tt.format, tt.src, &u); !bad(err) || u != testUUID {
				t.Errorf("into UUID: %v, left %v; want the error and %v", err, u, testUUID)
			}
			for _, before := range []uuid.NullUUID{valid(testUUID), {UUID: testUUID}, {}} {
				n := before
				err := m.Scan(pgtype.UUIDOID, tt.format, tt.src, &n)
				if want := (uuid.NullUUID{UUID: before.UUID}); !bad(err) || n != want {
					t.Errorf("into NullUUID %+v: %v, left %+v; want the error and %+v", before, err, n, want)
				}
				// The same bytes as pgx hands them to a sql.Scanner.
				var src any = tt.src
				if tt.format == text {
					src = string(tt.src)
				}
				root := before
				if rootErr := root.Scan(src); rootErr == nil || n != root {
					t.Errorf("into NullUUID %+v: left %+v; NullUUID.Scan gives %+v, %v", before, n, root, rootErr)
				}
			}
			p := &u
			if err := m.Scan(pgtype.UUIDOID, tt.format, tt.src, &p); !bad(err) || p != &u {
				t.Errorf("into *UUID: %v, left %p; want the error and %p", err, p, &u)
			}
			var v any = "unchanged"
			if err := m.Scan(pgtype.UUIDOID, tt.format, tt.src, &v); !bad(err) || v != "unchanged" {
				t.Errorf("into any: %v, left %v; want the error and it unchanged", err, v)
			}
		})
	}
}
