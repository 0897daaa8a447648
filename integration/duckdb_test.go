package integration

import (
	"bytes"
	"encoding/hex"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/duckdbuuid"
)

// hugeint splits the decimal text of a signed 128-bit integer into its
// upper (signed) and lower (unsigned) 64 bits, as DuckDB's hugeint_t holds
// them.
func hugeint(s string) (upper int64, lower uint64, ok bool) {
	h, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return 0, 0, false
	}
	limit := new(big.Int).Lsh(big.NewInt(1), 127)
	if h.Cmp(limit) >= 0 || h.Cmp(new(big.Int).Neg(limit)) < 0 {
		return 0, 0, false
	}
	mask := new(big.Int).SetUint64(^uint64(0))
	lower = new(big.Int).And(h, mask).Uint64()
	upper = new(big.Int).Rsh(h, 64).Int64() // Rsh rounds toward -∞: an arithmetic shift
	return upper, lower, true
}

// TestDuckDBOrder stores at least minRows UUIDs of every version, and the
// edge values, in a DuckDB table, reads them back with ORDER BY, and checks
// against duckdbuuid:
//   - the order is that of Compare, of Key under bytes.Compare and of
//     uuid.UUID.Compare;
//   - Hugeint is the HUGEINT that DuckDB holds in memory for each value
//     (read from its result vectors, since SQL has no cast from UUID to
//     HUGEINT), FromHugeint turns that back into the value, and those
//     HUGEINTs increase as signed numbers in the engine's order;
//   - the cast to BLOB gives the 16 bytes in RFC 9562 order.
func TestDuckDBOrder(t *testing.T) {
	dir := t.TempDir()
	ids := engineValues(t, 2)
	writeIDs(t, filepath.Join(dir, "ids.txt"), ids)

	runEngine(t, "duckdb", envDuckDB, dir, []step{
		{SQL: `SELECT version()`, Out: "version.tsv"},
		{SQL: `CREATE TABLE t (id UUID PRIMARY KEY)`},
		{SQL: `INSERT INTO t SELECT id FROM read_csv(` + sqlString(filepath.Join(dir, "ids.txt")) +
			`, columns = {'id': 'UUID'}, header = false, auto_detect = false)`},
		{SQL: `SELECT id::VARCHAR, id, hex(id::BLOB) FROM t ORDER BY id`, Out: "sorted.tsv"},
	})
	t.Logf("DuckDB %s: %d rows", readRows(t, filepath.Join(dir, "version.tsv"), 1)[0][0], len(ids))

	want := slices.Clone(ids)
	slices.SortFunc(want, duckdbuuid.Compare)
	byKey := slices.Clone(ids)
	slices.SortFunc(byKey, func(a, b uuid.UUID) int {
		ka, kb := duckdbuuid.Key(a), duckdbuuid.Key(b)
		return bytes.Compare(ka[:], kb[:])
	})
	checkEngineOrder(t, "Key order against Compare", byKey, want)
	if !slices.IsSortedFunc(want, uuid.UUID.Compare) {
		t.Errorf("duckdbuuid.Compare's order is not uuid.UUID.Compare's")
	}

	rows := readRows(t, filepath.Join(dir, "sorted.tsv"), 3)
	got := parseColumn(t, rows, 0)
	checkEngineOrder(t, "ORDER BY id", got, want)

	errs := 0
	report := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
		if errs++; errs == 10 {
			t.FailNow()
		}
	}
	var prevUpper int64
	var prevLower uint64
	for i, u := range got {
		upper, lower, ok := hugeint(rows[i][1])
		if !ok {
			t.Fatalf("row %d: stored value %q is not a HUGEINT", i, rows[i][1])
		}
		if wu, wl := duckdbuuid.Hugeint(u); wu != upper || wl != lower {
			report("%v: DuckDB holds HUGEINT %s (upper %d, lower %d); Hugeint = %d, %d", u, rows[i][1], upper, lower, wu, wl)
		}
		if back := duckdbuuid.FromHugeint(upper, lower); back != u {
			report("FromHugeint(%d, %d) = %v; want %v", upper, lower, back, u)
		}
		if i > 0 && (upper < prevUpper || upper == prevUpper && lower <= prevLower) {
			report("row %d: HUGEINT %s does not exceed the previous row's", i, rows[i][1])
		}
		prevUpper, prevLower = upper, lower
		if w := hex.EncodeToString(u[:]); !equalFoldHex(rows[i][2], w) {
			report("%v: hex(id::BLOB) = %s; want %s", u, rows[i][2], w)
		}
	}
}

// TestDuckDBUUIDv7 reads DuckDB's own version 7 UUIDs (uuidv7()) through
// Time and Version, against uuid_extract_timestamp, uuid_extract_version
// and the clock.
func TestDuckDBUUIDv7(t *testing.T) {
	const n = 10_000
	dir := t.TempDir()
	before := time.Now()
	runEngine(t, "duckdb", envDuckDB, dir, []step{
		{SQL: `CREATE TABLE v AS SELECT range AS n, uuidv7() AS id FROM range(` + strconv.Itoa(n) + `)`},
		{SQL: `SELECT id::VARCHAR, epoch_ms(uuid_extract_timestamp(id)), uuid_extract_version(id) FROM v ORDER BY n`, Out: "v7.tsv"},
	})
	after := time.Now()

	rows := readRows(t, filepath.Join(dir, "v7.tsv"), 3)
	if len(rows) != n {
		t.Fatalf("%d rows; want %d", len(rows), n)
	}
	ids := parseColumn(t, rows, 0)
	ms := millisColumn(t, rows, 1)
	for i, row := range rows {
		if row[2] != "7" {
			t.Fatalf("row %d: uuid_extract_version(%s) = %s; want 7", i, row[0], row[2])
		}
	}
	checkV7(t, ids, ms, before, after)
}
