package keyrange

import (
	"errors"
	"strconv"

	"github.com/afb7af96/uuid/internal/operr"
)

// The kinds of failure, matched with [errors.Is]. Every error of this
// package carries the operation and its input and matches one of them.
var (
	// ErrCount reports a number of ranges that cannot be made: n below 1
	// or above 1 048 576, or more ranges than the keys to split (a
	// range's keys, a sample's distinct keys, a span's milliseconds).
	// It is the same value as placement.ErrCount: one kind, a count out
	// of its range, across the module.
	ErrCount error = operr.ErrCount

	// ErrOrder reports an [Order] that is none of this package's, or one
	// that an operation does not serve: [SplitTime] in an order that does
	// not sort version 7 UUIDs by time.
	ErrOrder = errors.New("uuid: unknown order")

	// ErrSample reports an empty sample given to [SplitSample].
	ErrSample = errors.New("uuid: empty sample")

	// ErrBounds reports a range whose low bound is above its high bound in
	// its order, or a span of time that ends before it starts.
	ErrBounds = errors.New("uuid: low bound above high bound")

	// ErrColumn reports a column name that a predicate cannot quote: empty,
	// a part of a dotted name empty, or a byte other than an ASCII letter,
	// digit, underscore or dollar sign.
	ErrColumn = errors.New("uuid: invalid column name")
)

const pkg = "keyrange"

func countError(op string, n int, problem string) error {
	return &operr.Error{Pkg: pkg, Op: op, Input: strconv.Itoa(n) + " ranges", Problem: problem, Kind: ErrCount}
}

func orderError(op string, o Order, problem string) error {
	return &operr.Error{Pkg: pkg, Op: op, Input: o.String(), Problem: problem, Kind: ErrOrder}
}

func boundsError(op string, r Range) error {
	return &operr.Error{Pkg: pkg, Op: op, Input: r.String(), Problem: "low bound above high bound", Kind: ErrBounds}
}
