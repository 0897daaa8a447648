package integration

import (
	"context"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/keyrange"
	"github.com/afb7af96/uuid/mysqluuid"
	"github.com/jackc/pgx/v5"
)

// The tests of package keyrange against live engines: PostgreSQL 18,
// DuckDB and ClickHouse each load krRows random (version 4) keys and
// krRows version 7 keys made over a year, most of them recent, and count
// the rows of every range of each split through the range's own
// predicate. For each split they check that
//   - the engine's count of every range, each a query with the range's
//     predicate as its WHERE clause, is the number of the loaded keys that
//     Range.Contains puts in it (so the engine's order and literals agree
//     with the package's on a million keys);
//   - the counts add up to the table's rows, and a CASE that gives each
//     row the first range whose predicate holds gives every range the
//     same count: every row is in exactly one range;
//   - for version 4 keys split evenly (Split), and version 7 keys split
//     at the quantiles of a sample the engine draws (SplitSample), every
//     range holds krRows/n rows ± 5 %.
// Version 7 keys are also split evenly (nearly all land in one range,
// which the test logs) and, where the order sorts them by time, into time
// slices (SplitTime).

// krRows is the number of rows of each kind each engine loads.
const krRows = 1_000_000

// krCounts are the numbers of ranges each split makes.
var krCounts = []int{2, 7, 64}

// krKeys are the keys an engine loads: v4 random, v7 made at times over
// the year before end, the nth root of a uniform draw skewing them
// toward end. The same seed gives the same keys.
type krKeys struct {
	v4, v7   []uuid.UUID
	from, to time.Time // the span of the v7 keys' times
}

func makeKRKeys(t *testing.T, seed uint64) krKeys {
	t.Helper()
	src := rand.NewChaCha8([32]byte{byte(seed), 'k', 'r'})
	r := rand.New(src)
	g := uuid.NewGenerator(uuid.GeneratorOptions{Rand: src})
	t.Cleanup(func() { g.Close() })
	k := krKeys{v4: make([]uuid.UUID, krRows), v7: make([]uuid.UUID, krRows)}
	for i := range k.v4 {
		u, err := g.NewV4()
		if err != nil {
			t.Fatal(err)
		}
		k.v4[i] = u
	}
	k.to = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	k.from = k.to.AddDate(-1, 0, 0)
	span := float64(k.to.Sub(k.from))
	ats := make([]time.Time, krRows)
	for i := range ats {
		ats[i] = k.to.Add(-time.Duration(span * math.Pow(r.Float64(), 3)))
	}
	// In increasing time, so that the generator's counter keeps each time.
	slices.SortFunc(ats, time.Time.Compare)
	for i, at := range ats {
		u, err := g.NewV7At(at)
		if err != nil {
			t.Fatal(err)
		}
		k.v7[i] = u
	}
	r.Shuffle(len(k.v7), func(i, j int) { k.v7[i], k.v7[j] = k.v7[j], k.v7[i] })
	return k
}

// krSplit is one split to count: its name, the table it applies to, its
// ranges, and whether its ranges must each hold krRows/n ± 5 %.
type krSplit struct {
	name     string
	table    string // "t4" or "t7"
	ranges   []keyrange.Range
	balanced bool
	rows     int     // the rows of the table
	within   float64 // how far from rows/n a balanced range may be: 0.05 for 5 %
}

// krDialect is how an engine's SQL differs where the tests need it.
type krDialect struct {
	text          func(col string) string // a UUID column as text
	randomSample  string                  // a query of about 10 000 random ids of t7, as text
	order         keyrange.Order
	timeSliceable bool // the order sorts v7 keys by time
}

// systematicSample is a query of every 100th key of t7 in the engine's
// order: 10 000 keys whose quantiles are the table's to 100 rows.
func (d krDialect) systematicSample() string {
	return `SELECT ` + d.text("id") + ` FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM t7) AS s WHERE rn % 100 = 0`
}

// krRun runs queries in a session that holds tables t4 and t7 and returns
// each query's rows.
type krRun func(t *testing.T, queries []string) [][][]string

// testKeyRanges is the test, for one engine: load, sample, split, count,
// check.
func testKeyRanges(t *testing.T, d krDialect, keys krKeys, run krRun) {
	start := time.Now()
	first := run(t, []string{
		`SELECT count(*) FROM t4`, `SELECT count(*) FROM t7`,
		d.systematicSample(), d.randomSample,
	})
	for i, table := range []string{"t4", "t7"} {
		if got := first[i][0][0]; got != strconv.Itoa(krRows) {
			t.Fatalf("%s holds %s rows; want %d", table, got, krRows)
		}
	}
	systematic := parseColumn(t, first[2], 0)
	random := parseColumn(t, first[3], 0)
	t.Logf("%v: loaded %d + %d rows; samples of %d (every 100th) and %d (random) keys (%v)",
		d.order, krRows, krRows, len(systematic), len(random), time.Since(start).Round(time.Millisecond))
	if len(systematic) != krRows/100 || len(random) < 5000 {
		t.Fatalf("samples of %d and %d keys; want %d and about 10 000", len(systematic), len(random), krRows/100)
	}

	var splits []krSplit
	add := func(name, table string, balanced bool, ranges []keyrange.Range, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		splits = append(splits, krSplit{name, table, ranges, balanced, krRows, 0.05})
	}
	for _, n := range krCounts {
		rs, err := keyrange.Split(d.order, n)
		add(fmt.Sprintf("Split(%v, %d) of v4", d.order, n), "t4", true, rs, err)
		rs, err = keyrange.SplitSample(d.order, systematic, n)
		add(fmt.Sprintf("SplitSample(%v, every 100th, %d) of v7", d.order, n), "t7", true, rs, err)
		rs, err = keyrange.SplitSample(d.order, random, n)
		add(fmt.Sprintf("SplitSample(%v, random %d, %d) of v7", d.order, len(random), n), "t7", false, rs, err)
		if d.timeSliceable {
			rs, err = keyrange.SplitTime(d.order, keys.from, keys.to, n)
			add(fmt.Sprintf("SplitTime(%v, a year, %d) of v7", d.order, n), "t7", false, rs, err)
		}
	}
	rs, err := keyrange.Split(d.order, 64)
	add(fmt.Sprintf("Split(%v, 64) of v7", d.order), "t7", false, rs, err)

	var queries []string
	for _, s := range splits {
		where, caseQuery := krQueries(t, s)
		queries = append(queries, where, caseQuery)
	}
	start = time.Now()
	results := run(t, queries)
	t.Logf("%v: %d splits counted in %v", d.order, len(splits), time.Since(start).Round(time.Millisecond))

	sorted := map[string][]uuid.UUID{"t4": sortedIn(d.order, keys.v4), "t7": sortedIn(d.order, keys.v7)}
	for i, s := range splits {
		checkKRSplit(t, s, sorted[s.table], results[2*i], results[2*i+1])
	}
}

// krQueries returns the queries that count s's ranges: one WHERE query per
// range (joined with UNION ALL), each row the range's index and count;
// and a CASE that gives each row the first range whose predicate holds
// (-1 for none), grouped.
func krQueries(t *testing.T, s krSplit) (string, string) {
	var where, cases strings.Builder
	cases.WriteString("SELECT CASE")
	for i, r := range s.ranges {
		p, err := r.Predicate("id")
		if err != nil {
			t.Fatalf("%s: range %d: %v", s.name, i, err)
		}
		if i > 0 {
			where.WriteString(" UNION ALL ")
		}
		fmt.Fprintf(&where, "SELECT %d AS r, count(*) AS c FROM %s WHERE %s", i, s.table, p)
		fmt.Fprintf(&cases, " WHEN %s THEN %d", p, i)
	}
	fmt.Fprintf(&cases, " ELSE -1 END AS r, count(*) AS c FROM %s GROUP BY r", s.table)
	return where.String(), cases.String()
}

// sortedIn returns keys sorted in the order o.
func sortedIn(o keyrange.Order, keys []uuid.UUID) []uuid.UUID {
	s := slices.Clone(keys)
	slices.SortFunc(s, o.Compare)
	return s
}

// countsOf parses rows of (range index, count) into counts by index.
func countsOf(t *testing.T, name string, rows [][]string, n int) map[int]int {
	t.Helper()
	counts := map[int]int{}
	for _, row := range rows {
		i, err1 := strconv.Atoi(row[0])
		c, err2 := strconv.Atoi(row[1])
		if err1 != nil || err2 != nil || i < -1 || i >= n {
			t.Fatalf("%s: row %q", name, row)
		}
		counts[i] += c
	}
	return counts
}

func checkKRSplit(t *testing.T, s krSplit, sorted []uuid.UUID, whereRows, caseRows [][]string) {
	t.Helper()
	n := len(s.ranges)
	where := countsOf(t, s.name, whereRows, n)
	byCase := countsOf(t, s.name, caseRows, n)
	if len(whereRows) != n {
		t.Fatalf("%s: %d WHERE counts; want %d", s.name, len(whereRows), n)
	}
	sum, most := 0, 0
	worst := 0.0
	share := float64(s.rows) / float64(n)
	for i, r := range s.ranges {
		// The keys Range.Contains puts in r: a run of the sorted keys.
		lo, _ := slices.BinarySearchFunc(sorted, r.Low, r.Order.Compare)
		hi := len(sorted)
		if !r.Last {
			hi, _ = slices.BinarySearchFunc(sorted, r.High, r.Order.Compare)
		}
		if hi > lo && (!r.Contains(sorted[lo]) || !r.Contains(sorted[hi-1])) || lo > 0 && r.Contains(sorted[lo-1]) || hi < len(sorted) && r.Contains(sorted[hi]) {
			t.Fatalf("%s: range %d (%v): Contains disagrees with the order at its ends", s.name, i, r)
		}
		want := hi - lo
		if where[i] != want {
			t.Errorf("%s: range %d (%v): the engine counts %d rows; Contains puts %d of the keys in it", s.name, i, r, where[i], want)
		}
		if byCase[i] != where[i] {
			t.Errorf("%s: range %d: the CASE gives it %d rows, its predicate %d: some row is in two ranges", s.name, i, byCase[i], where[i])
		}
		sum += where[i]
		most = max(most, where[i])
		dev := math.Abs(float64(where[i])-share) / share
		worst = max(worst, dev)
		if s.balanced && dev > s.within {
			t.Errorf("%s: range %d (%v) holds %d rows; want %.0f ± %.0f %%", s.name, i, r, where[i], share, 100*s.within)
		}
	}
	if sum != s.rows || byCase[-1] != 0 {
		t.Errorf("%s: the ranges' counts add up to %d, and %d rows are in none; want %d and 0", s.name, sum, byCase[-1], s.rows)
	}
	t.Logf("%s: %d ranges, counts add up to %d, the largest holds %d rows, the furthest from %.0f is %.1f %% off",
		s.name, n, sum, most, share, 100*worst)
}

// krContext bounds one engine's test.
func krContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// TestKeyRangesPostgres18 runs the test on PostgreSQL 18: the keys are
// copied in (binary COPY, through pgxuuid), and each table has a primary
// key, so each range's count is an index range scan.
func TestKeyRangesPostgres18(t *testing.T) {
	ctx := krContext(t)
	conn := connect18(t)
	keys := makeKRKeys(t, 1)
	start := time.Now()
	for table, ids := range map[string][]uuid.UUID{"t4": keys.v4, "t7": keys.v7} {
		if _, err := conn.Exec(ctx, `CREATE TEMPORARY TABLE `+table+` (id uuid NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.CopyFrom(ctx, pgx.Identifier{table}, []string{"id"},
			pgx.CopyFromSlice(len(ids), func(i int) ([]any, error) { return []any{ids[i]}, nil })); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `ALTER TABLE `+table+` ADD PRIMARY KEY (id)`); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `VACUUM ANALYZE `+table); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("PostgreSQL 18: copied and indexed %d rows in %v", 2*krRows, time.Since(start).Round(time.Millisecond))
	d := krDialect{
		text:          func(col string) string { return col + "::text" },
		randomSample:  `SELECT id::text FROM t7 TABLESAMPLE BERNOULLI (1) REPEATABLE (1)`,
		order:         keyrange.PostgreSQL,
		timeSliceable: true,
	}
	testKeyRanges(t, d, keys, func(t *testing.T, queries []string) [][][]string {
		var all [][][]string
		for _, q := range queries {
			rows, err := conn.Query(ctx, q, pgx.QueryExecModeSimpleProtocol)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			var got [][]string
			for rows.Next() {
				vals, err := rows.Values()
				if err != nil {
					t.Fatal(err)
				}
				row := make([]string, len(vals))
				for i, v := range vals {
					row[i] = fmt.Sprint(v)
				}
				got = append(got, row)
			}
			if err := rows.Err(); err != nil {
				t.Fatalf("%.200s: %v", q, err)
			}
			all = append(all, got)
		}
		return all
	})
}

// nodeKRRun returns the krRun of an engine in Node.js (engine.cjs): each
// run is one session that first loads the keys from text files with
// setup, then runs the queries.
func nodeKRRun(engine, env, dir string, setup []string) krRun {
	calls := 0
	return func(t *testing.T, queries []string) [][][]string {
		calls++
		session := filepath.Join(dir, "session"+strconv.Itoa(calls))
		var steps []step
		for _, s := range setup {
			steps = append(steps, step{SQL: s})
		}
		for i, q := range queries {
			steps = append(steps, step{SQL: q, Out: "q" + strconv.Itoa(i) + ".tsv"})
		}
		if err := os.Mkdir(session, 0o755); err != nil {
			t.Fatal(err)
		}
		runEngine(t, engine, env, session, steps)
		var all [][][]string
		for i := range queries {
			name := filepath.Join(session, "q"+strconv.Itoa(i)+".tsv")
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			var rows [][]string
			for line := range strings.Lines(string(b)) {
				rows = append(rows, strings.Split(strings.TrimSuffix(line, "\n"), "\t"))
			}
			all = append(all, rows)
		}
		return all
	}
}

// TestKeyRangesDuckDB runs the test on DuckDB, which loads the keys from
// text files as UUID columns.
func TestKeyRangesDuckDB(t *testing.T) {
	dir := t.TempDir()
	keys := makeKRKeys(t, 2)
	writeIDs(t, filepath.Join(dir, "v4.txt"), keys.v4)
	writeIDs(t, filepath.Join(dir, "v7.txt"), keys.v7)
	load := func(table, file string) string {
		return `CREATE TABLE ` + table + ` AS SELECT id FROM read_csv(` + sqlString(filepath.Join(dir, file)) +
			`, header = false, columns = {'id': 'UUID'})`
	}
	d := krDialect{
		text:          func(col string) string { return col + "::VARCHAR" },
		randomSample:  `SELECT id::VARCHAR FROM t7 USING SAMPLE reservoir(10000 ROWS) REPEATABLE (1)`,
		order:         keyrange.DuckDB,
		timeSliceable: true,
	}
	testKeyRanges(t, d, keys, nodeKRRun("duckdb", envDuckDB, dir, []string{load("t4", "v4.txt"), load("t7", "v7.txt")}))
}

// TestKeyRangesClickHouse runs the test on ClickHouse, in MergeTree tables
// ordered by id, so each range's count reads only the parts of the index
// the range covers. ClickHouse sorts version 7 keys by their random half,
// so there is no time slice.
func TestKeyRangesClickHouse(t *testing.T) {
	dir := t.TempDir()
	keys := makeKRKeys(t, 3)
	writeIDs(t, filepath.Join(dir, "v4.txt"), keys.v4)
	writeIDs(t, filepath.Join(dir, "v7.txt"), keys.v7)
	var setup []string
	for table, file := range map[string]string{"t4": "v4.txt", "t7": "v7.txt"} {
		setup = append(setup,
			`CREATE TABLE `+table+` (id UUID) ENGINE = MergeTree ORDER BY id`,
			`INSERT INTO `+table+` SELECT id FROM file(`+sqlString(filepath.Join(dir, file))+`, 'TSV', 'id UUID')`)
	}
	d := krDialect{
		text:         func(col string) string { return "toString(" + col + ")" },
		randomSample: `SELECT toString(id) FROM t7 ORDER BY cityHash64(id) LIMIT 10000`,
		order:        keyrange.ClickHouse,
	}
	testKeyRanges(t, d, keys, nodeKRRun("clickhouse", envClickHouse, dir, setup))
}

// TestKeyRangesMariaDB runs the MySQL orders on MariaDB, whose BINARY(16)
// and CHAR(36) columns sort as MySQL's do: the same keys in a CHAR(36)
// column (MySQLText), a BINARY(16) column of their bytes (MySQLBinary) and
// one of UUID_TO_BIN(u, 1)'s swapped bytes (MySQLSwapped), each with a
// primary key. Fewer rows than the other engines (inserting is slower),
// so a balanced range may be 15 % off its share (6 standard deviations
// for 64 ranges of 100 000 random keys).
func TestKeyRangesMariaDB(t *testing.T) {
	const rows = 100_000
	c := connectMariaDB(t, true)
	keys := makeKRKeys(t, 4)
	keys.v4, keys.v7 = keys.v4[:rows], keys.v7[:rows]
	kinds := []struct {
		order  keyrange.Order
		column string
		value  func(u uuid.UUID) any
	}{
		{keyrange.MySQLText, "CHAR(36) CHARACTER SET ascii", func(u uuid.UUID) any { return u.String() }},
		{keyrange.MySQLBinary, "BINARY(16)", func(u uuid.UUID) any { return u[:] }},
		{keyrange.MySQLSwapped, "BINARY(16)", func(u uuid.UUID) any { b := mysqluuid.UUIDToBin(u, true); return b[:] }},
	}
	start := time.Now()
	for _, k := range kinds {
		for table, ids := range map[string][]uuid.UUID{"t4": keys.v4, "t7": keys.v7} {
			name := "kr_" + table + "_" + k.order.String()
			// Not TEMPORARY: MariaDB opens a temporary table once a query,
			// and a split's counts read it once for each range.
			c.exec(t, `DROP TABLE IF EXISTS `+name)
			c.exec(t, `CREATE TABLE `+name+` (id `+k.column+` NOT NULL PRIMARY KEY)`)
			t.Cleanup(func() { c.ExecContext(context.Background(), `DROP TABLE IF EXISTS `+name) })
			var batch [][]any
			for _, u := range ids {
				batch = append(batch, []any{k.value(u)})
			}
			c.insertMany(t, name, "id", batch)
		}
	}
	t.Logf("MariaDB: inserted %d rows in %v", 6*rows, time.Since(start).Round(time.Millisecond))
	query := func(q string) [][]string {
		r, err := c.QueryContext(testContext(t), q)
		if err != nil {
			t.Fatalf("%.300s: %v", q, err)
		}
		defer r.Close()
		var out [][]string
		for r.Next() {
			var a, b string
			if err := r.Scan(&a, &b); err != nil {
				t.Fatal(err)
			}
			out = append(out, []string{a, b})
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, k := range kinds {
		t4, t7 := "kr_t4_"+k.order.String(), "kr_t7_"+k.order.String()
		// Every 100th key in the column's order, as the column holds it.
		var sample []uuid.UUID
		for _, row := range query(`SELECT HEX(id), rn FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM ` + t7 + `) AS s WHERE rn % 100 = 0`) {
			b, err := hex.DecodeString(row[0])
			if err != nil {
				t.Fatal(err)
			}
			var u uuid.UUID
			switch k.order {
			case keyrange.MySQLText:
				u, err = uuid.Parse(string(b))
			case keyrange.MySQLSwapped:
				u, err = mysqluuid.BinToUUID(b, true)
			default:
				u, err = uuid.FromBytes(b)
			}
			if err != nil {
				t.Fatal(err)
			}
			sample = append(sample, u)
		}
		sorted := map[string][]uuid.UUID{t4: sortedIn(k.order, keys.v4), t7: sortedIn(k.order, keys.v7)}
		for _, n := range krCounts {
			var splits []krSplit
			rs, err := keyrange.Split(k.order, n)
			if err != nil {
				t.Fatal(err)
			}
			splits = append(splits, krSplit{fmt.Sprintf("Split(%v, %d) of v4", k.order, n), t4, rs, true, rows, 0.15})
			if rs, err = keyrange.SplitSample(k.order, sample, n); err != nil {
				t.Fatal(err)
			}
			splits = append(splits, krSplit{fmt.Sprintf("SplitSample(%v, every 100th, %d) of v7", k.order, n), t7, rs, true, rows, 0.05})
			for _, s := range splits {
				where, cases := krQueries(t, s)
				checkKRSplit(t, s, sorted[s.table], query(where), query(cases))
			}
		}
	}
}
