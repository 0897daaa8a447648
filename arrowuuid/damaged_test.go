package arrowuuid_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// damaged returns a column of type dt over the given buffers, length,
// null count and offset, as a damaged IPC stream can make one.
func damaged(dt arrow.ExtensionType, length, nulls, offset int, bitmap, values []byte) arrow.Array {
	buf := func(b []byte) *memory.Buffer {
		if b == nil {
			return nil
		}
		return memory.NewBufferBytes(b)
	}
	d := array.NewData(dt, length, []*memory.Buffer{buf(bitmap), buf(values)}, nil, nulls, offset)
	defer d.Release()
	return array.MakeFromData(d)
}

// damagedCases are columns whose buffers do not match their length,
// offset or null count, with the error kind View gives each.
var damagedCases = []struct {
	name                  string
	length, nulls, offset int
	bitmap, values        []byte
	want                  error
}{
	{"values_short", 4, 0, 0, nil, make([]byte, 3*16), uuid.ErrLength},
	{"values_one_byte_short", 2, 0, 0, nil, make([]byte, 2*16-1), uuid.ErrLength},
	{"values_missing", 1, 0, 0, nil, nil, uuid.ErrLength},
	{"offset_past_values", 2, 0, 3, nil, make([]byte, 4*16), uuid.ErrLength},
	{"bitmap_short", 20, 1, 0, []byte{0xfe}, make([]byte, 20*16), uuid.ErrLength},
	{"bitmap_short_by_offset", 8, 1, 1, []byte{0xfe}, make([]byte, 9*16), uuid.ErrLength},
	{"nulls_without_bitmap", 3, 2, 0, nil, make([]byte, 3*16), uuid.ErrEncoding},
	{"unknown_nulls_without_bitmap", 70, array.UnknownNullCount, 0, nil, make([]byte, 70*16), uuid.ErrEncoding},
	{"more_nulls_than_values", 2, 3, 0, []byte{0}, make([]byte, 2*16), uuid.ErrEncoding},
	{"negative_length", -1, 0, 0, nil, make([]byte, 16), uuid.ErrLength},
	{"negative_offset", 1, 0, -1, nil, make([]byte, 16), uuid.ErrLength},
}

// TestViewBuffers checks that View refuses a column, empty or not, with
// other than fixed_size_binary's two buffers, whose array arrow-go cannot
// even build.
func TestViewBuffers(t *testing.T) {
	for _, n := range []int{0, 1} {
		d := array.NewData(extensions.NewUUIDType(), n, nil, nil, 0, 0)
		col := &fakeData{d: d}
		if v, err := arrowuuid.View(col); !errors.Is(err, uuid.ErrEncoding) {
			t.Errorf("View of a column of %d values and no buffers: %v, %v; want an error matching uuid.ErrEncoding", n, v, err)
		}
		d.Release()
	}
}

// fakeData is an arrow.Array that only holds its data, as a caller's own
// implementation of the interface may; the methods View does not need are
// left to the nil interface.
type fakeData struct {
	arrow.Array
	d *array.Data
}

func (f *fakeData) Data() arrow.ArrayData    { return f.d }
func (f *fakeData) DataType() arrow.DataType { return f.d.DataType() }
func (f *fakeData) Len() int                 { return f.d.Len() }
func (f *fakeData) NullN() int               { return f.d.NullN() }

// TestDamagedColumns checks that View refuses a column whose buffers do
// not match its length, whichever Go type it has, and that the methods of
// such an Array, as a reader hands it over after Register, read nothing
// past its buffers.
func TestDamagedColumns(t *testing.T) {
	for _, tc := range damagedCases {
		for _, dt := range []arrow.ExtensionType{arrowuuid.NewType(), extensions.NewUUIDType()} {
			t.Run(tc.name+"/type="+strings.TrimPrefix(strings.TrimPrefix(reflectName(dt), "*"), "arrowuuid."), func(t *testing.T) {
				col := damaged(dt, tc.length, tc.nulls, tc.offset, tc.bitmap, tc.values)
				defer col.Release()
				if v, err := arrowuuid.View(col); !errors.Is(err, tc.want) {
					t.Errorf("View: %v, %v; want an error matching %v", v, err, tc.want)
				}
				a, ok := col.(*arrowuuid.Array)
				if !ok {
					return
				}
				checkDamaged(t, a, tc.want)
			})
		}
	}
}

func reflectName(dt arrow.ExtensionType) string {
	if _, ok := dt.(*arrowuuid.Type); ok {
		return "ours"
	}
	return "arrow-go"
}

// checkDamaged calls every method of a, a damaged column, at every index
// of the column and around it.
func checkDamaged(t *testing.T, a *arrowuuid.Array, want error) {
	t.Helper()
	held := 0
	if b := a.Data().Buffers()[1]; b != nil && a.Offset() >= 0 {
		held = max(0, min(a.Len(), b.Len()/16-a.Offset()))
	}
	if got := len(a.Values()); got != held {
		t.Errorf("len(Values()) = %d; want the %d values the buffer holds", got, held)
	}
	for i := -1; i <= max(a.Len(), 0); i++ {
		u, s, one := a.Value(i), a.ValueStr(i), a.GetOneForMarshal(i)
		if a.IsNull(i) == a.IsValid(i) {
			t.Errorf("IsNull(%d) = IsValid(%d) = %v", i, i, a.IsValid(i))
		}
		if !a.IsValid(i) && (u != uuid.UUID{} || s != "(null)" || one != nil) {
			t.Errorf("position %d, not held: Value %v, ValueStr %q, GetOneForMarshal %v; want the Nil UUID, (null), nil", i, u, s, one)
		}
	}
	if n := a.NullN(); n < 0 || n > max(a.Len(), 0) {
		t.Errorf("NullN() = %d for a column of %d", n, a.Len())
	}
	if b, err := a.MarshalJSON(); !errors.Is(err, want) {
		t.Errorf("MarshalJSON() = %s, %v; want an error matching %v", b, err, want)
	}
	if s := a.String(); !strings.HasPrefix(s, "arrowuuid: ") {
		t.Errorf("String() = %q; want the damage reported", s)
	}
}

// TestViewNil checks View of nil columns and of arrays no builder made.
func TestViewNil(t *testing.T) {
	for name, col := range map[string]arrow.Array{
		"nil":                   nil,
		"typed_nil":             (*arrowuuid.Array)(nil),
		"zero_array":            &arrowuuid.Array{},
		"typed_nil_arrow_go":    (*extensions.UUIDArray)(nil),
		"zero_array_arrow_go":   &extensions.UUIDArray{},
		"typed_nil_fixed_size":  (*array.FixedSizeBinary)(nil),
		"zero_array_fixed_size": &array.FixedSizeBinary{},
	} {
		t.Run(name, func(t *testing.T) {
			if v, err := arrowuuid.View(col); !errors.Is(err, uuid.ErrEncoding) {
				t.Errorf("View: %v, %v; want an error matching uuid.ErrEncoding", v, err)
			}
		})
	}
	var zero arrowuuid.Array
	if zero.Value(0) != (uuid.UUID{}) || zero.ValueStr(0) != "(null)" || zero.String() != "[]" || zero.Values() != nil {
		t.Errorf("zero Array: Value %v, ValueStr %q, String %q, Values %v", zero.Value(0), zero.ValueStr(0), zero.String(), zero.Values())
	}
	if b, err := zero.MarshalJSON(); err != nil || string(b) != "[]" {
		t.Errorf("zero Array: MarshalJSON() = %s, %v; want []", b, err)
	}
}

// TestUnmarshalJSONWhole checks that Builder.UnmarshalJSON takes one
// whole JSON array and nothing else, and appends nothing when it refuses.
func TestUnmarshalJSONWhole(t *testing.T) {
	const u = `"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"`
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"whole", `[` + u + `,null]`, true},
		{"white_space_around", " \n[" + u + "] \t\n", true},
		{"empty_array", `[]`, true},
		{"not_closed", `[` + u, false},
		{"not_closed_after_comma", `[` + u + `,`, false},
		{"not_closed_empty", `[`, false},
		{"garbage_after", `[] garbage`, false},
		{"garbage_after_values", `[` + u + `] x`, false},
		{"second_array", `[] []`, false},
		{"second_value", `[` + u + `] ` + u, false},
		{"empty", ``, false},
		{"white_space", ` `, false},
		{"closed_by_brace", `[` + u + `}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := arrowuuid.NewBuilder(memory.DefaultAllocator)
			defer b.Release()
			err := b.UnmarshalJSON([]byte(tc.in))
			switch {
			case tc.ok && err != nil:
				t.Errorf("UnmarshalJSON(%q) = %v; want nil", tc.in, err)
			case !tc.ok && !errors.Is(err, uuid.ErrEncoding):
				t.Errorf("UnmarshalJSON(%q) = %v; want an error matching uuid.ErrEncoding", tc.in, err)
			case !tc.ok && b.Len() != 0:
				t.Errorf("UnmarshalJSON(%q) = %v and appended %d values; want none", tc.in, err, b.Len())
			}
		})
	}
}

// TestIPCMutations reads every single-byte change of the record batch of
// an IPC stream of a UUID column, with each Go type registered: whatever
// the reader hands over, the Array's methods stay inside its buffers, and
// View either refuses the column with the root's kinds or returns one
// whose values are all held. Some changes make a column whose buffers are
// short, which View must refuse. (The schema message is left whole:
// arrow-go sizes slices by its counts before it checks them.)
func TestIPCMutations(t *testing.T) {
	schema, batch := splitStream(t, uuidStream(t, arrowuuid.NewType()))
	refused := 0
	for _, reg := range []string{"ours", "arrow-go"} {
		useArrowGo(t)
		if reg == "ours" {
			register(t)
		}
		for pos := range batch {
			for _, x := range []byte{0x01, 0xff} {
				in := bytes.Clone(batch)
				in[pos] ^= x
				refused += checkStream(t, append(bytes.Clone(schema), in...))
			}
		}
	}
	if refused == 0 {
		t.Errorf("no change of the stream made a column View refuses; the test cannot fail")
	}
}

// splitStream cuts an IPC stream after its schema message: a continuation
// marker, the metadata's length and the metadata, with no body.
func splitStream(t testing.TB, stream []byte) (schema, rest []byte) {
	t.Helper()
	if len(stream) < 8 || binary.LittleEndian.Uint32(stream) != 0xffffffff {
		t.Fatalf("IPC stream starts % x; want a continuation marker", stream[:min(8, len(stream))])
	}
	n := 8 + int(binary.LittleEndian.Uint32(stream[4:]))
	if n > len(stream) {
		t.Fatalf("IPC schema message of %d bytes in a stream of %d", n, len(stream))
	}
	return stream[:n], stream[n:]
}

// uuidStream returns an IPC stream of one column of dt: sample values
// with a null.
func uuidStream(t testing.TB, dt arrow.DataType) []byte {
	t.Helper()
	vals := sample()
	b := array.NewBuilder(memory.DefaultAllocator, dt)
	defer b.Release()
	for i, u := range vals {
		if i == 1 {
			b.AppendNull()
			continue
		}
		if err := b.AppendValueFromString(u.String()); err != nil {
			t.Fatal(err)
		}
	}
	col := b.NewArray()
	defer col.Release()
	sc := arrow.NewSchema([]arrow.Field{{Name: "id", Type: dt, Nullable: true}}, nil)
	rec := array.NewRecordBatch(sc, []arrow.Array{col}, int64(col.Len()))
	defer rec.Release()
	var buf bytes.Buffer
	w := ipc.NewWriter(&buf, ipc.WithSchema(sc))
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
