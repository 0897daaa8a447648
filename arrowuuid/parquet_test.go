package arrowuuid_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	guuid "github.com/google/uuid"
	pq "github.com/parquet-go/parquet-go"
)

// item is the row of the recognition matrix: a key, a nullable parent and
// a list, the three shapes a UUID column takes.
type item struct {
	ID     uuid.UUID
	Parent uuid.NullUUID
	Tags   []uuid.UUID
}

// googleItem is the same row over github.com/google/uuid.
type googleItem struct {
	ID     guuid.UUID
	Parent guuid.NullUUID
	Tags   []guuid.UUID
}

func sampleItems() []item {
	s := sample()
	return []item{
		{ID: s[0], Parent: uuid.NullUUID{UUID: s[1], Valid: true}, Tags: []uuid.UUID{s[2], s[3]}},
		{ID: s[4], Tags: []uuid.UUID{}},
		{ID: s[5], Parent: uuid.NullUUID{UUID: s[0], Valid: true}, Tags: s[5:]},
		{ID: s[2]},
	}
}

// itemSchema is the Arrow schema of item with the UUID type t.
func itemSchema(t arrow.DataType) *arrow.Schema {
	return arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: t},
		{Name: "parent", Type: t, Nullable: true},
		{Name: "tags", Type: arrow.ListOfNonNullable(t), Nullable: true},
	}, nil)
}

// itemsRecord builds items with this package's builders.
func itemsRecord(items []item) arrow.RecordBatch {
	rb := array.NewRecordBuilder(memory.DefaultAllocator, itemSchema(arrowuuid.NewType()))
	defer rb.Release()
	id := rb.Field(0).(*arrowuuid.Builder)
	parent := rb.Field(1).(*arrowuuid.Builder)
	tags := rb.Field(2).(*array.ListBuilder)
	tag := tags.ValueBuilder().(*arrowuuid.Builder)
	for _, it := range items {
		id.Append(it.ID)
		if it.Parent.Valid {
			parent.Append(it.Parent.UUID)
		} else {
			parent.AppendNull()
		}
		tags.Append(true)
		_ = tag.AppendValues(it.Tags, nil)
	}
	return rb.NewRecordBatch()
}

// googleItemsRecord builds items with arrow-go's own UUID builders.
func googleItemsRecord(items []googleItem) arrow.RecordBatch {
	rb := array.NewRecordBuilder(memory.DefaultAllocator, itemSchema(extensions.NewUUIDType()))
	defer rb.Release()
	id := rb.Field(0).(*extensions.UUIDBuilder)
	parent := rb.Field(1).(*extensions.UUIDBuilder)
	tags := rb.Field(2).(*array.ListBuilder)
	tag := tags.ValueBuilder().(*extensions.UUIDBuilder)
	for _, it := range items {
		id.Append(it.ID)
		if it.Parent.Valid {
			parent.Append(it.Parent.UUID)
		} else {
			parent.AppendNull()
		}
		tags.Append(true)
		tag.AppendValues(it.Tags, nil)
	}
	return rb.NewRecordBatch()
}

func writePqarrow(t *testing.T, rec arrow.RecordBatch) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := pqarrow.NewFileWriter(rec.Schema(), &buf, parquet.NewWriterProperties(), pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// parquetSchema lists the leaf columns of a Parquet file as arrow-go
// reads them: path, physical type and width, logical type, and the
// definition and repetition levels that make it nullable or a list.
func parquetSchema(t *testing.T, data []byte) string {
	t.Helper()
	r, err := file.NewParquetReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var sb strings.Builder
	sc := r.MetaData().Schema
	for i := range sc.NumColumns() {
		c := sc.Column(i)
		fmt.Fprintf(&sb, "%s %s(%d) %s def=%d rep=%d\n", c.ColumnPath(), c.PhysicalType(), c.TypeLength(),
			c.LogicalType(), c.MaxDefinitionLevel(), c.MaxRepetitionLevel())
	}
	return sb.String()
}

// readPqarrow reads a Parquet file into items through pqarrow and View,
// whichever UUID type the registry holds.
func readPqarrow(t *testing.T, data []byte) []item {
	t.Helper()
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	tr := array.NewTableReader(tbl, -1)
	defer tr.Release()
	var out []item
	for tr.Next() {
		rec := tr.RecordBatch()
		id, err := arrowuuid.View(rec.Column(0))
		if err != nil {
			t.Fatal(err)
		}
		parent, err := arrowuuid.View(rec.Column(1))
		if err != nil {
			t.Fatal(err)
		}
		tags := rec.Column(2).(*array.List)
		tag, err := arrowuuid.View(tags.ListValues())
		if err != nil {
			t.Fatal(err)
		}
		for i := range id.Len() {
			it := item{ID: id.Value(i)}
			if parent.IsValid(i) {
				it.Parent = uuid.NullUUID{UUID: parent.Value(i), Valid: true}
			}
			if tags.IsValid(i) {
				start, end := tags.ValueOffsets(i)
				it.Tags = append([]uuid.UUID{}, tag.Values()[start:end]...)
			}
			out = append(out, it)
		}
		id.Release()
		parent.Release()
		tag.Release()
	}
	return out
}

func equalItems(a, b []item) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID || a[i].Parent != b[i].Parent || len(a[i].Tags) != len(b[i].Tags) {
			return false
		}
		for j := range a[i].Tags {
			if a[i].Tags[j] != b[i].Tags[j] {
				return false
			}
		}
	}
	return true
}

// pqarrowSchema is what pqarrow v18.8.0 writes for item, with either Go
// type: every UUID column carries Parquet's UUID logical type.
const pqarrowSchema = `id FIXED_LEN_BYTE_ARRAY(16) UUID def=0 rep=0
parent FIXED_LEN_BYTE_ARRAY(16) UUID def=1 rep=0
tags.list.element FIXED_LEN_BYTE_ARRAY(16) UUID def=2 rep=1
`

// TestPqarrow writes item through pqarrow with this package's type and
// reads it back with arrow-go's type registered and with ours.
func TestPqarrow(t *testing.T) {
	items := sampleItems()
	rec := itemsRecord(items)
	defer rec.Release()
	data := writePqarrow(t, rec)
	if got := parquetSchema(t, data); got != pqarrowSchema {
		t.Errorf("pqarrow wrote the schema\n%s\nwant\n%s", got, pqarrowSchema)
	}
	t.Run("read_by=arrow-go", func(t *testing.T) {
		useArrowGo(t)
		if got := readPqarrow(t, data); !equalItems(got, items) {
			t.Errorf("read back %v; want %v", got, items)
		}
	})
	t.Run("read_by=arrowuuid", func(t *testing.T) {
		register(t)
		tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		if err != nil {
			t.Fatal(err)
		}
		defer tbl.Release()
		for i, want := range []string{"*arrowuuid.Array", "*arrowuuid.Array"} {
			if got := typeName(tbl.Column(i).Data().Chunk(0)); got != want {
				t.Errorf("column %d read as %s; want %s", i, got, want)
			}
		}
		if got := readPqarrow(t, data); !equalItems(got, items) {
			t.Errorf("read back %v; want %v", got, items)
		}
	})
}

func typeName(a arrow.Array) string {
	switch a.(type) {
	case *arrowuuid.Array:
		return "*arrowuuid.Array"
	case *extensions.UUIDArray:
		return "*extensions.UUIDArray"
	}
	return a.DataType().String()
}

// parquetGoItem is item as parquet-go v0.32.0 is told to see its UUIDs:
// the uuid tag on a UUID, and on the elements of a list.
type parquetGoItem struct {
	ID     uuid.UUID   `parquet:"id,uuid"`
	Parent *uuid.UUID  `parquet:"parent"`
	Tags   []uuid.UUID `parquet:"tags,list" parquet-element:",uuid"`
}

// TestParquetGoRoundTrip writes item through parquet-go with a schema that
// names every column's UUID type, reads the file back with parquet-go and
// with pqarrow, and reads pqarrow's file with parquet-go.
func TestParquetGoRoundTrip(t *testing.T) {
	items := sampleItems()
	rows := make([]parquetGoItem, len(items))
	for i, it := range items {
		rows[i] = parquetGoItem{ID: it.ID, Tags: it.Tags}
		if it.Parent.Valid {
			rows[i].Parent = &items[i].Parent.UUID
		}
	}
	var buf bytes.Buffer
	w := pq.NewGenericWriter[parquetGoItem](&buf, parquetGoSchema())
	if _, err := w.Write(rows); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got := parquetSchema(t, buf.Bytes()); got != pqarrowSchema {
		t.Errorf("parquet-go wrote the schema\n%s\nwant pqarrow's\n%s", got, pqarrowSchema)
	}
	useArrowGo(t)
	if got := readPqarrow(t, buf.Bytes()); !equalItems(got, items) {
		t.Errorf("pqarrow read parquet-go's file as %v; want %v", got, items)
	}
	rec := itemsRecord(items)
	defer rec.Release()
	for name, data := range map[string][]byte{"parquet-go": buf.Bytes(), "pqarrow": writePqarrow(t, rec)} {
		got, err := pq.Read[parquetGoItem](bytes.NewReader(data), int64(len(data)), parquetGoSchema())
		if err != nil {
			t.Fatal(err)
		}
		back := make([]item, len(got))
		for i, r := range got {
			back[i] = item{ID: r.ID, Tags: r.Tags}
			if r.Parent != nil {
				back[i].Parent = uuid.NullUUID{UUID: *r.Parent, Valid: true}
			}
		}
		if !equalItems(back, items) {
			t.Errorf("parquet-go read %s's file as %v; want %v", name, back, items)
		}
	}
}

// parquetGoSchema is item's schema built from parquet-go's node
// constructors, which also gives the nullable column its UUID type.
func parquetGoSchema() *pq.Schema {
	return pq.NewSchema("item", pq.Group{
		"id":     pq.UUID(),
		"parent": pq.Optional(pq.UUID()),
		"tags":   pq.Optional(pq.List(pq.UUID())),
	})
}

// TestEngineFiles reads the files in testdata that DuckDB 1.5.6 and
// ClickHouse 26.7.2 wrote (see testdata/README.md) through pqarrow and
// through parquet-go: every column has the UUID logical type and the rows
// are the ones the engines were given, in the order each engine sorted
// them.
func TestEngineFiles(t *testing.T) {
	a := uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	b := uuid.MustParse("80000000-0000-4000-8000-000000000000")
	c := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	rows := map[uuid.UUID]item{
		c: {ID: c, Tags: []uuid.UUID{uuid.Max(), uuid.Nil()}},
		a: {ID: a, Parent: uuid.NullUUID{UUID: c, Valid: true}, Tags: []uuid.UUID{}},
		b: {ID: b, Parent: uuid.NullUUID{UUID: uuid.MustParse("7fffffff-ffff-4fff-bfff-ffffffffffff"), Valid: true}, Tags: []uuid.UUID{a}},
	}
	for _, tc := range []struct {
		file  string
		order []uuid.UUID
	}{
		{"duckdb.parquet", []uuid.UUID{a, b, c}},
		{"clickhouse.parquet", []uuid.UUID{b, a, c}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			var want []item
			for _, u := range tc.order {
				want = append(want, rows[u])
			}
			sc := parquetSchema(t, data)
			if n := strings.Count(sc, "FIXED_LEN_BYTE_ARRAY(16) UUID"); n != 3 {
				t.Errorf("%d of 3 columns are UUID:\n%s", n, sc)
			}
			useArrowGo(t)
			if got := readPqarrow(t, data); !equalItems(got, want) {
				t.Errorf("pqarrow read %v; want %v", got, want)
			}
			got, err := pq.Read[parquetGoItem](bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range got {
				if r.ID != want[i].ID || (r.Parent != nil) != want[i].Parent.Valid || (r.Parent != nil && *r.Parent != want[i].Parent.UUID) ||
					!slices.Equal(r.Tags, want[i].Tags) {
					t.Errorf("parquet-go read row %d as %v %v %v; want %v", i, r.ID, r.Parent, r.Tags, want[i])
				}
			}
		})
	}
}
