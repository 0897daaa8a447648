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
	n := 1
	for _, d := range dims {
		n *= int(d.Length)
	}
	if len(dims) == 0 {
		n = 0
	}
	*a = make(array[T], n)
	return nil
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

func (p *wrapSliceScanPlan[T]) Scan(src []byte, target any) error {
	return p.next.Scan(src, (*array[T])(target.(*[]T)))
}
