package integration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// The variables that name the node_modules directories holding the
// engines that run inside Node.js: ClickHouse (the chdb package) and DuckDB
// (@duckdb/node-api). integration/run installs them from the npm registry.
const (
	envClickHouse = "UUID_TEST_CHDB"
	envDuckDB     = "UUID_TEST_DUCKDB"
)

// minRows is the least number of rows each engine sorts.
const minRows = 100_000

// step is one statement for engine.cjs; with out set, its rows are written
// to that file of the run's directory.
type step struct {
	SQL string `json:"sql"`
	Out string `json:"out,omitempty"`
}

// runEngine runs steps in one session of engine ("clickhouse" or
// "duckdb") through engine.cjs, with the packages of the node_modules
// directory that the variable env names, in dir; or fails the test. It
// fails rather than skips when the variable is not set.
func runEngine(t *testing.T, engine, env, dir string, steps []step) {
	t.Helper()
	modules := os.Getenv(env)
	if modules == "" {
		name := map[string]string{"clickhouse": "ClickHouse (chdb)", "duckdb": "DuckDB (@duckdb/node-api)"}[engine]
		t.Fatal(env + " is not set, so there is no " + name + " engine to test against: " +
			"run integration/run from the repository root; it installs the engine from the npm registry, runs these tests and removes it")
	}
	if _, err := os.Stat(modules); err != nil {
		t.Fatalf("%s: %v", env, err)
	}
	script, err := filepath.Abs("engine.cjs")
	if err != nil {
		t.Fatal(err)
	}
	in, err := json.Marshal(steps)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(testContext(t), "node", script, engine, dir)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stdout = &stderr
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node engine.cjs %s: %v\n%s", engine, err, stderr.Bytes())
	}
}

// sqlString quotes s as an SQL string literal for ClickHouse and DuckDB.
func sqlString(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return "'" + strings.ReplaceAll(s, "'", `\'`) + "'"
}

// readRows reads a file that engine.cjs wrote: one row per line, values
// separated by tabs, each row with n values.
func readRows(t *testing.T, name string, n int) [][]string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for line := range strings.Lines(string(b)) {
		row := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(row) != n {
			t.Fatalf("%s: row %d is %q; want %d values", filepath.Base(name), len(rows), line, n)
		}
		rows = append(rows, row)
	}
	return rows
}

// writeIDs writes ids to name as text, one a line.
func writeIDs(t *testing.T, name string, ids []uuid.UUID) {
	t.Helper()
	var b bytes.Buffer
	for _, u := range ids {
		b.WriteString(u.String())
		b.WriteByte('\n')
	}
	if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// parseColumn parses the UUID texts in column col of rows.
func parseColumn(t *testing.T, rows [][]string, col int) []uuid.UUID {
	t.Helper()
	ids := make([]uuid.UUID, len(rows))
	for i, row := range rows {
		u, err := uuid.Parse(row[col])
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		ids[i] = u
	}
	return ids
}

// millisColumn parses column col of every row as an integer count of
// milliseconds.
func millisColumn(t *testing.T, rows [][]string, col int) []int64 {
	t.Helper()
	ms := make([]int64, len(rows))
	for i, row := range rows {
		var err error
		if ms[i], err = strconv.ParseInt(row[col], 10, 64); err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
	}
	return ms
}

// edgeValues returns the values where orders and byte conversions go wrong
// first: Nil and Max; one byte set (to 01, 7f, 80 or ff) in an otherwise
// zero value; values that differ from Max, and from
// 00112233-4455-6677-8899-aabbccddeeff, in one byte only; every
// combination of 0, 7fff…, 8000… and ffff… in each 8-byte half (the top
// bit of each half, which signed and unsigned orders disagree on); SQL
// Server's pair from risingwave#27107; the four namespaces; and versions
// 1, 6 and 7 at the start of the Gregorian calendar, at the Unix epoch and
// near the end of their timestamps (5236 for 1 and 6, 10889 for 7).
func edgeValues() []uuid.UUID {
	ids := []uuid.UUID{
		uuid.Nil(), uuid.Max(),
		uuid.MustParse("ffffffff-0000-0000-0000-000000000001"),
		uuid.MustParse("00000000-0000-0000-0000-000000000002"),
		uuid.NamespaceDNS(), uuid.NamespaceURL(), uuid.NamespaceOID(), uuid.NamespaceX500(),
	}
	base := uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff")
	for i := range 16 {
		for _, b := range []byte{0x01, 0x7f, 0x80, 0xff} {
			var u uuid.UUID
			u[i] = b
			ids = append(ids, u)
		}
		for _, b := range []byte{0x00, 0x01, 0x7f, 0x80, 0xfe} {
			u := uuid.Max()
			u[i] = b
			ids = append(ids, u)
		}
		for _, b := range []byte{0x00, 0x7f, 0x80, 0xff} {
			u := base
			u[i] = b
			ids = append(ids, u)
		}
	}
	halves := [][8]byte{
		{},
		{0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		{0x80},
		{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
	}
	for _, hi := range halves {
		for _, lo := range halves {
			var u uuid.UUID
			copy(u[:8], hi[:])
			copy(u[8:], lo[:])
			ids = append(ids, u)
		}
	}
	gregorian := time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)
	for _, t := range []time.Time{gregorian, time.Unix(0, 0), time.Date(5236, 3, 31, 21, 21, 0, 0, time.UTC)} {
		ids = append(ids, uuid.NewV1At(t), uuid.NewV6At(t), uuid.NewV7At(t))
	}
	ids = append(ids, uuid.NewV7At(time.UnixMilli(1<<48-1)))
	return ids
}

// engineValues returns at least minRows distinct UUIDs, shuffled: the edge
// values and about an eighth of the rest of each version 1 to 8, the
// time-based ones at random times between 1970 and 2100 so that their time
// fields differ in every byte. The same seed gives the same values.
func engineValues(t *testing.T, seed uint64) []uuid.UUID {
	t.Helper()
	src := rand.NewChaCha8([32]byte{byte(seed), byte(seed >> 8)})
	r := rand.New(src)
	var node [6]byte
	for i := range node {
		node[i] = byte(r.Uint32())
	}
	g := uuid.NewGenerator(uuid.GeneratorOptions{Rand: src, Node: uuid.StaticNode(node)})
	t.Cleanup(func() { g.Close() })
	at := func() time.Time {
		return time.UnixMilli(r.Int64N(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC).UnixMilli())).
			Add(time.Duration(r.IntN(int(time.Millisecond))))
	}
	must := func(u uuid.UUID, err error) uuid.UUID {
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	makers := []func(i int) uuid.UUID{
		func(int) uuid.UUID { return must(g.NewV1At(at())) },
		func(i int) uuid.UUID { return must(g.NewV2(uuid.Domain(i%3), r.Uint32())) },
		func(i int) uuid.UUID { return uuid.NewV3(uuid.NamespaceDNS(), fmt.Sprintf("host%d.example", i)) },
		func(int) uuid.UUID { return must(g.NewV4()) },
		func(i int) uuid.UUID {
			return uuid.NewV5(uuid.NamespaceURL(), fmt.Sprintf("https://example.com/%d", i))
		},
		func(int) uuid.UUID { return must(g.NewV6At(at())) },
		func(int) uuid.UUID { return must(g.NewV7At(at())) },
		func(int) uuid.UUID {
			var b [16]byte
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			return uuid.NewV8(b)
		},
	}
	seen := make(map[uuid.UUID]bool)
	var ids []uuid.UUID
	add := func(u uuid.UUID) {
		if !seen[u] {
			seen[u] = true
			ids = append(ids, u)
		}
	}
	for _, u := range edgeValues() {
		add(u)
	}
	for i := 0; len(ids) < minRows+minRows/16; i++ {
		add(makers[i%len(makers)](i))
	}
	for v := uuid.Version(1); v <= 8; v++ {
		n := 0
		for _, u := range ids {
			if u.Version() == v {
				n++
			}
		}
		if n < minRows/10 {
			t.Fatalf("%d UUIDs of version %d; want at least %d", n, v, minRows/10)
		}
	}
	r.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	return ids
}

// checkEngineOrder reports whether got is want, or where they first differ.
func checkEngineOrder(t *testing.T, what string, got, want []uuid.UUID) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d rows; want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			lo, hi := max(i-2, 0), min(i+3, len(got))
			t.Fatalf("%s: row %d is %v; want %v\nengine rows %d to %d: %v\nwanted:          %v",
				what, i, got[i], want[i], lo, hi-1, got[lo:hi], want[lo:hi])
		}
	}
}

// checkV7 checks that ids, made by an engine between before and after, are
// version 7 UUIDs of the RFC 9562 variant whose Time is within a few
// seconds of then, and is ms, the time in Unix milliseconds the engine
// reads from each.
func checkV7(t *testing.T, ids []uuid.UUID, ms []int64, before, after time.Time) {
	t.Helper()
	const slack = 5 * time.Second
	for i, u := range ids {
		ts, ok := u.Time()
		if u.Version() != 7 || u.Variant() != uuid.VariantRFC9562 || !ok {
			t.Fatalf("row %d: %v has version %d, variant %v, time %v; want version 7 of the RFC 9562 variant", i, u, u.Version(), u.Variant(), ok)
		}
		if ts.Before(before.Add(-slack)) || ts.After(after.Add(slack)) {
			t.Fatalf("row %d: %v.Time() = %v; want between %v and %v", i, u, ts, before.Add(-slack), after.Add(slack))
		}
		if ts.UnixMilli() != ms[i] {
			t.Fatalf("row %d: %v.Time() = %v (%d ms); the engine reads %d ms", i, u, ts, ts.UnixMilli(), ms[i])
		}
	}
}
