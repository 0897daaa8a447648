// Package operr builds the errors of the module's operations other than
// parsing: which package and operation failed, on what, and the kind of
// failure (uuid.ErrVersion, uuid.ErrLength, uuid.ErrScanType …), which
// errors.Is matches through Unwrap. Text that is not a UUID gives a
// uuid.ParseError instead.
package operr

import (
	"errors"
	"strconv"
	"time"
)

// Error reports a failed operation. It reads "<Pkg>: <Op> of <Input>:
// <Problem>", e.g. "sqlserveruuid: FromV7 of 00000000-…: not a version 7
// UUID", or "<Pkg>: <Problem>" if Op is empty.
type Error struct {
	Pkg     string // the package, as its messages start: "sqlserveruuid"
	Op      string // the operation: "FromV7", "Scan"
	Input   string // what it was given: a UUID's text, "15 bytes", a Go type
	Problem string // what was wrong with it
	Kind    error  // the sentinel errors.Is matches
}

func (e *Error) Error() string {
	if e.Op == "" {
		return e.Pkg + ": " + e.Problem
	}
	return e.Pkg + ": " + e.Op + " of " + e.Input + ": " + e.Problem
}

// Unwrap returns the kind.
func (e *Error) Unwrap() error { return e.Kind }

// Length returns the error of operation op of package pkg for n bytes where
// 16 belong; kind is uuid.ErrLength.
func Length(pkg, op string, n int, kind error) *Error {
	return &Error{Pkg: pkg, Op: op, Input: strconv.Itoa(n) + " bytes", Problem: "not 16 bytes", Kind: kind}
}

// TypeName names the dynamic type of v, a value database/sql may pass to
// a Scan method, without package reflect (which would grow every program
// that imports the library): the types of database/sql/driver.Value that
// cannot hold a UUID, the other numeric types, and "value of unsupported
// type" for the rest.
func TypeName(v any) string {
	switch v.(type) {
	case int64:
		return "int64"
	case float64:
		return "float64"
	case bool:
		return "bool"
	case int:
		return "int"
	case int8:
		return "int8"
	case int16:
		return "int16"
	case int32:
		return "int32"
	case uint:
		return "uint"
	case uint8:
		return "uint8"
	case uint16:
		return "uint16"
	case uint32:
		return "uint32"
	case uint64:
		return "uint64"
	case float32:
		return "float32"
	case time.Time:
		return "time.Time"
	}
	return "value of unsupported type"
}

// Version returns the error of operation op of package pkg given u, the
// text of a UUID that is not of version want; kind is uuid.ErrVersion.
func Version(pkg, op, u string, want int, kind error) *Error {
	return &Error{Pkg: pkg, Op: op, Input: u, Problem: "not a version " + strconv.Itoa(want) + " UUID", Kind: kind}
}

// ScanType returns the error of the Scan method of package pkg's type
// into given src, whose type cannot hold one; kind is uuid.ErrScanType.
// It reads "<pkg>: cannot scan <type> into <into>", and its Input is the
// type's name.
func ScanType(pkg, into string, src any, kind error) *Error {
	t := TypeName(src)
	return &Error{Pkg: pkg, Input: t, Problem: "cannot scan " + t + " into " + into, Kind: kind}
}

// ErrCount is the one kind, across the module's packages, of a count that
// cannot be used: a number of Kafka partitions (package placement) or of
// key ranges (package keyrange) out of its range. Each package exports it
// under its own name, as the same value, so errors.Is matches either.
var ErrCount = errors.New("uuid: count out of range")
