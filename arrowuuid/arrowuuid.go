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
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"unsafe"

	"github.com/afb7af96/uuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
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
//
// View also checks the column's buffers against its length and offset,
// which a damaged IPC stream or Parquet file can leave out of step: a
// value or validity buffer shorter than the column is an error matching
// [uuid.ErrLength], and a null count the buffers cannot hold one matching
// [uuid.ErrEncoding]. Readers do not check this, even after [Register],
// so pass a column read from outside through View before trusting it.
// A nil column, typed or not, and an Array that no builder or reader made
// are errors matching [uuid.ErrEncoding].
func View(a arrow.Array) (*Array, error) {
	if isNil(a) {
		return nil, fmt.Errorf("arrowuuid: View of no column: %w", uuid.ErrEncoding)
	}
	if u, ok := a.(*Array); ok {
		d := u.data()
		if d == nil {
			return nil, fmt.Errorf("arrowuuid: View of an Array with no data: %w", uuid.ErrEncoding)
		}
		if err := checkData(d); err != nil {
			return nil, err
		}
		u.Retain()
		return u, nil
	}
	ad := a.Data()
	if isNil(ad) {
		return nil, fmt.Errorf("arrowuuid: View of a %T with no data: %w", a, uuid.ErrEncoding)
	}
	ext, ok := ad.DataType().(arrow.ExtensionType)
	if !ok {
		return nil, fmt.Errorf("arrowuuid: arrow column of type %s: %w", ad.DataType(), uuid.ErrEncoding)
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
	if err := checkData(ad); err != nil {
		return nil, err
	}
	data := array.NewData(NewType(), ad.Len(), ad.Buffers(), nil, ad.NullN(), ad.Offset())
	defer data.Release()
	return array.NewExtensionData(data).(*Array), nil
}

// isNil reports whether v is nil or a nil pointer in an interface, whose
// methods would dereference it.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	r := reflect.ValueOf(v)
	return r.Kind() == reflect.Pointer && r.IsNil()
}

// bufBytes returns the bytes of b, which may be nil.
func bufBytes(b *memory.Buffer) []byte {
	if b == nil {
		return nil
	}
	return b.Bytes()
}

// bufLen returns the length of b, which may be nil.
func bufLen(b *memory.Buffer) int { return len(bufBytes(b)) }

// checkData reports whether d, the data of a fixed_size_binary(16) column,
// has the buffers its length and offset need, so that reading any of its
// values, nulls and null count stays inside them.
func checkData(d arrow.ArrayData) error {
	n, off, bufs := d.Len(), d.Offset(), d.Buffers()
	switch {
	case n < 0 || off < 0 || off > math.MaxInt/width-n:
		return fmt.Errorf("arrowuuid: arrow.uuid column of length %d at offset %d: %w", n, off, uuid.ErrLength)
	case len(bufs) != 2:
		return fmt.Errorf("arrowuuid: arrow.uuid column with %d buffers, not 2: %w", len(bufs), uuid.ErrEncoding)
	case n == 0:
		return nil
	case bufLen(bufs[1]) < (off+n)*width:
		return fmt.Errorf("arrowuuid: arrow.uuid column of %d values at offset %d in %d bytes: %w", n, off, bufLen(bufs[1]), uuid.ErrLength)
	}
	bitmap, nulls := bufLen(bufs[0]), d.NullN()
	switch {
	case bitmap != 0 && bitmap < (off+n+7)/8:
		return fmt.Errorf("arrowuuid: arrow.uuid column of %d values at offset %d with a %d-byte validity bitmap: %w", n, off, bitmap, uuid.ErrLength)
	case bitmap == 0 && nulls != 0, nulls > n:
		return fmt.Errorf("arrowuuid: arrow.uuid column of %d values with %d nulls and a %d-byte validity bitmap: %w", n, nulls, bitmap, uuid.ErrEncoding)
	}
	return nil
}

// Array is a column of arrow.uuid values. Make one with a [Builder], or
// get one from a reader after [Register], or from any arrow.uuid column
// with [View]. Like every arrow-go array it is immutable once built and
// safe for concurrent reads.
//
// Its methods never read outside the column's buffers. In a damaged
// column, one that [View] refuses, a position the buffers do not hold
// reads as null, and [Array.MarshalJSON] and [Array.String] report the
// damage.
type Array struct {
	array.ExtensionArrayBase
}

// data returns the array's data, or nil for an Array no builder or reader
// made.
func (a *Array) data() *array.Data {
	if a == nil {
		return nil
	}
	d, _ := a.Data().(*array.Data)
	return d
}

// IsValid reports whether the value at index i is a UUID: i is in the
// column, not null, and held by its buffers.
func (a *Array) IsValid(i int) bool {
	d := a.data()
	if d == nil || i < 0 || i >= d.Len() {
		return false
	}
	bufs := d.Buffers()
	j := d.Offset() + i
	if len(bufs) < 2 || j < 0 || j >= math.MaxInt/width || bufLen(bufs[1]) < (j+1)*width {
		return false
	}
	if bitmap := bufs[0]; bufLen(bitmap) != 0 {
		return j/8 < bitmap.Len() && bitutil.BitIsSet(bitmap.Bytes(), j)
	}
	return true
}

// IsNull reports whether the value at index i is null: the opposite of
// [Array.IsValid].
func (a *Array) IsNull(i int) bool { return !a.IsValid(i) }

// NullN returns the number of nulls in the column.
func (a *Array) NullN() int {
	d := a.data()
	if d == nil {
		return 0
	}
	if checkData(d) == nil {
		return a.ExtensionArrayBase.NullN()
	}
	// A damaged column: count the valid values among those its value
	// buffer holds, which bounds the work by the buffer, not the length.
	valid := 0
	for i := range len(a.held()) {
		if a.IsValid(i) {
			valid++
		}
	}
	return max(d.Len(), 0) - valid
}

// Value returns the UUID at index i, or the Nil UUID where the column is
// null.
func (a *Array) Value(i int) uuid.UUID {
	if !a.IsValid(i) {
		return uuid.UUID{}
	}
	d := a.data()
	j := (d.Offset() + i) * width
	return uuid.UUID(d.Buffers()[1].Bytes()[j : j+width])
}

// Values returns the column's UUIDs as a slice that shares the array's
// memory, valid until the array is released. Nothing is copied. The
// elements at null positions hold whatever bytes the writer left there
// (arrow-go's builders leave zeros); check [Array.IsNull] for those.
// The slice must not be modified.
func (a *Array) Values() []uuid.UUID {
	d := a.data()
	if d == nil || d.Len() <= 0 || checkData(d) != nil {
		// A damaged column gives the UUIDs its buffer holds, never a
		// slice past its end.
		return a.held()
	}
	b := d.Buffers()[1].Bytes()[d.Offset()*width : (d.Offset()+d.Len())*width]
	return unsafe.Slice((*uuid.UUID)(unsafe.Pointer(unsafe.SliceData(b))), d.Len())
}

// held returns the UUIDs of the column that its value buffer holds.
func (a *Array) held() []uuid.UUID {
	d := a.data()
	if d == nil || d.Len() <= 0 || d.Offset() < 0 || len(d.Buffers()) < 2 {
		return nil
	}
	b := bufBytes(d.Buffers()[1])
	if d.Offset() >= len(b)/width {
		return nil
	}
	b = b[d.Offset()*width:]
	n := min(d.Len(), len(b)/width)
	return unsafe.Slice((*uuid.UUID)(unsafe.Pointer(unsafe.SliceData(b))), n)
}

// ValueStr returns the UUID at index i in its canonical text form, or
// "(null)" where the column is null, as every arrow-go array does.
func (a *Array) ValueStr(i int) string {
	if !a.IsValid(i) {
		return array.NullValueStr
	}
	return a.Value(i).String()
}

// String returns the column's values in their canonical text form, in
// brackets, "(null)" for a null; for a damaged column, the error [View]
// gives it.
func (a *Array) String() string {
	d := a.data()
	if d == nil {
		return "[]"
	}
	if err := checkData(d); err != nil {
		return err.Error()
	}
	b := []byte{'['}
	for i := range d.Len() {
		if i > 0 {
			b = append(b, ' ')
		}
		if !a.IsValid(i) {
			b = append(b, array.NullValueStr...)
			continue
		}
		b, _ = a.Value(i).AppendText(b)
	}
	return string(append(b, ']'))
}

// GetOneForMarshal returns the UUID at index i, which JSON encodes as its
// canonical text, or nil where the column is null.
func (a *Array) GetOneForMarshal(i int) any {
	if !a.IsValid(i) {
		return nil
	}
	return a.Value(i)
}

// MarshalJSON returns the column as a JSON array of canonical text and
// null, as arrow-go's own UUID arrays write it. A damaged column is the
// error [View] gives it.
func (a *Array) MarshalJSON() ([]byte, error) {
	d := a.data()
	if d == nil {
		return []byte("[]"), nil
	}
	if err := checkData(d); err != nil {
		return nil, err
	}
	b := []byte{'['}
	for i := range d.Len() {
		if i > 0 {
			b = append(b, ',')
		}
		if !a.IsValid(i) {
			b = append(b, "null"...)
			continue
		}
		b = append(b, '"')
		b, _ = a.Value(i).AppendText(b)
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
//
// arrow-go's JSON readers ([array.FromJSON], [array.NewJSONReader]) and
// [Builder.UnmarshalJSON] take a UUID's text, in any form [uuid.Parse]
// accepts, or null for each value; anything else is an error matching
// [uuid.ErrEncoding], or the [*uuid.ParseError] of the text. The methods
// arrow-go's readers call for that (UnmarshalOne and Unmarshal, whose
// decoder type follows arrow-go's arrow_json_stdlib build tag) come with
// the embedded [array.ExtensionBuilder], so Builder's own API is the same
// in every build.
type Builder struct {
	*array.ExtensionBuilder
	fsb *array.FixedSizeBinaryBuilder
}

// NewBuilder returns a Builder that allocates from mem.
func NewBuilder(mem memory.Allocator) *Builder {
	b := array.NewExtensionBuilder(mem, NewType())
	fsb := b.Builder.(*array.FixedSizeBinaryBuilder)
	// The embedded builder's JSON methods reach textBuilder's, which read
	// UUID text; every other method reaches fsb.
	b.Builder = &textBuilder{fsb}
	return &Builder{ExtensionBuilder: b, fsb: fsb}
}

// StorageBuilder returns the fixed_size_binary(16) builder the values go
// to, an [*array.FixedSizeBinaryBuilder].
func (b *Builder) StorageBuilder() array.Builder { return b.fsb }

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

// UnmarshalJSON appends the values of a JSON array of UUID texts and
// nulls, the form [Array.MarshalJSON] writes. Anything else, including an
// array that is not closed or is followed by more than white space, is an
// error, and then nothing is appended.
func (b *Builder) UnmarshalJSON(data []byte) error {
	return (&textBuilder{b.fsb}).UnmarshalJSON(data)
}

// textBuilder is the storage builder of a [Builder] as arrow-go's JSON
// readers see it: a fixed_size_binary(16) builder that reads each JSON
// value as a UUID's text or null. Its UnmarshalOne and Unmarshal, whose
// decoder type follows arrow-go's build tags, are in json_goccy.go and
// json_std.go.
type textBuilder struct {
	*array.FixedSizeBinaryBuilder
}

// tokenReader is what textBuilder needs of a JSON decoder: encoding/json's
// and goccy/go-json's both have it.
type tokenReader interface {
	Token() (json.Token, error)
	More() bool
}

// readOne reads the next JSON value of dec as [Builder] documents: null,
// or a UUID's text. valid is false for null.
func readOne(dec tokenReader) (u uuid.UUID, valid bool, err error) {
	t, err := dec.Token()
	if err != nil {
		return uuid.UUID{}, false, fmt.Errorf("arrowuuid: JSON for an arrow.uuid column: %w: %w", uuid.ErrEncoding, err)
	}
	switch v := t.(type) {
	case nil:
		return uuid.UUID{}, false, nil
	case string:
		u, err := uuid.Parse(v)
		return u, err == nil, err
	}
	return uuid.UUID{}, false, fmt.Errorf("arrowuuid: JSON %v in an arrow.uuid column: %w", t, uuid.ErrEncoding)
}

// appendOne appends the next JSON value of dec, or nothing on an error.
func (s *textBuilder) appendOne(dec tokenReader) error {
	u, valid, err := readOne(dec)
	switch {
	case err != nil:
		return err
	case valid:
		s.Append(u[:])
	default:
		s.AppendNull()
	}
	return nil
}

// appendRest appends the JSON values of dec up to the end of the array it
// is in.
func (s *textBuilder) appendRest(dec tokenReader) error {
	for dec.More() {
		if err := s.appendOne(dec); err != nil {
			return err
		}
	}
	return nil
}

// UnmarshalJSON does the work of [Builder.UnmarshalJSON]: it reads the
// whole document before it appends anything.
func (s *textBuilder) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	t, err := dec.Token()
	if err != nil {
		return fmt.Errorf("arrowuuid: JSON for an arrow.uuid column: %w: %w", uuid.ErrEncoding, err)
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		return fmt.Errorf("arrowuuid: JSON %v, not an array, for an arrow.uuid column: %w", t, uuid.ErrEncoding)
	}
	var vals []uuid.UUID
	var valid []bool
	for dec.More() {
		u, ok, err := readOne(dec)
		if err != nil {
			return err
		}
		vals, valid = append(vals, u), append(valid, ok)
	}
	if t, err := dec.Token(); err != nil || t != json.Delim(']') {
		return fmt.Errorf("arrowuuid: JSON array for an arrow.uuid column not closed at offset %d: %w", dec.InputOffset(), uuid.ErrEncoding)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("arrowuuid: JSON for an arrow.uuid column goes on after its array, at offset %d: %w", dec.InputOffset(), uuid.ErrEncoding)
	}
	s.Reserve(len(vals))
	for i, u := range vals {
		if valid[i] {
			s.Append(u[:])
		} else {
			s.AppendNull()
		}
	}
	return nil
}

var (
	_ arrow.ExtensionType          = (*Type)(nil)
	_ arrow.FixedWidthDataType     = (*Type)(nil)
	_ array.CustomExtensionBuilder = (*Type)(nil)
	_ array.ExtensionArray         = (*Array)(nil)
	_ array.Builder                = (*Builder)(nil)
	_ array.Builder                = (*textBuilder)(nil)
)
