package integration

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
	"github.com/afb7af96/uuid/clickhouseuuid"
	"github.com/afb7af96/uuid/duckdbuuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	pq "github.com/parquet-go/parquet-go"
)

// pqItem is a row of the Parquet files: a key, a nullable parent and a
// list, the three shapes a UUID column takes.
type pqItem struct {
	ID     uuid.UUID   `parquet:"id"`
	Parent *uuid.UUID  `parquet:"parent"`
	Tags   []uuid.UUID `parquet:"tags"`
}

func (it pqItem) String() string {
	p := "NULL"
	if it.Parent != nil {
		p = it.Parent.String()
	}
	return fmt.Sprintf("{%v %s %v}", it.ID, p, it.Tags)
}

func equalItem(a, b pqItem) bool {
	return a.ID == b.ID && (a.Parent == nil) == (b.Parent == nil) &&
		(a.Parent == nil || *a.Parent == *b.Parent) && slices.Equal(a.Tags, b.Tags)
}

// pqItems makes a row of every id: the next id as parent, none for every
// fifth row, and zero to three of the following ids as tags.
func pqItems(ids []uuid.UUID) []pqItem {
	items := make([]pqItem, len(ids))
	for i, u := range ids {
		items[i].ID = u
		if i%5 != 0 {
			items[i].Parent = &ids[(i+1)%len(ids)]
		}
		for j := range i % 4 {
			items[i].Tags = append(items[i].Tags, ids[(i+2+j)%len(ids)])
		}
	}
	return items
}

// parquetRows is how many rows of engineValues the Parquet tests take,
// beside the edge values: enough for every version many times over, few
// enough that each engine's part takes a few seconds.
const parquetRows = 20_000

// parquetValues returns the edge values and then parquetRows more of
// engineValues(seed), distinct.
func parquetValues(t *testing.T, seed uint64) []uuid.UUID {
	t.Helper()
	var ids []uuid.UUID
	seen := make(map[uuid.UUID]bool)
	for _, u := range append(edgeValues(), engineValues(t, seed)[:parquetRows]...) {
		if !seen[u] {
			seen[u] = true
			ids = append(ids, u)
		}
	}
	return ids
}

// pqGoSchema is the parquet-go schema of pqItem: every column UUID.
func pqGoSchema() *pq.Schema {
	return pq.NewSchema("item", pq.Group{
		"id":     pq.UUID(),
		"parent": pq.Optional(pq.UUID()),
		"tags":   pq.Optional(pq.List(pq.UUID())),
	})
}

// writePqarrow writes items through arrowuuid's builders and pqarrow.
func writePqarrow(t *testing.T, name string, items []pqItem) {
	t.Helper()
	ut := arrowuuid.NewType()
	sc := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: ut},
		{Name: "parent", Type: ut, Nullable: true},
		{Name: "tags", Type: arrow.ListOfNonNullable(ut), Nullable: true},
	}, nil)
	rb := array.NewRecordBuilder(memory.DefaultAllocator, sc)
	defer rb.Release()
	id := rb.Field(0).(*arrowuuid.Builder)
	parent := rb.Field(1).(*arrowuuid.Builder)
	tags := rb.Field(2).(*array.ListBuilder)
	tag := tags.ValueBuilder().(*arrowuuid.Builder)
	for _, it := range items {
		id.Append(it.ID)
		if it.Parent != nil {
			parent.Append(*it.Parent)
		} else {
			parent.AppendNull()
		}
		tags.Append(true)
		if err := tag.AppendValues(it.Tags, nil); err != nil {
			t.Fatal(err)
		}
	}
	rec := rb.NewRecordBatch()
	defer rec.Release()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(sc, f, parquet.NewWriterProperties(), pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// writeParquetGo writes items through parquet-go with pqGoSchema.
func writeParquetGo(t *testing.T, name string, items []pqItem) {
	t.Helper()
	var buf bytes.Buffer
	w := pq.NewGenericWriter[pqItem](&buf, pqGoSchema())
	if _, err := w.Write(items); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkUUIDColumns checks that every leaf column of the Parquet file is
// FIXED_LEN_BYTE_ARRAY(16) with the UUID logical type, and that there
// are three.
func checkUUIDColumns(t *testing.T, name string) {
	t.Helper()
	r, err := file.OpenParquetFile(name, false)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	sc := r.MetaData().Schema
	if sc.NumColumns() != 3 {
		t.Errorf("%s: %d columns; want 3", filepath.Base(name), sc.NumColumns())
	}
	for i := range sc.NumColumns() {
		c := sc.Column(i)
		if c.PhysicalType() != parquet.Types.FixedLenByteArray || c.TypeLength() != 16 || c.LogicalType().String() != "UUID" {
			t.Errorf("%s: column %s is %s(%d) %s; want FIXED_LEN_BYTE_ARRAY(16) UUID", filepath.Base(name),
				c.ColumnPath(), c.PhysicalType(), c.TypeLength(), c.LogicalType())
		}
	}
}

// readPqarrow reads a Parquet file of pqItem rows through pqarrow and
// arrowuuid.View, in the file's order.
func readPqarrow(t *testing.T, name string) []pqItem {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := pqarrow.ReadTable(context.Background(), bytes.NewReader(data), nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	tr := array.NewTableReader(tbl, -1)
	defer tr.Release()
	view := func(a arrow.Array) *arrowuuid.Array {
		v, err := arrowuuid.View(a)
		if err != nil {
			t.Fatalf("%s: %v", filepath.Base(name), err)
		}
		t.Cleanup(v.Release)
		return v
	}
	var items []pqItem
	for tr.Next() {
		rec := tr.RecordBatch()
		id, parent := view(rec.Column(0)), view(rec.Column(1))
		tags := rec.Column(2).(*array.List)
		tag := view(tags.ListValues())
		for i := range id.Len() {
			it := pqItem{ID: id.Value(i)}
			if parent.IsValid(i) {
				p := parent.Value(i)
				it.Parent = &p
			}
			if tags.IsValid(i) {
				start, end := tags.ValueOffsets(i)
				if end > start {
					it.Tags = slices.Clone(tag.Values()[start:end])
				}
			}
			items = append(items, it)
		}
	}
	return items
}

// readParquetGo reads a Parquet file of pqItem rows through parquet-go.
func readParquetGo(t *testing.T, name string) []pqItem {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	items, err := pq.Read[pqItem](bytes.NewReader(data), int64(len(data)), pqGoSchema())
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(name), err)
	}
	for i := range items {
		if len(items[i].Tags) == 0 {
			items[i].Tags = nil
		}
	}
	return items
}

// checkItems compares rows read back with the rows wanted, in order.
func checkItems(t *testing.T, what string, got, want []pqItem) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows; want %d", what, len(got), len(want))
	}
	for i := range got {
		if !equalItem(got[i], want[i]) {
			t.Fatalf("%s: row %d is %v; want %v", what, i, got[i], want[i])
		}
	}
}

// parseItems parses the engine's text rows: id, parent (\N for NULL) and
// the tags joined by commas.
func parseItems(t *testing.T, name string) []pqItem {
	t.Helper()
	rows := readRows(t, name, 3)
	items := make([]pqItem, len(rows))
	for i, row := range rows {
		items[i].ID = parseColumn(t, rows[i:i+1], 0)[0]
		if row[1] != `\N` {
			p := parseColumn(t, rows[i:i+1], 1)[0]
			items[i].Parent = &p
		}
		if row[2] != "" && row[2] != `\N` {
			for s := range strings.SplitSeq(row[2], ",") {
				u, err := uuid.Parse(s)
				if err != nil {
					t.Fatalf("%s row %d: %v", filepath.Base(name), i, err)
				}
				items[i].Tags = append(items[i].Tags, u)
			}
		}
	}
	return items
}

// sortedItems returns items sorted by id in the order cmp gives.
func sortedItems(items []pqItem, order func(a, b uuid.UUID) int) []pqItem {
	s := slices.Clone(items)
	slices.SortFunc(s, func(a, b pqItem) int { return order(a.ID, b.ID) })
	return s
}

// pqWriters are the two ways this repository writes Parquet: arrowuuid's
// column through pqarrow, and parquet-go with its UUID nodes.
var pqWriters = []struct {
	name  string
	write func(t *testing.T, name string, items []pqItem)
}{
	{"pqarrow", writePqarrow},
	{"parquet-go", writeParquetGo},
}

// TestDuckDBParquet writes rows of UUIDs (the edge values and every
// version) as Parquet through pqarrow and through
// parquet-go; DuckDB reads each file with the UUID, UUID and UUID[] types
// and returns the rows equal, in its ORDER BY (duckdbuuid.Compare); then
// DuckDB writes the rows to Parquet itself, and pqarrow and parquet-go
// read back UUID columns with the same rows in DuckDB's order.
func TestDuckDBParquet(t *testing.T) {
	dir := t.TempDir()
	items := pqItems(parquetValues(t, 3))
	want := sortedItems(items, duckdbuuid.Compare)
	var steps []step
	for _, w := range pqWriters {
		in := filepath.Join(dir, w.name+".parquet")
		w.write(t, in, items)
		checkUUIDColumns(t, in)
		from := `read_parquet(` + sqlString(in) + `)`
		steps = append(steps,
			step{SQL: `SELECT typeof(id), typeof(parent), typeof(tags) FROM ` + from + ` LIMIT 1`, Out: w.name + "-types.tsv"},
			step{SQL: `SELECT id::VARCHAR, parent::VARCHAR, array_to_string(tags, ',') FROM ` + from + ` ORDER BY id`, Out: w.name + "-rows.tsv"},
			step{SQL: `COPY (SELECT id, parent, tags FROM ` + from + ` ORDER BY id) TO ` + sqlString(filepath.Join(dir, "duckdb-"+w.name+".parquet"))},
		)
	}
	runEngine(t, "duckdb", envDuckDB, dir, steps)
	for _, w := range pqWriters {
		t.Run("writer="+w.name, func(t *testing.T) {
			if got := strings.Join(readRows(t, filepath.Join(dir, w.name+"-types.tsv"), 3)[0], " "); got != "UUID UUID UUID[]" {
				t.Errorf("DuckDB reads the columns as %s; want UUID UUID UUID[]", got)
			}
			checkItems(t, "DuckDB ORDER BY id", parseItems(t, filepath.Join(dir, w.name+"-rows.tsv")), want)
			out := filepath.Join(dir, "duckdb-"+w.name+".parquet")
			checkUUIDColumns(t, out)
			checkItems(t, "DuckDB's Parquet through pqarrow", readPqarrow(t, out), want)
			checkItems(t, "DuckDB's Parquet through parquet-go", readParquetGo(t, out), want)
		})
	}
}

// TestClickHouseParquet is TestDuckDBParquet for ClickHouse, with each of
// its two Parquet readers (input_format_parquet_use_native_reader_v3 1, the
// default, and 0) and each of its two encoders
// (output_format_parquet_use_custom_encoder 1, the default, and 0, the
// Arrow-based one, which wrote no UUID annotation before ClickHouse 26.4):
// it reads UUID, Nullable(UUID) and Array(UUID), in its ORDER BY
// (clickhouseuuid.Compare), and writes UUID columns that read back equal.
func TestClickHouseParquet(t *testing.T) {
	dir := t.TempDir()
	items := pqItems(parquetValues(t, 4))
	want := sortedItems(items, clickhouseuuid.Compare)
	var steps []step
	for _, w := range pqWriters {
		in := filepath.Join(dir, w.name+".parquet")
		w.write(t, in, items)
		checkUUIDColumns(t, in)
		from := `file(` + sqlString(in) + `, 'Parquet')`
		for _, v3 := range []string{"1", "0"} {
			// The schema cache would answer the second reader with the
			// first one's inference.
			settings := ` SETTINGS input_format_parquet_use_native_reader_v3 = ` + v3 + `, schema_inference_use_cache_for_file = 0`
			steps = append(steps,
				step{SQL: `SELECT toTypeName(id), toTypeName(parent), toTypeName(tags) FROM ` + from + ` LIMIT 1` + settings,
					Out: w.name + "-v3=" + v3 + "-types.tsv"},
				step{SQL: `SELECT toString(id), toString(parent), arrayStringConcat(arrayMap(x -> toString(x), tags), ',') FROM ` +
					from + ` ORDER BY id` + settings, Out: w.name + "-v3=" + v3 + "-rows.tsv"},
			)
		}
	}
	for _, enc := range []string{"1", "0"} {
		steps = append(steps, step{SQL: `INSERT INTO FUNCTION file(` + sqlString(filepath.Join(dir, "clickhouse-encoder="+enc+".parquet")) +
			`, 'Parquet') SELECT id, parent, tags FROM file(` + sqlString(filepath.Join(dir, "pqarrow.parquet")) +
			`, 'Parquet') ORDER BY id SETTINGS output_format_parquet_use_custom_encoder = ` + enc + `, max_threads = 1`})
	}
	runEngine(t, "clickhouse", envClickHouse, dir, steps)
	for _, w := range pqWriters {
		for _, v3 := range []string{"1", "0"} {
			t.Run("writer="+w.name+"/native_reader_v3="+v3, func(t *testing.T) {
				types := strings.Join(readRows(t, filepath.Join(dir, w.name+"-v3="+v3+"-types.tsv"), 3)[0], " ")
				if types != "UUID Nullable(UUID) Array(UUID)" {
					t.Errorf("ClickHouse reads the columns as %s; want UUID Nullable(UUID) Array(UUID)", types)
				}
				checkItems(t, "ClickHouse ORDER BY id", parseItems(t, filepath.Join(dir, w.name+"-v3="+v3+"-rows.tsv")), want)
			})
		}
	}
	for _, enc := range []string{"1", "0"} {
		t.Run("custom_encoder="+enc, func(t *testing.T) {
			out := filepath.Join(dir, "clickhouse-encoder="+enc+".parquet")
			checkUUIDColumns(t, out)
			// The file's rows come in ClickHouse's order; compared in byte
			// order, so that the check does not hang on how the encoder
			// splits its work.
			byBytes := sortedItems(items, uuid.UUID.Compare)
			checkItems(t, "ClickHouse's Parquet through pqarrow", sortedItems(readPqarrow(t, out), uuid.UUID.Compare), byBytes)
			checkItems(t, "ClickHouse's Parquet through parquet-go", sortedItems(readParquetGo(t, out), uuid.UUID.Compare), byBytes)
		})
	}
}
