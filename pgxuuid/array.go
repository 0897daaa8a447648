package pgxuuid

import (
	"github.com/afb7af96/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// array lets a slice of UUID or NullUUID be a one-dimensional uuid[]. Its
// elements go to and from the element codec by pointer, so, unlike pgx's
// reflection-based slice support, nothing is boxed per element.
type array[T uuid.UUID | uuid.NullUUID] []T

func (a array[T]) Dimensions() []pgtype.ArrayDimension {
	if a == nil {
		return nil
	}
	return []pgtype.ArrayDimension{{Length: int32(len(a)), LowerBound: 1}}
}

func (a array[T]) Index(i int) any { return &a[i] }
func (a array[T]) IndexType() any  { return new(T) }

// SetDimensions makes a nil for a NULL array, and otherwise a new slice
// with room for every element, whatever the dimensions: PostgreSQL's
// multi-dimensional arrays are read flat, in storage order.
func (a *array[T]) SetDimensions(dims []pgtype.ArrayDimension) error {
	if dims == nil {
		*a = nil
		return nil
	}
	*a = make(array[T], elementCount(dims))
	return nil
}

// elementCount returns the number of elements dims describe, counted as
// pgx's array codec counts them, so that it scans exactly as many elements
// as the slice has: the product of the lengths, or 0 for no dimensions or a
// product below zero (a server may send negative lengths). The codec has
// already checked that count against the length of the value, so it is no
// larger than the input.
func elementCount(dims []pgtype.ArrayDimension) int {
	if len(dims) == 0 {
		return 0
	}
	n := 1
	for _, d := range dims {
		n *= int(d.Length)
	}
	return max(n, 0)
}

func (a array[T]) ScanIndex(i int) any { return &a[i] }
func (a array[T]) ScanIndexType() any  { return new(T) }

// tryWrapSliceEncodePlan lets []uuid.UUID and []uuid.NullUUID be encoded
// by the uuid[] codec.
func tryWrapSliceEncodePlan(value any) (pgtype.WrappedEncodePlanNextSetter, any, bool) {
	switch v := value.(type) {
	case []uuid.UUID:
		return &wrapSliceEncodePlan[uuid.UUID]{}, array[uuid.UUID](v), true
	case []uuid.NullUUID:
		return &wrapSliceEncodePlan[uuid.NullUUID]{}, array[uuid.NullUUID](v), true
	}
	return nil, nil, false
}

type wrapSliceEncodePlan[T uuid.UUID | uuid.NullUUID] struct{ next pgtype.EncodePlan }

func (p *wrapSliceEncodePlan[T]) SetNext(next pgtype.EncodePlan) { p.next = next }

func (p *wrapSliceEncodePlan[T]) Encode(value any, buf []byte) ([]byte, error) {
	return p.next.Encode(array[T](value.([]T)), buf)
}

// tryWrapSliceScanPlan lets the uuid[] codec scan into *[]uuid.UUID and
// *[]uuid.NullUUID.
func tryWrapSliceScanPlan(target any) (pgtype.WrappedScanPlanNextSetter, any, bool) {
	switch t := target.(type) {
	case *[]uuid.UUID:
		return &wrapSliceScanPlan[uuid.UUID]{}, (*array[uuid.UUID])(t), true
	case *[]uuid.NullUUID:
		return &wrapSliceScanPlan[uuid.NullUUID]{}, (*array[uuid.NullUUID])(t), true
	}
	return nil, nil, false
}

type wrapSliceScanPlan[T uuid.UUID | uuid.NullUUID] struct{ next pgtype.ScanPlan }

func (p *wrapSliceScanPlan[T]) SetNext(next pgtype.ScanPlan) { p.next = next }

// Scan restores target when the scan fails, so that a failed scan leaves
// it unchanged: SetDimensions puts a new slice in target before the
// elements are read, and never writes to the old one's elements. A
// []NullUUID is restored too, rather than having its elements marked not
// Valid: those elements may be shared with the caller's other slices, and
// the error already says that none of them came from this value.
func (p *wrapSliceScanPlan[T]) Scan(src []byte, target any) error {
	t := target.(*[]T)
	old := *t
	if err := p.next.Scan(src, (*array[T])(t)); err != nil {
		*t = old
		return err
	}
	return nil
}
