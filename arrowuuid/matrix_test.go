package arrowuuid_test

import (
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/memory"
	guuid "github.com/google/uuid"
	pq "github.com/parquet-go/parquet-go"
)

// The recognition matrix: what each tool, at the version go.mod pins,
// emits for struct{ ID; Parent; Tags } over google/uuid and over this
// library. Ours must never be the weaker: every column that the tool
// gives google/uuid a UUID type for gets one for ours too.

// taggedItem is item with the one line per field that parquet-go needs
// to see this library's UUID: parquet-go v0.32.0 recognises
// github.com/google/uuid.UUID by its import path and any [16]byte by the
// uuid tag. Parent's inner field is tagged by a schema option
// (parquetGoNullTag), since the tag cannot go on a field of NullUUID.
type taggedItem struct {
	ID     uuid.UUID     `parquet:",uuid"`
	Parent uuid.NullUUID //
	Tags   []uuid.UUID   `parquet:",list" parquet-element:",uuid"`
}

var parquetGoNullTag = pq.StructTag(`parquet:",uuid"`, "Parent", "UUID")

// What parquet-go v0.32.0's SchemaOf emits for each.
const (
	parquetGoGoogle = `message googleItem {
	required fixed_len_byte_array(16) ID (UUID);
	required group Parent {
		required fixed_len_byte_array(16) UUID (UUID);
		required boolean Valid;
	}
	repeated fixed_len_byte_array(16) Tags (UUID);
}`
	parquetGoUntagged = `message item {
	required fixed_len_byte_array(16) ID;
	required group Parent {
		required fixed_len_byte_array(16) UUID;
		required boolean Valid;
	}
	repeated fixed_len_byte_array(16) Tags;
}`
	parquetGoTagged = `message taggedItem {
	required fixed_len_byte_array(16) ID (UUID);
	required group Parent {
		required fixed_len_byte_array(16) UUID (UUID);
		required boolean Valid;
	}
	required group Tags (LIST) {
		repeated group list {
			required fixed_len_byte_array(16) element (UUID);
		}
	}
}`
)

// uuidLeaves counts the leaf columns of s that have the UUID logical type.
func uuidLeaves(s *pq.Schema) int {
	n := 0
	for _, path := range s.Columns() {
		leaf, ok := s.Lookup(path...)
		if !ok {
			continue
		}
		if lt := leaf.Node.Type().LogicalType(); lt != nil && lt.String() == "UUID" {
			n++
		}
	}
	return n
}

func TestMatrixParquetGo(t *testing.T) {
	google := pq.SchemaOf(googleItem{})
	untagged := pq.SchemaOf(item{})
	tagged := pq.SchemaOf(taggedItem{}, parquetGoNullTag)
	for _, tc := range []struct {
		name   string
		schema *pq.Schema
		want   string
		uuids  int
	}{
		{"google", google, parquetGoGoogle, 3},
		{"ours_untagged", untagged, parquetGoUntagged, 0},
		{"ours_tagged", tagged, parquetGoTagged, 3},
	} {
		if got := strings.TrimSpace(tc.schema.String()); got != tc.want {
			t.Errorf("%s: parquet-go SchemaOf =\n%s\nwant\n%s", tc.name, got, tc.want)
		}
		if got := uuidLeaves(tc.schema); got != tc.uuids {
			t.Errorf("%s: %d UUID columns; want %d", tc.name, got, tc.uuids)
		}
	}
	if uuidLeaves(tagged) < uuidLeaves(google) {
		t.Error("with its tags, our type has fewer UUID columns than google/uuid's")
	}
}

// TestMatrixArrowGo: arrow-go has no schema from Go structs, so what it
// emits is a column built by each type's builder and written by pqarrow.
// Both write the same Parquet schema; ours also takes and gives
// uuid.UUID directly and views the column without copying, where arrow-go's
// takes google/uuid and copies.
func TestMatrixArrowGo(t *testing.T) {
	items := sampleItems()
	gitems := make([]googleItem, len(items))
	for i, it := range items {
		gitems[i] = googleItem{ID: guuid.UUID(it.ID), Parent: guuid.NullUUID{UUID: guuid.UUID(it.Parent.UUID), Valid: it.Parent.Valid}}
		for _, tag := range it.Tags {
			gitems[i].Tags = append(gitems[i].Tags, guuid.UUID(tag))
		}
	}
	ours, theirs := itemsRecord(items), googleItemsRecord(gitems)
	defer ours.Release()
	defer theirs.Release()
	if o, g := ours.Schema().String(), theirs.Schema().String(); o != g {
		t.Errorf("Arrow schema: ours\n%s\narrow-go's\n%s", o, g)
	}
	if o, g := parquetSchema(t, writePqarrow(t, ours)), parquetSchema(t, writePqarrow(t, theirs)); o != pqarrowSchema || g != pqarrowSchema {
		t.Errorf("pqarrow schema: ours\n%s\narrow-go's\n%s\nwant\n%s", o, g, pqarrowSchema)
	}

	vals := sample()
	a := func() *arrowuuid.Array {
		b := arrowuuid.NewBuilder(memory.DefaultAllocator)
		defer b.Release()
		_ = b.AppendValues(vals, nil)
		return b.NewUUIDArray()
	}()
	defer a.Release()
	g := arrowGos(vals, nil)
	defer g.Release()
	oursAllocs := testing.AllocsPerRun(100, func() { _ = a.Values() })
	theirAllocs := testing.AllocsPerRun(100, func() { _ = g.Values() })
	if oursAllocs != 0 || theirAllocs < 1 {
		t.Errorf("Values() allocates %v times for ours, %v for arrow-go's; want 0 and at least 1", oursAllocs, theirAllocs)
	}
	if _, ok := any(extensions.NewUUIDBuilder(memory.DefaultAllocator)).(interface{ Append(uuid.UUID) }); ok {
		t.Error("arrow-go's UUIDBuilder now appends uuid.UUID: the matrix row is out of date")
	}
}
