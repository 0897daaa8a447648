package arrowuuid_test

import (
	"bytes"
	"errors"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	guuid "github.com/google/uuid"
)

// docPage is the user document whose arrowuuid blocks must be this
// package's examples.
const docPage = "../docs/ecosystem.md"

func TestAPI(t *testing.T) {
	apitest.Check(t, ".", "github.com/afb7af96/uuid/arrowuuid", "../api/arrowuuid.txt")
}

// TestOneAPIEveryBuild checks that the files only some builds compile
// (json_goccy.go and json_std.go, by arrow-go's arrow_json_stdlib tag)
// declare no exported name, so that the listing TestAPI checks is the
// package's API in every build.
func TestOneAPIEveryBuild(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	tagged := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(f.Comments, func(g *ast.CommentGroup) bool {
			return slices.ContainsFunc(g.List, func(c *ast.Comment) bool { return constraint.IsGoBuild(c.Text) })
		}) {
			continue
		}
		tagged++
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() && (d.Recv == nil || exportedRecv(d.Recv.List[0].Type)) {
					t.Errorf("%s, compiled only with its build tags, declares %s", name, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if sp.Name.IsExported() {
							t.Errorf("%s, compiled only with its build tags, declares %s", name, sp.Name.Name)
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if n.IsExported() {
								t.Errorf("%s, compiled only with its build tags, declares %s", name, n.Name)
							}
						}
					}
				}
			}
		}
	}
	if tagged < 2 {
		t.Errorf("found %d files with build tags; want json_goccy.go and json_std.go", tagged)
	}
}

// exportedRecv reports whether a method's receiver type is exported.
func exportedRecv(e ast.Expr) bool {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	id, ok := e.(*ast.Ident)
	return ok && id.IsExported()
}

// TestDocExamples checks that the examples the user document shows are
// this package's runnable examples, line for line.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, docPage, "arrowuuid", "example_test.go")
	apitest.CheckDocImports(t, docPage, "example_test.go")
}

// sample is a column with every kind of value: versions, the edges, and
// bytes whose order differs between signed and unsigned comparison.
func sample() []uuid.UUID {
	return []uuid.UUID{
		uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
		uuid.Nil(),
		uuid.Max(),
		uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
		uuid.MustParse("80000000-0000-4000-8000-000000000000"),
		uuid.MustParse("7fffffff-ffff-4fff-bfff-ffffffffffff"),
		uuid.NewV4(),
		uuid.NewV7(),
	}
}

// useArrowGo puts arrow-go's own type back in the registry when the test
// ends, whatever the test registered, and starts from it.
func useArrowGo(t *testing.T) {
	t.Helper()
	restore := func() {
		_ = arrow.UnregisterExtensionType(arrowuuid.ExtensionName)
		if err := arrow.RegisterExtensionType(extensions.NewUUIDType()); err != nil {
			t.Fatal(err)
		}
	}
	restore()
	t.Cleanup(restore)
}

func register(t *testing.T) {
	t.Helper()
	useArrowGo(t)
	if err := arrowuuid.Register(); err != nil {
		t.Fatal(err)
	}
	if err := arrowuuid.Register(); err != nil {
		t.Fatalf("second Register: %v", err)
	}
}

// ipcRoundTrip writes col as the one column "id" of an IPC stream and
// reads it back with whatever the registry holds.
func ipcRoundTrip(t *testing.T, col arrow.Array) (arrow.Array, error) {
	t.Helper()
	sc := arrow.NewSchema([]arrow.Field{{Name: "id", Type: col.DataType(), Nullable: true}}, nil)
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
	r, err := ipc.NewReader(&buf)
	if err != nil {
		return nil, err
	}
	defer r.Release()
	if !r.Next() {
		if r.Err() != nil {
			return nil, r.Err()
		}
		t.Fatal("no record read back")
	}
	got := r.RecordBatch().Column(0)
	got.Retain()
	return got, nil
}

func ours(t *testing.T, vals []uuid.UUID, valid []bool) *arrowuuid.Array {
	t.Helper()
	b := arrowuuid.NewBuilder(memory.DefaultAllocator)
	defer b.Release()
	if err := b.AppendValues(vals, valid); err != nil {
		t.Fatal(err)
	}
	return b.NewUUIDArray()
}

func arrowGos(vals []uuid.UUID, valid []bool) *extensions.UUIDArray {
	b := extensions.NewUUIDBuilder(memory.DefaultAllocator)
	defer b.Release()
	g := make([]guuid.UUID, len(vals))
	for i, u := range vals {
		g[i] = guuid.UUID(u)
	}
	b.AppendValues(g, valid)
	return b.NewArray().(*extensions.UUIDArray)
}

func checkEqual(t *testing.T, got *arrowuuid.Array, want []uuid.UUID, valid []bool) {
	t.Helper()
	if got.Len() != len(want) {
		t.Fatalf("Len() = %d; want %d", got.Len(), len(want))
	}
	for i, u := range want {
		isNull := len(valid) != 0 && !valid[i]
		if got.IsNull(i) != isNull {
			t.Errorf("IsNull(%d) = %v; want %v", i, got.IsNull(i), isNull)
		}
		if !isNull && (got.Value(i) != u || got.Values()[i] != u || got.ValueStr(i) != u.String()) {
			t.Errorf("row %d: Value %v, Values %v, ValueStr %s; want %v", i, got.Value(i), got.Values()[i], got.ValueStr(i), u)
		}
		if isNull && (got.Value(i) != uuid.UUID{} || got.ValueStr(i) != "(null)") {
			t.Errorf("null row %d: Value %v, ValueStr %s", i, got.Value(i), got.ValueStr(i))
		}
	}
}

// TestIPCBothWays writes a column with each of the two Go types and reads
// it back with each registered, so that a stream written by either is
// read by the other.
func TestIPCBothWays(t *testing.T) {
	vals := sample()
	valid := []bool{true, true, true, false, true, true, true, true}
	for _, tc := range []struct {
		name  string
		write func() arrow.Array
	}{
		{"written_by=arrowuuid", func() arrow.Array { return ours(t, vals, valid) }},
		{"written_by=arrow-go", func() arrow.Array { return arrowGos(vals, valid) }},
	} {
		t.Run(tc.name+"/read_by=arrow-go", func(t *testing.T) {
			useArrowGo(t)
			col := tc.write()
			defer col.Release()
			got, err := ipcRoundTrip(t, col)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Release()
			g, ok := got.(*extensions.UUIDArray)
			if !ok {
				t.Fatalf("read back %T; want *extensions.UUIDArray", got)
			}
			for i, u := range vals {
				if valid[i] && [16]byte(g.Value(i)) != u {
					t.Errorf("row %d = %v; want %v", i, g.Value(i), u)
				}
			}
			v, err := arrowuuid.View(got)
			if err != nil {
				t.Fatal(err)
			}
			defer v.Release()
			checkEqual(t, v, vals, valid)
		})
		t.Run(tc.name+"/read_by=arrowuuid", func(t *testing.T) {
			register(t)
			col := tc.write()
			defer col.Release()
			got, err := ipcRoundTrip(t, col)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Release()
			a, ok := got.(*arrowuuid.Array)
			if !ok {
				t.Fatalf("read back %T; want *arrowuuid.Array", got)
			}
			checkEqual(t, a, vals, valid)
		})
	}
}

// TestTypesAgree checks that the two types are one type to arrow-go: same
// name, storage, metadata and equality both ways.
func TestTypesAgree(t *testing.T) {
	o, g := arrowuuid.NewType(), extensions.NewUUIDType()
	if o.ExtensionName() != g.ExtensionName() || o.Serialize() != g.Serialize() ||
		!arrow.TypeEqual(o.StorageType(), g.StorageType()) || o.String() != g.String() {
		t.Errorf("arrowuuid %s %q %s; arrow-go %s %q %s", o.ExtensionName(), o.Serialize(), o.StorageType(),
			g.ExtensionName(), g.Serialize(), g.StorageType())
	}
	if !arrow.TypeEqual(o, g) || !arrow.TypeEqual(g, o) {
		t.Error("arrow.TypeEqual of the two types is false")
	}
	if o.ParquetLogicalType() != g.ParquetLogicalType() || o.BitWidth() != 128 || o.Bytes() != 16 {
		t.Errorf("ParquetLogicalType %v, BitWidth %d, Bytes %d", o.ParquetLogicalType(), o.BitWidth(), o.Bytes())
	}
}

// fakeUUID is an extension that claims the name arrow.uuid with other
// storage or metadata, as a foreign or broken writer could.
type fakeUUID struct {
	arrow.ExtensionBase
	meta string
}

func (*fakeUUID) ExtensionName() string                        { return arrowuuid.ExtensionName }
func (f *fakeUUID) Serialize() string                          { return f.meta }
func (f *fakeUUID) ExtensionEquals(o arrow.ExtensionType) bool { return o == arrow.ExtensionType(f) }
func (*fakeUUID) ArrayType() reflect.Type                      { return reflect.TypeFor[fakeArray]() }
func (f *fakeUUID) Deserialize(s arrow.DataType, m string) (arrow.ExtensionType, error) {
	return &fakeUUID{ExtensionBase: arrow.ExtensionBase{Storage: s}, meta: m}, nil
}

type fakeArray struct{ array.ExtensionArrayBase }

func fakeColumn(t *testing.T, storage arrow.DataType, meta string) arrow.Array {
	t.Helper()
	var st arrow.Array
	switch s := storage.(type) {
	case *arrow.FixedSizeBinaryType:
		b := array.NewFixedSizeBinaryBuilder(memory.DefaultAllocator, s)
		defer b.Release()
		b.Append(make([]byte, s.ByteWidth))
		st = b.NewArray()
	case *arrow.Int64Type:
		b := array.NewInt64Builder(memory.DefaultAllocator)
		defer b.Release()
		b.Append(1)
		st = b.NewArray()
	}
	defer st.Release()
	return array.NewExtensionArrayWithStorage(&fakeUUID{ExtensionBase: arrow.ExtensionBase{Storage: storage}, meta: meta}, st)
}

// TestBadColumns reads columns that declare arrow.uuid but are not UUIDs,
// and columns of other types, through Register and View: each is an error
// of the root's kinds, never a panic.
func TestBadColumns(t *testing.T) {
	for _, tc := range []struct {
		name    string
		storage arrow.DataType
		meta    string
		want    error
	}{
		{"width=8", &arrow.FixedSizeBinaryType{ByteWidth: 8}, "", uuid.ErrLength},
		{"width=17", &arrow.FixedSizeBinaryType{ByteWidth: 17}, "", uuid.ErrLength},
		{"storage=int64", arrow.PrimitiveTypes.Int64, "", uuid.ErrEncoding},
		{"metadata=nonempty", &arrow.FixedSizeBinaryType{ByteWidth: 16}, `{"v":1}`, uuid.ErrEncoding},
	} {
		t.Run(tc.name, func(t *testing.T) {
			col := fakeColumn(t, tc.storage, tc.meta)
			defer col.Release()
			if v, err := arrowuuid.View(col); !errors.Is(err, tc.want) {
				t.Errorf("View: %v, %v; want an error matching %v", v, err, tc.want)
			}
			register(t)
			got, err := ipcRoundTrip(t, col)
			if !errors.Is(err, tc.want) {
				t.Errorf("IPC read with Register: %v, %v; want an error matching %v", got, err, tc.want)
			}
		})
	}
	others := map[string]arrow.Array{}
	b := array.NewFixedSizeBinaryBuilder(memory.DefaultAllocator, &arrow.FixedSizeBinaryType{ByteWidth: 16})
	b.Append(make([]byte, 16))
	others["plain_fixed_size_binary"] = b.NewArray()
	b.Release()
	bb := extensions.NewBool8Builder(memory.DefaultAllocator)
	bb.Append(true)
	others["extension=arrow.bool8"] = bb.NewArray()
	bb.Release()
	for name, col := range others {
		t.Run(name, func(t *testing.T) {
			defer col.Release()
			if v, err := arrowuuid.View(col); !errors.Is(err, uuid.ErrEncoding) {
				t.Errorf("View: %v, %v; want an error matching uuid.ErrEncoding", v, err)
			}
		})
	}
	if v, err := arrowuuid.View(nil); !errors.Is(err, uuid.ErrEncoding) {
		t.Errorf("View(nil): %v, %v; want an error matching uuid.ErrEncoding", v, err)
	}
}

// TestValuesShareMemory checks that Values is a view of the column's
// buffer, for a whole column, a slice of it, a view of arrow-go's column,
// and an empty column.
func TestValuesShareMemory(t *testing.T) {
	vals := sample()
	a := ours(t, vals, nil)
	defer a.Release()
	buf := a.Data().Buffers()[1].Bytes()
	if got := a.Values(); unsafe.Pointer(&got[0]) != unsafe.Pointer(&buf[0]) || !slices.Equal(got, vals) {
		t.Errorf("Values() = %v at %p; want %v at %p", got, &got[0], vals, &buf[0])
	}
	s := array.NewSlice(a, 2, 5)
	defer s.Release()
	sv, err := arrowuuid.View(s)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Release()
	if got := sv.Values(); unsafe.Pointer(&got[0]) != unsafe.Pointer(&buf[2*16]) || !slices.Equal(got, vals[2:5]) {
		t.Errorf("slice [2:5]: Values() = %v; want %v, sharing memory", got, vals[2:5])
	}
	g := arrowGos(vals, nil)
	defer g.Release()
	gv, err := arrowuuid.View(g)
	if err != nil {
		t.Fatal(err)
	}
	defer gv.Release()
	gbuf := g.Data().Buffers()[1].Bytes()
	if got := gv.Values(); unsafe.Pointer(&got[0]) != unsafe.Pointer(&gbuf[0]) || !slices.Equal(got, vals) {
		t.Errorf("View of arrow-go's column: Values() = %v; want %v, sharing memory", got, vals)
	}
	empty := ours(t, nil, nil)
	defer empty.Release()
	if got := empty.Values(); len(got) != 0 {
		t.Errorf("empty column: Values() = %v", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = a.Values(); _ = a.Value(3) }); n != 0 {
		t.Errorf("Values and Value allocate %v times; want 0", n)
	}
}

// TestBuilderText checks text input: every form Parse accepts, the null
// text, and text that is not a UUID, which appends nothing.
func TestBuilderText(t *testing.T) {
	b := arrowuuid.NewBuilder(memory.DefaultAllocator)
	defer b.Release()
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	for _, s := range []string{u.String(), "urn:uuid:" + u.String(), "{" + u.String() + "}", "F81D4FAE7DEC11D0A76500A0C91E6BF6", "(null)"} {
		if err := b.AppendValueFromString(s); err != nil {
			t.Errorf("AppendValueFromString(%q) = %v", s, err)
		}
	}
	for _, tc := range []struct {
		in     string
		kind   error
		offset int
	}{
		{"", uuid.ErrLength, -1},
		{"f81d4fae-7dec-11d0-a765-00a0c91e6bzz", uuid.ErrDigit, 34},
		{"null", uuid.ErrDigit, 0},
	} {
		err := b.AppendValueFromString(tc.in)
		var pe *uuid.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, tc.kind) || pe.Offset != tc.offset {
			t.Errorf("AppendValueFromString(%q) = %v; want a *uuid.ParseError of %v at offset %d", tc.in, err, tc.kind, tc.offset)
		}
	}
	if err := b.AppendValues([]uuid.UUID{u}, []bool{true, false}); !errors.Is(err, uuid.ErrLength) {
		t.Errorf("AppendValues with 2 flags for 1 UUID = %v; want an error matching uuid.ErrLength", err)
	}
	a := b.NewUUIDArray()
	defer a.Release()
	checkEqual(t, a, []uuid.UUID{u, u, u, u, {}}, []bool{true, true, true, true, false})
	if got, want := a.String(), "["+u.String()+" "+u.String()+" "+u.String()+" "+u.String()+" (null)]"; got != want {
		t.Errorf("String() = %s; want %s", got, want)
	}
	if a.ValueAsAny(0) != any(u) || a.ValueAsAny(4) != nil {
		t.Errorf("ValueAsAny = %v, %v", a.ValueAsAny(0), a.ValueAsAny(4))
	}
	js, err := a.MarshalJSON()
	if err != nil || string(js) != `["`+u.String()+`","`+u.String()+`","`+u.String()+`","`+u.String()+`",null]` {
		t.Errorf("MarshalJSON() = %s, %v", js, err)
	}
}

// TestNestedBuilders checks that arrow-go's generic builders use ours for
// a list<arrow.uuid> and a struct field.
func TestNestedBuilders(t *testing.T) {
	lt := arrow.ListOf(arrowuuid.NewType())
	lb := array.NewBuilder(memory.DefaultAllocator, lt).(*array.ListBuilder)
	defer lb.Release()
	lb.Append(true)
	vb, ok := lb.ValueBuilder().(*arrowuuid.Builder)
	if !ok {
		t.Fatalf("list value builder is %T; want *arrowuuid.Builder", lb.ValueBuilder())
	}
	vb.Append(uuid.Max())
	l := lb.NewListArray()
	defer l.Release()
	if v, ok := l.ListValues().(*arrowuuid.Array); !ok || v.Value(0) != uuid.Max() {
		t.Errorf("list values %T %v", l.ListValues(), l.ListValues())
	}
}

// TestJSON reads the JSON that each type's arrays write with the other's
// builder, through arrow-go's array.FromJSON, and refuses JSON that is
// not UUID text.
func TestJSON(t *testing.T) {
	vals := sample()
	valid := []bool{true, false, true, true, true, true, true, true}
	a, g := ours(t, vals, valid), arrowGos(vals, valid)
	defer a.Release()
	defer g.Release()
	ja, err := a.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	jg, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(ja) != string(jg) {
		t.Errorf("MarshalJSON: ours %s; arrow-go's %s", ja, jg)
	}
	back, _, err := array.FromJSON(memory.DefaultAllocator, arrowuuid.NewType(), strings.NewReader(string(jg)))
	if err != nil {
		t.Fatal(err)
	}
	defer back.Release()
	checkEqual(t, back.(*arrowuuid.Array), vals, valid)
	for _, in := range []string{`[1]`, `[true]`, `["not a uuid"]`, `{"a":1}`, `["f81d4fae-7dec-11d0-a765-00a0c91e6bf6",[]]`} {
		b := arrowuuid.NewBuilder(memory.DefaultAllocator)
		err := b.UnmarshalJSON([]byte(in))
		var pe *uuid.ParseError
		if !errors.Is(err, uuid.ErrEncoding) && !errors.As(err, &pe) {
			t.Errorf("UnmarshalJSON(%s) = %v; want an error matching uuid.ErrEncoding or a *uuid.ParseError", in, err)
		}
		b.Release()
	}
}

// TestFieldMetadata checks what docs/ecosystem.md says of metadata: a
// field's own metadata beside an arrow.uuid type survives a stream with
// either type registered; metadata in the arrow.uuid type itself, which
// the canonical type has none of, is refused by Register's type (the
// reader fails) and ignored by arrow-go's, whose column View then takes.
func TestFieldMetadata(t *testing.T) {
	vals := sample()
	col := ours(t, vals, nil)
	defer col.Release()
	md := arrow.NewMetadata([]string{"comment"}, []string{"primary key"})
	sc := arrow.NewSchema([]arrow.Field{{Name: "id", Type: col.DataType(), Metadata: md}}, nil)
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
	for _, reg := range []string{"ours", "arrow-go"} {
		t.Run("field_metadata/registered="+reg, func(t *testing.T) {
			useArrowGo(t)
			if reg == "ours" {
				register(t)
			}
			r, err := ipc.NewReader(bytes.NewReader(buf.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Release()
			f := r.Schema().Field(0)
			if v, ok := f.Metadata.GetValue("comment"); !ok || v != "primary key" || f.Type.(arrow.ExtensionType).ExtensionName() != arrowuuid.ExtensionName {
				t.Errorf("field read back as %v with metadata %v", f.Type, f.Metadata)
			}
			if !r.Next() {
				t.Fatal(r.Err())
			}
			v, err := arrowuuid.View(r.RecordBatch().Column(0))
			if err != nil {
				t.Fatal(err)
			}
			defer v.Release()
			checkEqual(t, v, vals, nil)
		})
	}
	t.Run("type_metadata/registered=arrow-go", func(t *testing.T) {
		useArrowGo(t)
		fake := fakeColumn(t, &arrow.FixedSizeBinaryType{ByteWidth: 16}, `{"v":1}`)
		defer fake.Release()
		got, err := ipcRoundTrip(t, fake)
		if err != nil {
			t.Fatalf("IPC read with arrow-go's type: %v", err)
		}
		defer got.Release()
		if _, ok := got.(*extensions.UUIDArray); !ok {
			t.Fatalf("IPC read with arrow-go's type: %T", got)
		}
		v, err := arrowuuid.View(got)
		if err != nil {
			t.Fatalf("View of arrow-go's column: %v", err)
		}
		v.Release()
	})
}
