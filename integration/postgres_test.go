package integration

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/pgxuuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/lib/pq"
)

// envPostgres names the variable that holds the server's connection string,
// in the key=value form that pgx and lib/pq both read.
const envPostgres = "UUID_TEST_POSTGRES"

// connString returns the connection string of the test server, or fails
// the test: these tests never pass by skipping.
func connString(t testing.TB) string {
	t.Helper()
	return serverEnv(t, envPostgres, "PostgreSQL")
}

// serverEnv returns the value of the environment variable name, which
// integration/run sets to reach its server, or fails the test, naming
// integration/run.
func serverEnv(t testing.TB, name, server string) string {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		t.Fatal(name + " is not set, so there is no " + server + " server to test against: " +
			"run integration/run from the repository root; it starts a throwaway server, runs these tests and removes it")
	}
	return s
}

func testContext(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// connect opens one pgx connection, registered with pgxuuid if reg is set,
// that runs queries in mode (0 for pgx's default).
func connect(t testing.TB, reg bool, mode pgx.QueryExecMode) *pgx.Conn {
	t.Helper()
	config, err := pgx.ParseConfig(connString(t))
	if err != nil {
		t.Fatal(err)
	}
	if mode != 0 {
		config.DefaultQueryExecMode = mode
	}
	conn, err := pgx.ConnectConfig(context.Background(), config)
	if err != nil {
		t.Fatalf("connecting to %q: %v", connString(t), err)
	}
	if reg {
		pgxuuid.Register(conn.TypeMap())
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// openPgxStdlib opens a database/sql pool on pgx's driver, registering
// every connection with pgxuuid if reg is set.
func openPgxStdlib(t testing.TB, reg bool) *sql.DB {
	t.Helper()
	config, err := pgx.ParseConfig(connString(t))
	if err != nil {
		t.Fatal(err)
	}
	var opts []stdlib.OptionOpenDB
	if reg {
		opts = append(opts, stdlib.OptionAfterConnect(func(ctx context.Context, conn *pgx.Conn) error {
			pgxuuid.Register(conn.TypeMap())
			return nil
		}))
	}
	db := stdlib.OpenDB(*config, opts...)
	t.Cleanup(func() { db.Close() })
	if err := db.Ping(); err != nil {
		t.Fatalf("connecting to %q: %v", connString(t), err)
	}
	return db
}

func openLibPQ(t testing.TB) *sql.DB {
	t.Helper()
	db, err := sql.Open("postgres", connString(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Ping(); err != nil {
		t.Fatalf("connecting to %q: %v", connString(t), err)
	}
	return db
}

// row is what *sql.Row and pgx.Row have in common.
type row interface{ Scan(dest ...any) error }

// client is one way of talking to the server.
type client struct {
	name     string
	queryRow func(ctx context.Context, query string, args ...any) row
	// arrayArg and arrayDest turn a slice into a uuid[] parameter and a
	// pointer to a slice into a scan target, as this client needs.
	arrayArg      func(ids []uuid.UUID) any
	arrayDest     func(ids *[]uuid.UUID) any
	nullArrayDest func(ids *[]uuid.NullUUID) any
}

// registeredMap is a type map with pgxuuid registered, for scanning uuid[]
// through database/sql, where pgx's driver hands over the array as text.
func registeredMap() *pgtype.Map {
	m := pgtype.NewMap()
	pgxuuid.Register(m)
	return m
}

func identity[T any](v T) any { return v }

// clients returns every way these tests talk to PostgreSQL.
func clients(t *testing.T) []client {
	var cs []client
	pgxClient := func(name string, reg bool, mode pgx.QueryExecMode) client {
		conn := connect(t, reg, mode)
		return client{
			name: name,
			queryRow: func(ctx context.Context, q string, args ...any) row {
				return conn.QueryRow(ctx, q, args...)
			},
			arrayArg:      identity[[]uuid.UUID],
			arrayDest:     identity[*[]uuid.UUID],
			nullArrayDest: identity[*[]uuid.NullUUID],
		}
	}
	// Without Register, pgx's simple protocol has no type to encode a
	// []uuid.UUID as (the server names none), so send the array's text.
	simple := pgxClient("pgx_simple_protocol", false, pgx.QueryExecModeSimpleProtocol)
	simple.arrayArg = func(ids []uuid.UUID) any { return "{" + joinStrings(ids) + "}" }
	cs = append(cs,
		pgxClient("pgx", false, 0),
		pgxClient("pgx_register", true, 0),
		simple,
		pgxClient("pgx_register_simple_protocol", true, pgx.QueryExecModeSimpleProtocol),
	)

	m := registeredMap()
	sqlClient := func(name string, db *sql.DB) client {
		return client{
			name: name,
			queryRow: func(ctx context.Context, q string, args ...any) row {
				return db.QueryRowContext(ctx, q, args...)
			},
			// pgx's driver takes a []uuid.UUID parameter as it is, and
			// Map.SQLScanner reads the array's text.
			arrayArg:      identity[[]uuid.UUID],
			arrayDest:     func(ids *[]uuid.UUID) any { return m.SQLScanner(ids) },
			nullArrayDest: func(ids *[]uuid.NullUUID) any { return m.SQLScanner(ids) },
		}
	}
	cs = append(cs,
		sqlClient("sql_pgx", openPgxStdlib(t, false)),
		sqlClient("sql_pgx_register", openPgxStdlib(t, true)),
	)

	pqDB := openLibPQ(t)
	cs = append(cs, client{
		name: "sql_libpq",
		queryRow: func(ctx context.Context, q string, args ...any) row {
			return pqDB.QueryRowContext(ctx, q, args...)
		},
		arrayArg:      func(ids []uuid.UUID) any { return pq.Array(ids) },
		arrayDest:     func(ids *[]uuid.UUID) any { return pq.Array(ids) },
		nullArrayDest: func(ids *[]uuid.NullUUID) any { return pq.Array(ids) },
	})
	return cs
}

// versions returns one UUID of each version from the library's generators,
// and the Nil and Max UUIDs.
func versions() []struct {
	name string
	u    uuid.UUID
} {
	return []struct {
		name string
		u    uuid.UUID
	}{
		{"v1", uuid.NewV1()},
		{"v2", uuid.NewV2(uuid.DomainPerson, 1000)},
		{"v3", uuid.NewV3(uuid.NamespaceDNS(), "www.example.com")},
		{"v4", uuid.NewV4()},
		{"v5", uuid.NewV5(uuid.NamespaceURL(), "https://example.com/")},
		{"v6", uuid.NewV6()},
		{"v7", uuid.NewV7()},
		{"v8", uuid.NewV8([16]byte{0: 0xff, 7: 0x80, 15: 0x01})},
		{"Nil", uuid.Nil()},
		{"Max", uuid.Max()},
	}
}

func TestRoundTrip(t *testing.T) {
	ctx := testContext(t)
	vs := versions()
	for i, v := range vs {
		if v.name != "Nil" && v.name != "Max" && v.name != "v8" {
			if got := v.u.Version(); got != uuid.Version(i+1) {
				t.Fatalf("%s: generator made a %v UUID", v.name, got)
			}
		}
	}
	for _, c := range clients(t) {
		t.Run(c.name, func(t *testing.T) {
			for _, v := range vs {
				u := v.u
				// The server sees the value that was sent, independently
				// of how it is read back.
				var s string
				if err := c.queryRow(ctx, `SELECT $1::uuid::text`, u).Scan(&s); err != nil || s != u.String() {
					t.Errorf("%s: UUID parameter read by the server as %q, %v; want %q", v.name, s, err, u.String())
				}
				// A value the server makes from text is read correctly.
				var fromText uuid.UUID
				if err := c.queryRow(ctx, `SELECT $1::text::uuid`, u.String()).Scan(&fromText); err != nil || fromText != u {
					t.Errorf("%s: uuid made by the server read as %v, %v; want %v", v.name, fromText, err, u)
				}

				var got uuid.UUID
				if err := c.queryRow(ctx, `SELECT $1::uuid`, u).Scan(&got); err != nil || got != u {
					t.Errorf("%s: UUID round trip = %v, %v; want %v", v.name, got, err, u)
				}

				var p *uuid.UUID
				if err := c.queryRow(ctx, `SELECT $1::uuid`, &u).Scan(&p); err != nil || p == nil || *p != u {
					t.Errorf("%s: *UUID round trip = %v, %v; want &%v", v.name, p, err, u)
				}

				var n uuid.NullUUID
				in := uuid.NullUUID{UUID: u, Valid: true}
				if err := c.queryRow(ctx, `SELECT $1::uuid`, in).Scan(&n); err != nil || n != in {
					t.Errorf("%s: NullUUID round trip = %+v, %v; want %+v", v.name, n, err, in)
				}
			}

			// All of them at once in a uuid[].
			all := make([]uuid.UUID, len(vs))
			for i, v := range vs {
				all[i] = v.u
			}
			var joined string
			if err := c.queryRow(ctx, `SELECT array_to_string($1::uuid[], ',')`, c.arrayArg(all)).Scan(&joined); err != nil || joined != joinStrings(all) {
				t.Errorf("uuid[] parameter read by the server as %q, %v; want %q", joined, err, joinStrings(all))
			}
			var gotAll []uuid.UUID
			if err := c.queryRow(ctx, `SELECT $1::uuid[]`, c.arrayArg(all)).Scan(c.arrayDest(&gotAll)); err != nil || !slices.Equal(gotAll, all) {
				t.Errorf("uuid[] round trip = %v, %v; want %v", gotAll, err, all)
			}
			var empty []uuid.UUID
			if err := c.queryRow(ctx, `SELECT $1::uuid[]`, c.arrayArg([]uuid.UUID{})).Scan(c.arrayDest(&empty)); err != nil || empty == nil || len(empty) != 0 {
				t.Errorf("empty uuid[] round trip = %#v, %v; want an empty non-nil slice", empty, err)
			}
		})
	}
}

func joinStrings(ids []uuid.UUID) string {
	var b []byte
	for i, u := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b, _ = u.AppendText(b)
	}
	return string(b)
}

func TestNull(t *testing.T) {
	ctx := testContext(t)
	for _, c := range clients(t) {
		t.Run(c.name, func(t *testing.T) {
			u := uuid.NewV4()
			if err := c.queryRow(ctx, `SELECT NULL::uuid`).Scan(&u); !errors.Is(err, uuid.ErrScanNull) {
				t.Errorf("NULL into UUID: err = %v; want one matching uuid.ErrScanNull", err)
			}

			p := &u
			if err := c.queryRow(ctx, `SELECT NULL::uuid`).Scan(&p); err != nil || p != nil {
				t.Errorf("NULL into *UUID = %v, %v; want nil", p, err)
			}

			n := uuid.NullUUID{UUID: u, Valid: true}
			if err := c.queryRow(ctx, `SELECT NULL::uuid`).Scan(&n); err != nil || n != (uuid.NullUUID{}) {
				t.Errorf("NULL into NullUUID = %+v, %v; want Valid == false", n, err)
			}

			// NULL parameters.
			for _, arg := range []any{nil, (*uuid.UUID)(nil), uuid.NullUUID{}, uuid.NullUUID{UUID: u}} {
				var isNull bool
				if err := c.queryRow(ctx, `SELECT $1::uuid IS NULL`, arg).Scan(&isNull); err != nil || !isNull {
					t.Errorf("parameter %#v: IS NULL = %v, %v; want true", arg, isNull, err)
				}
			}

			// A NULL uuid[] and a uuid[] with a NULL element.
			ids := []uuid.UUID{u}
			if err := c.queryRow(ctx, `SELECT NULL::uuid[]`).Scan(c.arrayDest(&ids)); err != nil || ids != nil {
				t.Errorf("NULL uuid[] into []UUID = %v, %v; want nil", ids, err)
			}
			var ns []uuid.NullUUID
			want := []uuid.NullUUID{{UUID: u, Valid: true}, {}}
			if err := c.queryRow(ctx, `SELECT ARRAY[$1::uuid, NULL]`, u).Scan(c.nullArrayDest(&ns)); err != nil || !slices.Equal(ns, want) {
				t.Errorf("uuid[] with a NULL into []NullUUID = %v, %v; want %v", ns, err, want)
			}
			if err := c.queryRow(ctx, `SELECT ARRAY[$1::uuid, NULL]`, u).Scan(c.arrayDest(&ids)); !errors.Is(err, uuid.ErrScanNull) {
				t.Errorf("uuid[] with a NULL into []UUID: err = %v; want one matching uuid.ErrScanNull", err)
			}
		})
	}
}

// edgeUUIDs returns UUIDs that differ in one byte across the 0x7f/0x80
// boundary, where a signed comparison would go wrong.
func edgeUUIDs() []uuid.UUID {
	var out []uuid.UUID
	for i := range uuid.Size {
		for _, b := range []byte{0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff} {
			var u uuid.UUID
			u[i] = b
			out = append(out, u)
		}
	}
	return append(out, uuid.Nil(), uuid.Max())
}

func TestOrderBy(t *testing.T) {
	ctx := testContext(t)
	conn := connect(t, true, 0)
	ids := make([]uuid.UUID, 10_000)
	for i := range ids {
		ids[i] = uuid.NewV4()
	}
	ids = append(ids, edgeUUIDs()...)

	if _, err := conn.Exec(ctx, `CREATE TEMPORARY TABLE ordered (id uuid NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO ordered SELECT unnest($1::uuid[])`, ids); err != nil {
		t.Fatal(err)
	}
	rows, err := conn.Query(ctx, `SELECT id FROM ordered ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		t.Fatal(err)
	}

	want := slices.Clone(ids)
	slices.SortFunc(want, uuid.UUID.Compare)
	if len(got) != len(want) {
		t.Fatalf("ORDER BY gave %d rows; want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ORDER BY row %d = %v; slices.SortFunc(..., uuid.UUID.Compare) has %v", i, got[i], want[i])
		}
	}
}

func TestCopyFromV7(t *testing.T) {
	ctx := testContext(t)
	conn := connect(t, true, 0)
	keys := make([]uuid.UUID, 100_000)
	uuid.FillV7(keys)
	if !slices.IsSortedFunc(keys, uuid.UUID.Compare) {
		t.Fatal("FillV7 did not return increasing keys")
	}

	if _, err := conn.Exec(ctx, `CREATE TEMPORARY TABLE keys (id uuid PRIMARY KEY, seq integer NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	n, err := conn.CopyFrom(ctx, pgx.Identifier{"keys"}, []string{"id", "seq"},
		pgx.CopyFromSlice(len(keys), func(i int) ([]any, error) { return []any{keys[i], int32(i)}, nil }))
	if err != nil || n != int64(len(keys)) {
		t.Fatalf("CopyFrom = %d, %v; want %d rows", n, err, len(keys))
	}

	for _, order := range []string{"seq", "id"} {
		rows, err := conn.Query(ctx, `SELECT id FROM keys ORDER BY `+order)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, keys) {
			i := 0
			for i < min(len(got), len(keys)) && got[i] == keys[i] {
				i++
			}
			t.Errorf("ORDER BY %s: %d rows, first difference at row %d; want the %d keys in the order FillV7 made them",
				order, len(got), i, len(keys))
		}
	}
}

// TestRangeV7 selects the rows made in a span of time [t0, t1) from a v7
// primary key alone, as docs/databases.md shows: id >= MinV7(t0) AND id <
// MinV7(t1), on keys made with NewV7At at known instants around both ends
// (and the least and greatest keys of the milliseconds at the edges). It
// finds exactly the rows of the milliseconds from t0's up to, not
// including, t1's, and the primary key's index can answer the query.
func TestRangeV7(t *testing.T) {
	ctx := testContext(t)
	conn := connect(t, true, 0)
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 250_400_000, time.UTC) // 0.4 ms into its millisecond
	t1 := t0.Add(1500 * time.Millisecond)

	type event struct {
		id uuid.UUID
		at time.Time
	}
	var events []event
	edgeMs := make(map[int64]bool) // milliseconds whose least and greatest keys are in events
	for _, edge := range []time.Time{t0, t1} {
		for _, d := range []time.Duration{
			-time.Second, -time.Millisecond, -400*time.Microsecond - time.Nanosecond,
			-400 * time.Microsecond, -time.Nanosecond, 0, time.Nanosecond,
			599*time.Microsecond + 999*time.Nanosecond, 600 * time.Microsecond, time.Millisecond, 700 * time.Millisecond,
		} {
			at := edge.Add(d)
			for range 3 {
				events = append(events, event{uuid.NewV7At(at), at})
			}
			if !edgeMs[at.UnixMilli()] {
				edgeMs[at.UnixMilli()] = true
				events = append(events, event{uuid.MinV7(at), at}, event{uuid.MaxV7(at), at})
			}
		}
	}

	if _, err := conn.Exec(ctx, `CREATE TEMPORARY TABLE events (id uuid PRIMARY KEY, at timestamptz NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	_, err := conn.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"id", "at"},
		pgx.CopyFromSlice(len(events), func(i int) ([]any, error) { return []any{events[i].id, events[i].at}, nil }))
	if err != nil {
		t.Fatal(err)
	}

	// The query, as in docs/databases.md.
	rows, err := conn.Query(ctx, `SELECT id FROM events WHERE id >= $1 AND id < $2 ORDER BY id`,
		uuid.MinV7(t0), uuid.MinV7(t1))
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		t.Fatal(err)
	}

	var want []uuid.UUID
	for _, e := range events {
		if ms := e.at.UnixMilli(); ms >= t0.UnixMilli() && ms < t1.UnixMilli() {
			want = append(want, e.id)
		}
	}
	slices.SortFunc(want, uuid.UUID.Compare)
	if len(want) == 0 || len(want) == len(events) {
		t.Fatalf("%d of %d events are in range; the test needs some in and some out", len(want), len(events))
	}
	if !slices.Equal(got, want) {
		t.Errorf("WHERE id >= MinV7(t0) AND id < MinV7(t1) gave %d rows; want %d:\ngot  %v\nwant %v", len(got), len(want), got, want)
	}

	// The server's timestamps agree: the same rows, by time.
	var n int
	err = conn.QueryRow(ctx, `SELECT count(*) FROM events WHERE at >= date_trunc('milliseconds', $1::timestamptz) AND at < date_trunc('milliseconds', $2::timestamptz)`, t0, t1).Scan(&n)
	if err != nil || n != len(want) {
		t.Errorf("by the at column: %d rows, %v; want %d", n, err, len(want))
	}

	// The primary key's index can answer the range (sequential scans off,
	// since on a table this small the planner would rather read it all).
	if _, err := conn.Exec(ctx, `SET enable_seqscan = off`); err != nil {
		t.Fatal(err)
	}
	var plan []string
	rows, err = conn.Query(ctx, `EXPLAIN SELECT id FROM events WHERE id >= $1 AND id < $2`, uuid.MinV7(t0), uuid.MinV7(t1))
	if err == nil {
		plan, err = pgx.CollectRows(rows, pgx.RowTo[string])
	}
	if err != nil || !strings.Contains(strings.Join(plan, "\n"), "Index Cond: ((id >= ") {
		t.Errorf("EXPLAIN = %q, %v; want an index condition on the range", plan, err)
	}
}
