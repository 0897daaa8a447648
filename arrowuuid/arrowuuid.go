// Package arrowuuid is Arrow's canonical UUID extension type, arrow.uuid,
// over [uuid.UUID]: a column of 16-byte values in RFC 9562 byte order,
// stored as fixed_size_binary(16) with the extension name "arrow.uuid" and
// empty metadata, for Apache Arrow Go (arrow-go v18).
//
// # One name, two Go types
//
// arrow-go's own [extensions.UUIDType] (over github.com/google/uuid) has
// the same name, storage and metadata, so a column written with either
// type is the same column to every Arrow and Parquet reader. Which Go type
// a reader in this process builds for it depends on arrow-go's registry of
// extension types, which holds one type per name and holds arrow-go's by
// default. Two ways lead to this package's [Array]:
//
//   - [View] takes any arrow.uuid column, however it was read, and returns
//     it as an [*Array] that shares its memory. Nothing global changes.
//   - [Register] puts [Type] in the registry in place of arrow-go's, so
//     that IPC readers and pqarrow hand out [*Array] directly. It changes
//     the whole process: code that asserts *extensions.UUIDArray no longer
//     finds one.
//
// Writing needs neither: a [Builder]'s column is arrow.uuid on the wire,
// and pqarrow writes it as Parquet's UUID logical type on
// FIXED_LEN_BYTE_ARRAY(16).
//
// # Errors
//
// A column that cannot be a UUID column is an error, never a panic: one
// whose storage is fixed_size_binary of another width matches
// [uuid.ErrLength] with [errors.Is], and one of another type, another
// extension or metadata that arrow.uuid does not have matches
// [uuid.ErrEncoding]. Text that is not a UUID is a [*uuid.ParseError].
//
// [extensions.UUIDType]: https://pkg.go.dev/github.com/apache/arrow-go/v18/arrow/extensions#UUIDType
package arrowuuid

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/afb7af96/uuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/schema"

	// arrow-go's package of canonical extensions registers its arrow.uuid
	// in its init. Importing it here makes that init run before any code
	// of this package, so Register always replaces arrow-go's type and
	// arrow-go never finds ours already registered (its init panics then).
	_ "github.com/apache/arrow-go/v18/arrow/extensions"
)

// ExtensionName is the name of Arrow's canonical UUID extension type.
const ExtensionName = "arrow.uuid"

// width is the storage width of a UUID: fixed_size_binary(16).
const width = len(uuid.UUID{})

// Type is the arrow.uuid extension type: fixed_size_binary(16) storage,
// empty metadata. Its arrays are [*Array] and its builders [*Builder].
// Make one with [NewType]; the zero value has no storage type. A Type is
// immutable and safe for concurrent use.
type Type struct {
	arrow.ExtensionBase
}

// NewType returns the arrow.uuid extension type.
func NewType() *Type {
	return &Type{ExtensionBase: arrow.ExtensionBase{Storage: &arrow.FixedSizeBinaryType{ByteWidth: width}}}
}

// ExtensionName returns "arrow.uuid".
func (*Type) ExtensionName() string { return ExtensionName }

// String returns "extension<arrow.uuid>".
func (*Type) String() string { return "extension<" + ExtensionName + ">" }

// Serialize returns the extension's metadata, which is empty.
func (*Type) Serialize() string { return "" }

// Deserialize returns a Type for a column that declares arrow.uuid, or an
// error matching [uuid.ErrLength] for fixed_size_binary of another width
// and [uuid.ErrEncoding] for any other storage or non-empty metadata.
func (*Type) Deserialize(storage arrow.DataType, metadata string) (arrow.ExtensionType, error) {
	if err := checkStorage(storage); err != nil {
		return nil, err
	}
	if metadata != "" {
		return nil, fmt.Errorf("arrowuuid: arrow.uuid column with metadata %q: %w", metadata, uuid.ErrEncoding)
	}
	return NewType(), nil
}

// checkStorage reports whether t can store UUIDs: fixed_size_binary(16).
func checkStorage(t arrow.DataType) error {
	fsb, ok := t.(*arrow.FixedSizeBinaryType)
	switch {
	case !ok:
		return fmt.Errorf("arrowuuid: arrow column of type %s: %w", t, uuid.ErrEncoding)
	case fsb.ByteWidth != width:
		return fmt.Errorf("arrowuuid: arrow column of type %s: %w", t, uuid.ErrLength)
	}
	return nil
}

// ExtensionEquals reports whether other is an arrow.uuid type over the
// same storage, whichever Go type implements it.
func (t *Type) ExtensionEquals(other arrow.ExtensionType) bool {
	return other.ExtensionName() == ExtensionName && arrow.TypeEqual(t.StorageType(), other.StorageType())
}

// ArrayType returns the type of [Array], for arrow-go to build arrays of
// this type.
func (*Type) ArrayType() reflect.Type { return reflect.TypeFor[Array]() }

// NewBuilder returns a [*Builder], for arrow-go's generic builders (of
// records, lists and structs) to use for columns of this type.
func (*Type) NewBuilder(mem memory.Allocator) array.Builder { return NewBuilder(mem) }

// ParquetLogicalType returns Parquet's UUID logical type, which pqarrow
// writes for columns of this type.
func (*Type) ParquetLogicalType() schema.LogicalType { return schema.UUIDLogicalType{} }

// BitWidth returns 128.
func (*Type) BitWidth() int { return 8 * width }

// Bytes returns 16.
func (*Type) Bytes() int { return width }

// Register makes [Type] the extension type that arrow-go's registry holds
// for arrow.uuid, in place of arrow-go's own, so that IPC readers and
// pqarrow return UUID columns as [*Array]. Call it once at the start of
// main, before anything reads Arrow or Parquet data: a reader that looks
// up the name while Register swaps the entries can find none and return
// plain fixed_size_binary(16). Registering again does nothing.
func Register() error {
	if _, ok := arrow.GetExtensionType(ExtensionName).(*Type); ok {
		return nil
	}
	// Unregister fails only if nothing is registered under the name.
	_ = arrow.UnregisterExtensionType(ExtensionName)
	return arrow.RegisterExtensionType(NewType())
}

// View returns a, an arrow.uuid column built by this package or by
// arrow-go's extensions.UUIDType, as an [*Array] that shares its memory:
// nothing is copied and a needs no Release of its own for the result,
// which holds a reference until it is released. A column of another type
// is an error matching [uuid.ErrEncoding], or [uuid.ErrLength] for an
// arrow.uuid column stored as fixed_size_binary of another width (a plain
// fixed_size_binary column, of any width, is of another type).
func View(a arrow.Array) (*Array, error) {
	if a == nil {
		return nil, fmt.Errorf("arrowuuid: View of no column: %w", uuid.ErrEncoding)
	}
	if u, ok := a.(*Array); ok {
		u.Retain()
		return u, nil
	}
	ext, ok := a.DataType().(arrow.ExtensionType)
	if !ok {
		return nil, fmt.Errorf("arrowuuid: arrow column of type %s: %w", a.DataType(), uuid.ErrEncoding)
	}
	if ext.ExtensionName() != ExtensionName {
		return nil, fmt.Errorf("arrowuuid: arrow column of type %s: %w", ext, uuid.ErrEncoding)
	}
	if err := checkStorage(ext.StorageType()); err != nil {
		return nil, err
	}
	if ext.Serialize() != "" {
		return nil, fmt.Errorf("arrowuuid: arrow.uuid column with metadata %q: %w", ext.Serialize(), uuid.ErrEncoding)
	}
	data := array.NewData(NewType(), a.Len(), a.Data().Buffers(), nil, a.NullN(), a.Data().Offset())
	defer data.Release()
	return array.NewExtensionData(data).(*Array), nil
}

// Array is a column of arrow.uuid values. Make one with a [Builder], or
// get one from a reader after [Register], or from any arrow.uuid column
// with [View]. Like every arrow-go array it is immutable once built and
// safe for concurrent reads.
type Array struct {
	array.ExtensionArrayBase
}

// Value returns the UUID at index i, or the Nil UUID where the column is
// null.
func (a *Array) Value(i int) uuid.UUID {
	if a.IsNull(i) {
		return uuid.UUID{}
	}
	return a.Values()[i]
}

// Values returns the column's UUIDs as a slice that shares the array's
// memory, valid until the array is released. Nothing is copied. The
// elements at null positions hold whatever bytes the writer left there
// (arrow-go's builders leave zeros); check [Array.IsNull] for those.
// The slice must not be modified.
func (a *Array) Values() []uuid.UUID {
	d := a.Data()
	bufs := d.Buffers()
	if a.Len() == 0 || len(bufs) < 2 || bufs[1] == nil {
		return nil
	}
	b := bufs[1].Bytes()
	// A buffer shorter than the column (malformed input) gives the UUIDs
	// it holds, never a slice past its end.
	b = b[min(len(b), d.Offset()*width):min(len(b), (d.Offset()+a.Len())*width)]
	return unsafe.Slice((*uuid.UUID)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/width)
}

// ValueStr returns the UUID at index i in its canonical text form, or
// "(null)" where the column is null, as every arrow-go array does.
func (a *Array) ValueStr(i int) string {
	if a.IsNull(i) {
		return array.NullValueStr
	}
	return a.Values()[i].String()
}

// String returns the column's values in their canonical text form, in
// brackets, "(null)" for a null.
func (a *Array) String() string {
	b := []byte{'['}
	vals := a.Values()
	for i := range a.Len() {
		if i > 0 {
			b = append(b, ' ')
		}
		if a.IsNull(i) {
			b = append(b, array.NullValueStr...)
			continue
		}
		b, _ = vals[i].AppendText(b)
	}
	return string(append(b, ']'))
}

// GetOneForMarshal returns the UUID at index i, which JSON encodes as its
// canonical text, or nil where the column is null.
func (a *Array) GetOneForMarshal(i int) any {
	if a.IsNull(i) {
		return nil
	}
	return a.Values()[i]
}

// MarshalJSON returns the column as a JSON array of canonical text and
// null, as arrow-go's own UUID arrays write it.
func (a *Array) MarshalJSON() ([]byte, error) {
	b := []byte{'['}
	vals := a.Values()
	for i := range a.Len() {
		if i > 0 {
			b = append(b, ',')
		}
		if a.IsNull(i) {
			b = append(b, "null"...)
			continue
		}
		b = append(b, '"')
		b, _ = vals[i].AppendText(b)
		b = append(b, '"')
	}
	return append(b, ']'), nil
}

// ValueAsAny returns the UUID at index i as a [uuid.UUID], or nil where
// the column is null.
func (a *Array) ValueAsAny(i int) any { return a.GetOneForMarshal(i) }

// Builder builds an arrow.uuid column from UUIDs and from text. Its zero
// value is not usable: make one with [NewBuilder]. Like every arrow-go
// builder it is not safe for concurrent use.
type Builder struct {
	*array.ExtensionBuilder
	fsb *array.FixedSizeBinaryBuilder
}

// NewBuilder returns a Builder that allocates from mem.
func NewBuilder(mem memory.Allocator) *Builder {
	b := array.NewExtensionBuilder(mem, NewType())
	return &Builder{ExtensionBuilder: b, fsb: b.StorageBuilder().(*array.FixedSizeBinaryBuilder)}
}

// Append appends u.
func (b *Builder) Append(u uuid.UUID) { b.fsb.Append(u[:]) }

// AppendValues appends the UUIDs of v, with valid[i] false marking a null
// (an empty valid makes every value valid). Unlike arrow-go's builders it
// returns an error, not a panic, when valid has neither len(v) elements
// nor none, and then appends nothing.
func (b *Builder) AppendValues(v []uuid.UUID, valid []bool) error {
	if len(valid) != 0 && len(valid) != len(v) {
		return fmt.Errorf("arrowuuid: %d UUIDs with %d validity flags: %w", len(v), len(valid), uuid.ErrLength)
	}
	b.fsb.Reserve(len(v))
	for i := range v {
		if len(valid) != 0 && !valid[i] {
			b.fsb.AppendNull()
			continue
		}
		b.fsb.UnsafeAppend(v[i][:])
	}
	return nil
}

// AppendValueFromString appends the UUID that s spells in any form
// [uuid.Parse] accepts, or a null for "(null)", the text arrow-go's
// arrays give a null. Text that is not a UUID appends nothing and returns
// the [*uuid.ParseError].
func (b *Builder) AppendValueFromString(s string) error {
	if s == array.NullValueStr {
		b.fsb.AppendNull()
		return nil
	}
	u, err := uuid.Parse(s)
	if err != nil {
		return err
	}
	b.fsb.Append(u[:])
	return nil
}

// NewUUIDArray returns the column built so far as an [*Array] and resets
// the builder. Release the array when done.
func (b *Builder) NewUUIDArray() *Array {
	return b.NewExtensionArray().(*Array)
}

// appendToken appends the JSON token t of a column's value, as
// [Builder.UnmarshalOne] documents: null, or a UUID's text.
func (b *Builder) appendToken(t any) error {
	switch v := t.(type) {
	case nil:
		b.fsb.AppendNull()
		return nil
	case string:
		u, err := uuid.Parse(v)
		if err != nil {
			return err
		}
		b.fsb.Append(u[:])
		return nil
	}
	return fmt.Errorf("arrowuuid: JSON %v in an arrow.uuid column: %w", t, uuid.ErrEncoding)
}

// errNotArray is the error of [Builder.UnmarshalJSON] given JSON whose
// first token t does not open an array.
func errNotArray(t any) error {
	return fmt.Errorf("arrowuuid: JSON %v, not an array, for an arrow.uuid column: %w", t, uuid.ErrEncoding)
}

var (
	_ arrow.ExtensionType          = (*Type)(nil)
	_ arrow.FixedWidthDataType     = (*Type)(nil)
	_ array.CustomExtensionBuilder = (*Type)(nil)
	_ array.ExtensionArray         = (*Array)(nil)
	_ array.Builder                = (*Builder)(nil)
)
