package arrowuuid_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	pq "github.com/parquet-go/parquet-go"
)

// Build a column from UUIDs and text, then read it as a []uuid.UUID that
// is the column's own memory.
func ExampleBuilder() {
	b := arrowuuid.NewBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.Append(uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"))
	if err := b.AppendValueFromString("urn:uuid:017f22e2-79b0-7cc3-98c4-dc0c0c07398f"); err != nil {
		log.Fatal(err)
	}
	b.AppendNull()
	col := b.NewUUIDArray()
	defer col.Release()

	fmt.Println(col)
	ids := col.Values() // no copy: valid until col is released
	fmt.Println(len(ids), ids[1].Version(), col.IsNull(2))
	// Output:
	// [f81d4fae-7dec-11d0-a765-00a0c91e6bf6 017f22e2-79b0-7cc3-98c4-dc0c0c07398f (null)]
	// 3 v7 true
}

// View reads any arrow.uuid column, such as the arrow-go type that IPC
// and pqarrow readers return by default, as this package's Array, without
// copying; a column of another type is an error.
func ExampleView() {
	ab := extensions.NewUUIDBuilder(memory.DefaultAllocator) // arrow-go's own
	defer ab.Release()
	ab.AppendBytes(uuid.Max())
	col := ab.NewArray()
	defer col.Release()

	ids, err := arrowuuid.View(col)
	if err != nil {
		log.Fatal(err)
	}
	defer ids.Release()
	fmt.Println(ids.Value(0) == uuid.Max())

	fb := array.NewFixedSizeBinaryBuilder(memory.DefaultAllocator, &arrow.FixedSizeBinaryType{ByteWidth: 8})
	defer fb.Release()
	fb.Append([]byte("8 bytes!"))
	other := fb.NewArray()
	defer other.Release()
	_, err = arrowuuid.View(other)
	fmt.Println(errors.Is(err, uuid.ErrEncoding))
	// Output:
	// true
	// true
}

// A Parquet file whose UUID column has no UUID logical type, only
// FIXED_LEN_BYTE_ARRAY(16), reads back as plain fixed_size_binary(16),
// which View refuses: 16 bytes could be anything. A reader that knows the
// column holds UUIDs gives it the type, without copying, then checks it
// with View.
func Example_plainFixedSizeBinary() {
	fb := array.NewFixedSizeBinaryBuilder(memory.DefaultAllocator, &arrow.FixedSizeBinaryType{ByteWidth: 16})
	defer fb.Release()
	id := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	fb.Append(id[:])
	col := fb.NewArray()
	defer col.Release()
	schema := arrow.NewSchema([]arrow.Field{{Name: "id", Type: col.DataType()}}, nil)
	written := array.NewTableFromSlice(schema, [][]arrow.Array{{col}})
	defer written.Release()
	var file bytes.Buffer // as such a writer leaves it: no UUID logical type
	if err := pqarrow.WriteTable(written, &file, 1, nil, pqarrow.DefaultWriterProps()); err != nil {
		log.Fatal(err)
	}

	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(file.Bytes()), nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		log.Fatal(err)
	}
	defer tbl.Release()
	plain := tbl.Column(0).Data().Chunk(0)
	_, err = arrowuuid.View(plain)
	fmt.Println(plain.DataType(), errors.Is(err, uuid.ErrEncoding))

	typed := array.NewExtensionArrayWithStorage(arrowuuid.NewType(), plain)
	defer typed.Release()
	ids, err := arrowuuid.View(typed)
	if err != nil {
		log.Fatal(err)
	}
	defer ids.Release()
	fmt.Println(ids.Values())
	// Output:
	// fixed_size_binary[16] true
	// [f81d4fae-7dec-11d0-a765-00a0c91e6bf6]
}

// Register makes IPC readers (and pqarrow) return arrow.uuid columns as
// this package's Array, whichever library wrote them.
func ExampleRegister() {
	if err := arrowuuid.Register(); err != nil {
		log.Fatal(err)
	}
	b := arrowuuid.NewBuilder(memory.DefaultAllocator)
	defer b.Release()
	b.Append(uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"))
	col := b.NewArray()
	defer col.Release()
	schema := arrow.NewSchema([]arrow.Field{{Name: "id", Type: col.DataType()}}, nil)
	rec := array.NewRecordBatch(schema, []arrow.Array{col}, 1)
	defer rec.Release()

	var stream bytes.Buffer
	w := ipc.NewWriter(&stream, ipc.WithSchema(schema))
	if err := w.Write(rec); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	r, err := ipc.NewReader(&stream)
	if err != nil {
		log.Fatal(err)
	}
	defer r.Release()
	for r.Next() {
		ids := r.RecordBatch().Column(0).(*arrowuuid.Array)
		fmt.Println(r.Schema().Field(0).Type, ids.Value(0))
	}
	// Output:
	// extension<arrow.uuid> f81d4fae-7dec-11d0-a765-00a0c91e6bf6
}

// pqarrow writes an arrow.uuid column, nullable or not, and a list of
// them, as Parquet's UUID logical type on FIXED_LEN_BYTE_ARRAY(16).
func Example_pqarrow() {
	t := arrowuuid.NewType()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: t},
		{Name: "parent", Type: t, Nullable: true},
		{Name: "tags", Type: arrow.ListOfNonNullable(t), Nullable: true},
	}, nil)
	rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer rb.Release()
	rb.Field(0).(*arrowuuid.Builder).Append(uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"))
	rb.Field(1).AppendNull()
	tags := rb.Field(2).(*array.ListBuilder)
	tags.Append(true)
	tags.ValueBuilder().(*arrowuuid.Builder).Append(uuid.Max())
	rec := rb.NewRecordBatch()
	defer rec.Release()

	var out bytes.Buffer
	w, err := pqarrow.NewFileWriter(schema, &out, parquet.NewWriterProperties(), pqarrow.DefaultWriterProps())
	if err != nil {
		log.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	f, err := file.NewParquetReader(bytes.NewReader(out.Bytes()))
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	for i := range f.MetaData().Schema.NumColumns() {
		c := f.MetaData().Schema.Column(i)
		fmt.Println(c.ColumnPath(), c.PhysicalType(), c.TypeLength(), c.LogicalType())
	}
	// Output:
	// id FIXED_LEN_BYTE_ARRAY 16 UUID
	// parent FIXED_LEN_BYTE_ARRAY 16 UUID
	// tags.list.element FIXED_LEN_BYTE_ARRAY 16 UUID
}

// parquet-go gives a uuid.UUID field the UUID logical type with its uuid
// tag, and the elements of a []uuid.UUID with parquet-element's.
func Example_parquetGoTags() {
	type Item struct {
		ID   uuid.UUID   `parquet:"id,uuid"`
		Tags []uuid.UUID `parquet:"tags,list" parquet-element:",uuid"`
	}
	fmt.Println(pq.SchemaOf(Item{}))
	// Output:
	// message Item {
	// 	required fixed_len_byte_array(16) id (UUID);
	// 	required group tags (LIST) {
	// 		repeated group list {
	// 			required fixed_len_byte_array(16) element (UUID);
	// 		}
	// 	}
	// }
}

// For a nullable column, parquet-go's node constructors give the schema:
// its uuid tag is refused on a pointer field. Read with the same schema.
func Example_parquetGoSchema() {
	type Item struct {
		ID     uuid.UUID   `parquet:"id"`
		Parent *uuid.UUID  `parquet:"parent"` // nil is NULL
		Tags   []uuid.UUID `parquet:"tags"`
	}
	schema := pq.NewSchema("item", pq.Group{
		"id":     pq.UUID(),
		"parent": pq.Optional(pq.UUID()),
		"tags":   pq.Optional(pq.List(pq.UUID())),
	})

	var out bytes.Buffer
	w := pq.NewGenericWriter[Item](&out, schema)
	rows := []Item{{ID: uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"), Tags: []uuid.UUID{uuid.Max()}}}
	if _, err := w.Write(rows); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	back, err := pq.Read[Item](bytes.NewReader(out.Bytes()), int64(out.Len()), schema)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(back[0].ID, back[0].Parent, back[0].Tags)
	// Output:
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 <nil> [ffffffff-ffff-ffff-ffff-ffffffffffff]
}

// A Parquet file that DuckDB wrote (COPY ... TO 'duckdb.parquet') or
// ClickHouse wrote (INSERT INTO FUNCTION file('clickhouse.parquet')),
// read with pqarrow into uuid.UUID values.
func Example_engineFiles() {
	for _, name := range []string{"testdata/duckdb.parquet", "testdata/clickhouse.parquet"} {
		f, err := os.Open(name)
		if err != nil {
			log.Fatal(err)
		}
		tbl, err := pqarrow.ReadTable(context.Background(), f, nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		f.Close()
		if err != nil {
			log.Fatal(err)
		}
		ids, err := arrowuuid.View(tbl.Column(0).Data().Chunk(0))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(ids.Values())
		ids.Release()
		tbl.Release()
	}
	// Output:
	// [017f22e2-79b0-7cc3-98c4-dc0c0c07398f 80000000-0000-4000-8000-000000000000 f81d4fae-7dec-11d0-a765-00a0c91e6bf6]
	// [80000000-0000-4000-8000-000000000000 017f22e2-79b0-7cc3-98c4-dc0c0c07398f f81d4fae-7dec-11d0-a765-00a0c91e6bf6]
}
