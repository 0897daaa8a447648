package integration

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
)

// TestClickHouseOrder stores at least minRows UUIDs of every version, and
// the edge values, in a ClickHouse MergeTree table keyed by them, and
// checks against clickhouseuuid:
//   - the rows read back with ORDER BY, and in the table's stored order,
//     are in the order of Compare and of Key under bytes.Compare (and not
//     in byte order, which the data tells apart);
//   - NativeBytes is the value's memory (reinterpret as FixedString(16),
//     and reinterpretAsString, which drops trailing zero bytes), and
//     FromNativeBytes turns that memory back into the value;
//   - RowBinary output is NativeBytes of each row, and RowBinary input of
//     NativeBytes is read as the same values;
//   - UUIDStringToNum gives the 16 bytes in RFC 9562 order.
func TestClickHouseOrder(t *testing.T) {
	dir := t.TempDir()
	ids := engineValues(t, 1)
	writeIDs(t, filepath.Join(dir, "ids.txt"), ids)
	// RowBinary rows of (n UInt32, id UUID): n keeps the file's order, which
	// ClickHouse's parallel parsing need not.
	var native []byte
	for i, u := range ids {
		b := clickhouseuuid.NativeBytes(u)
		native = binary.LittleEndian.AppendUint32(native, uint32(i))
		native = append(native, b[:]...)
	}
	if err := os.WriteFile(filepath.Join(dir, "native.bin"), native, 0o644); err != nil {
		t.Fatal(err)
	}

	file := func(name string) string { return sqlString(filepath.Join(dir, name)) }
	runEngine(t, "clickhouse", envClickHouse, dir, []step{
		{SQL: `SELECT version()`, Out: "version.tsv"},
		{SQL: `CREATE TABLE t (id UUID) ENGINE = MergeTree ORDER BY id`},
		{SQL: `INSERT INTO t SELECT id FROM file(` + file("ids.txt") + `, 'TSV', 'id UUID')`},
		{SQL: `SELECT toString(id), hex(reinterpret(id, 'FixedString(16)')), hex(reinterpretAsString(id)),
			hex(UUIDStringToNum(toString(id))) FROM t ORDER BY id`, Out: "sorted.tsv"},
		{SQL: `SELECT id FROM t ORDER BY id INTO OUTFILE ` + file("sorted.bin") + ` FORMAT RowBinary`},
		{SQL: `OPTIMIZE TABLE t FINAL`},
		{SQL: `SELECT toString(id) FROM t SETTINGS max_threads = 1`, Out: "stored.tsv"},
		{SQL: `SELECT toString(id) FROM file(` + file("native.bin") + `, 'RowBinary', 'n UInt32, id UUID') ORDER BY n`, Out: "native.tsv"},
	})
	t.Logf("ClickHouse %s (chdb): %d rows", readRows(t, filepath.Join(dir, "version.tsv"), 1)[0][0], len(ids))

	want := slices.Clone(ids)
	slices.SortFunc(want, clickhouseuuid.Compare)
	byKey := slices.Clone(ids)
	slices.SortFunc(byKey, func(a, b uuid.UUID) int {
		ka, kb := clickhouseuuid.Key(a), clickhouseuuid.Key(b)
		return bytes.Compare(ka[:], kb[:])
	})
	checkEngineOrder(t, "Key order against Compare", byKey, want)

	rows := readRows(t, filepath.Join(dir, "sorted.tsv"), 4)
	got := parseColumn(t, rows, 0)
	checkEngineOrder(t, "ORDER BY id", got, want)
	if slices.IsSortedFunc(got, uuid.UUID.Compare) {
		t.Errorf("ORDER BY id is also byte order: the values do not tell the two orders apart")
	}
	checkEngineOrder(t, "stored order of a table ORDER BY id", parseColumn(t, readRows(t, filepath.Join(dir, "stored.tsv"), 1), 0), want)

	errs := 0
	report := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
		if errs++; errs == 10 {
			t.FailNow()
		}
	}
	for i, u := range got {
		nb := clickhouseuuid.NativeBytes(u)
		if w := hex.EncodeToString(nb[:]); !equalFoldHex(rows[i][1], w) {
			report("%v: reinterpret(id, 'FixedString(16)') = %s; NativeBytes = %s", u, rows[i][1], w)
		}
		if w := hex.EncodeToString(bytes.TrimRight(nb[:], "\x00")); !equalFoldHex(rows[i][2], w) {
			report("%v: reinterpretAsString(id) = %s; want NativeBytes without its trailing zero bytes, %s", u, rows[i][2], w)
		}
		if w := hex.EncodeToString(u[:]); !equalFoldHex(rows[i][3], w) {
			report("%v: UUIDStringToNum = %s; want %s", u, rows[i][3], w)
		}
		mem, err := hex.DecodeString(rows[i][1])
		if err != nil {
			t.Fatal(err)
		}
		if back, err := clickhouseuuid.FromNativeBytes(mem); back != u || err != nil {
			report("FromNativeBytes(%s) = %v, %v; want %v", rows[i][1], back, err, u)
		}
	}

	bin, err := os.ReadFile(filepath.Join(dir, "sorted.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if len(bin) != 16*len(want) {
		t.Fatalf("RowBinary output has %d bytes; want %d", len(bin), 16*len(want))
	}
	for i, u := range want {
		if nb := clickhouseuuid.NativeBytes(u); !bytes.Equal(bin[16*i:16*i+16], nb[:]) {
			report("RowBinary row %d (%v) = %x; NativeBytes = %x", i, u, bin[16*i:16*i+16], nb)
		}
	}
	checkEngineOrder(t, "RowBinary input of NativeBytes", parseColumn(t, readRows(t, filepath.Join(dir, "native.tsv"), 1), 0), ids)
}

// equalFoldHex reports whether two hex strings are equal, ignoring case.
func equalFoldHex(a, b string) bool { return bytes.EqualFold([]byte(a), []byte(b)) }

// TestClickHouseGenerateUUIDv7 reads ClickHouse's own version 7 UUIDs
// (generateUUIDv7) through Time, against UUIDv7ToDateTime and the clock,
// and checks that they increase in byte order (uuid.UUID.Compare) in the
// order they were made, as ClickHouse's counter promises.
func TestClickHouseGenerateUUIDv7(t *testing.T) {
	const n = 10_000
	dir := t.TempDir()
	before := time.Now()
	runEngine(t, "clickhouse", envClickHouse, dir, []step{
		{SQL: `CREATE TABLE v ENGINE = Memory AS SELECT number AS n, generateUUIDv7(number) AS id FROM numbers(` + strconv.Itoa(n) + `)`},
		{SQL: `SELECT toString(id), toUnixTimestamp64Milli(UUIDv7ToDateTime(id)) FROM v ORDER BY n`, Out: "v7.tsv"},
	})
	after := time.Now()

	rows := readRows(t, filepath.Join(dir, "v7.tsv"), 2)
	if len(rows) != n {
		t.Fatalf("%d rows; want %d", len(rows), n)
	}
	ids := parseColumn(t, rows, 0)
	ms := millisColumn(t, rows, 1)
	checkV7(t, ids, ms, before, after)
	for i := 1; i < len(ids); i++ {
		if ids[i-1].Compare(ids[i]) >= 0 {
			t.Fatalf("generateUUIDv7 rows %d and %d: %v, %v; want increasing in byte order", i-1, i, ids[i-1], ids[i])
		}
	}
}
