package integration

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/pgxuuid"
	"github.com/jackc/pgx/v5"
)

// envPostgres18 names the variable that holds the connection string of a
// PostgreSQL 18 server, the first with uuidv7() and uuid_extract_*; its
// tests check this package's version 7 UUIDs against the server's own.
const envPostgres18 = "UUID_TEST_POSTGRES18"

// connect18 opens one pgx connection, registered with pgxuuid, to the
// PostgreSQL 18 server, in UTC, or fails the test.
func connect18(t *testing.T) *pgx.Conn {
	t.Helper()
	s := serverEnv(t, envPostgres18, "PostgreSQL 18")
	config, err := pgx.ParseConfig(s)
	if err != nil {
		t.Fatal(err)
	}
	config.RuntimeParams["timezone"] = "UTC"
	conn, err := pgx.ConnectConfig(context.Background(), config)
	if err != nil {
		t.Fatalf("connecting to %q: %v", s, err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	pgxuuid.Register(conn.TypeMap())

	var v string
	if err := conn.QueryRow(context.Background(), `SHOW server_version_num`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	if n, err := strconv.Atoi(v); err != nil || n < 180000 {
		t.Fatalf("%s reaches server version %s; want 18 or later", envPostgres18, v)
	}
	return conn
}

// made is a row of TestPostgres18Interleaved: a v7 UUID, who made it, and
// its place in the order of creation.
type made struct {
	id  uuid.UUID
	db  bool
	seq int
}

func (m made) String() string {
	who := "Go"
	if m.db {
		who = "db"
	}
	ts, _ := m.id.Time()
	return fmt.Sprintf("%s #%d %v (%s)", who, m.seq, m.id, ts.Format("15:04:05.000"))
}

// TestPostgres18Interleaved makes v7 rows alternately with uuidv7() in the
// server and NewV7 in Go, one after the other on one connection, and
// reads them back ordered by id. Both read the same system clock, so the
// order of the keys is the order of creation: two rows may trade places
// only if they share their millisecond and came from different sides, and
// each side is strictly increasing by itself. (Both put the time within
// the millisecond in rand_a, so rows sort by creation to 1/4096 ms:
// TestV7OrderAcrossProducers checks that.) It also checks that
// uuid_extract_timestamp, which reads the millisecond alone, and
// uuid_extract_version agree with Time and Version on every row, of
// either kind.
func TestPostgres18Interleaved(t *testing.T) {
	ctx := testContext(t)
	conn := connect18(t)
	if _, err := conn.Exec(ctx, `CREATE TEMPORARY TABLE interleaved (id uuid PRIMARY KEY, db bool NOT NULL, seq int NOT NULL)`); err != nil {
		t.Fatal(err)
	}

	// Rounds until the rows span a few milliseconds, so that the order
	// across milliseconds is tested too (a round takes two round trips).
	seq := 0
	msSeen := map[int64]bool{}
	for round := 0; round < 2000 && (round < 100 || len(msSeen) < 5); round++ {
		id := uuid.NewV7()
		if _, err := conn.Exec(ctx, `INSERT INTO interleaved VALUES ($1, false, $2)`, id, seq); err != nil {
			t.Fatal(err)
		}
		seq++
		var dbID uuid.UUID
		if err := conn.QueryRow(ctx, `INSERT INTO interleaved VALUES (uuidv7(), true, $1) RETURNING id`, seq).Scan(&dbID); err != nil {
			t.Fatal(err)
		}
		seq++
		for _, u := range []uuid.UUID{id, dbID} {
			ts, _ := u.Time()
			msSeen[ts.UnixMilli()] = true
		}
	}
	if len(msSeen) < 2 {
		t.Fatalf("%d rows all in one millisecond; the test needs several", seq)
	}

	rows, err := conn.Query(ctx, `SELECT id, db, seq, uuid_extract_timestamp(id), uuid_extract_version(id) FROM interleaved ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var got []made
	var ts time.Time
	var version int16
	var m made
	_, err = pgx.ForEachRow(rows, []any{&m.id, &m.db, &m.seq, &ts, &version}, func() error {
		got = append(got, m)
		goTime, ok := m.id.Time()
		if !ok || !ts.Equal(goTime.Truncate(time.Millisecond)) {
			t.Errorf("%v: uuid_extract_timestamp = %v; Time() = %v, %v", m, ts, goTime, ok)
		}
		if uuid.Version(version) != m.id.Version() || version != 7 {
			t.Errorf("%v: uuid_extract_version = %d; Version() = %d", m, version, m.id.Version())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != seq {
		t.Fatalf("read %d rows; want %d", len(got), seq)
	}

	last := map[bool]int{false: -1, true: -1} // by side, the seq of the last row in id order
	crossed := 0
	for i, r := range got {
		if r.seq < last[r.db] {
			t.Errorf("%v sorts after #%d, made later on the same side", r, last[r.db])
		}
		last[r.db] = r.seq
		for _, earlier := range got[:i] {
			if earlier.seq > r.seq {
				crossed++
				et, _ := earlier.id.Time()
				rt, _ := r.id.Time()
				if !et.Truncate(time.Millisecond).Equal(rt.Truncate(time.Millisecond)) || earlier.db == r.db {
					t.Errorf("%v sorts before %v, made earlier in another millisecond or on the same side", r, earlier)
				}
			}
		}
	}
	t.Logf("%d rows over %d milliseconds; %d pairs of rows trade places within their millisecond", seq, len(msSeen), crossed)
}

// TestPostgres18ExtractOtherVersions: uuid_extract_timestamp and
// uuid_extract_version on the versions PostgreSQL 18 reads besides 7:
// version 1's time agrees with Time to the microsecond (a timestamptz's
// precision), and version 4 has no time on either side. Version 6 has a
// time in Time, which PostgreSQL 18 does not extract (null).
func TestPostgres18ExtractOtherVersions(t *testing.T) {
	ctx := testContext(t)
	conn := connect18(t)
	var dbV4 uuid.UUID
	if err := conn.QueryRow(ctx, `SELECT gen_random_uuid()`).Scan(&dbV4); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 24, 1, 2, 3, 456_789_100, time.UTC)
	for _, u := range []uuid.UUID{uuid.NewV1(), uuid.NewV1At(at), uuid.NewV4(), dbV4, uuid.NewV6At(at), uuid.NewV7At(at)} {
		var ts *time.Time
		var version *int16
		if err := conn.QueryRow(ctx, `SELECT uuid_extract_timestamp($1), uuid_extract_version($1)`, u).Scan(&ts, &version); err != nil {
			t.Fatal(err)
		}
		if version == nil || uuid.Version(*version) != u.Version() {
			t.Errorf("%v: uuid_extract_version = %v; Version() = %d", u, version, u.Version())
		}
		goTime, ok := u.Time()
		switch u.Version() {
		case 1:
			if ts == nil || !ok || !ts.Equal(goTime.Truncate(time.Microsecond)) {
				t.Errorf("%v: uuid_extract_timestamp = %v; Time() = %v, %v", u, ts, goTime, ok)
			}
		case 6:
			if ts != nil || !ok {
				t.Errorf("%v: uuid_extract_timestamp = %v, Time() = %v, %v; want null and a time", u, ts, goTime, ok)
			}
		case 7:
			if ts == nil || !ok || !ts.Equal(goTime.Truncate(time.Millisecond)) {
				t.Errorf("%v: uuid_extract_timestamp = %v; Time() = %v, %v", u, ts, goTime, ok)
			}
		default:
			if ts != nil || ok {
				t.Errorf("%v: uuid_extract_timestamp = %v, Time() = %v, %v; want neither", u, ts, goTime, ok)
			}
		}
	}
}

// shifts are the intervals of the uuidv7(interval) tests, each with the
// same shift done in Go: months and days as by AddDate (in UTC, away
// from a month's end, where the two round differently), then the rest.
var shifts = []struct {
	interval            string
	years, months, days int
	d                   time.Duration
}{
	{"0", 0, 0, 0, 0},
	{"1 millisecond", 0, 0, 0, time.Millisecond},
	{"-500 microseconds", 0, 0, 0, -500 * time.Microsecond},
	{"-3 hours", 0, 0, 0, -3 * time.Hour},
	{"-1 day", 0, 0, -1, 0},
	{"-2 days 5 hours", 0, 0, -2, 5 * time.Hour},
	{"7 days -1 millisecond", 0, 0, 7, -time.Millisecond},
	{"-1 year 2 mons", -1, 2, 0, 0},
	{"-20 years", -20, 0, 0, 0},
	{"100 years 12:34:56.789", 100, 0, 0, 12*time.Hour + 34*time.Minute + 56789*time.Millisecond},
}

// TestPostgres18ShiftedAgreesWithNewV7At: uuidv7(interval) and NewV7At
// agree on the millisecond and the fraction of it. The server's clock is
// read just before and just after each uuidv7 call in one SELECT, to the
// microsecond; when both readings share a millisecond (retried until they
// do), the key's millisecond is that of NewV7At(before + interval), the
// key lies in [MinV7, MaxV7] of it, and its time to 1/4096 ms (unix_ts_ms
// and rand_a, as NewV7At writes them) lies between NewV7At's of the two
// readings (the second plus the 999 ns that a microsecond reading drops).
func TestPostgres18ShiftedAgreesWithNewV7At(t *testing.T) {
	ctx := testContext(t)
	conn := connect18(t)
	for _, s := range shifts {
		t.Run(s.interval, func(t *testing.T) {
			shift := func(at time.Time) time.Time { return at.AddDate(s.years, s.months, s.days).Add(s.d) }
			for attempt := 0; ; attempt++ {
				var before, after time.Time
				var id uuid.UUID
				err := conn.QueryRow(ctx, `SELECT clock_timestamp(), uuidv7($1::interval), clock_timestamp()`, s.interval).Scan(&before, &id, &after)
				if err != nil {
					t.Fatal(err)
				}
				lo, hi := shift(before), shift(after).Add(999)
				if lo.UnixMilli() != hi.UnixMilli() {
					if attempt == 100 {
						t.Fatalf("the clock readings around uuidv7 never shared a millisecond in 100 tries")
					}
					continue
				}
				want, wantHi := uuid.NewV7At(lo), uuid.NewV7At(hi)
				ts, _ := id.Time()
				wantTS, _ := want.Time()
				if id.Version() != 7 || [6]byte(want[:6]) != [6]byte(id[:6]) || v7Tick(id) < v7Tick(want) || v7Tick(id) > v7Tick(wantHi) {
					t.Errorf("uuidv7(%q) at %v..%v = %v (%v); NewV7At(%v) = %v (%v), NewV7At(%v) = %v",
						s.interval, before, after, id, ts, lo, want, wantTS, hi, wantHi)
				}
				if id.Compare(uuid.MinV7(lo)) < 0 || id.Compare(uuid.MaxV7(lo)) > 0 {
					t.Errorf("uuidv7(%q) = %v is outside [MinV7, MaxV7] of %v", s.interval, id, lo)
				}
				var extracted time.Time
				if err := conn.QueryRow(ctx, `SELECT uuid_extract_timestamp($1)`, want).Scan(&extracted); err != nil || !extracted.Equal(wantTS.Truncate(time.Millisecond)) {
					t.Errorf("uuid_extract_timestamp(NewV7At(%v)) = %v, %v; want %v", lo, extracted, err, wantTS.Truncate(time.Millisecond))
				}
				return
			}
		})
	}
}

// TestPostgres18RangeSelectsServerRows: rows the server makes with
// uuidv7(interval) at shifts hours apart are found by time with a range
// of keys from MinV7 and MaxV7 alone: the rows of a window of time are
// exactly those whose shift falls inside it. The window's ends lie half
// way between shifts, so the time the inserts take cannot move a row
// across one. Each row is also found by the range of its own millisecond,
// MinV7 to MaxV7 of its uuid_extract_timestamp, with nothing else in it.
func TestPostgres18RangeSelectsServerRows(t *testing.T) {
	ctx := testContext(t)
	conn := connect18(t)
	if _, err := conn.Exec(ctx, `CREATE TEMPORARY TABLE made_by_server (id uuid PRIMARY KEY, hours int NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	var now time.Time
	if err := conn.QueryRow(ctx, `SELECT clock_timestamp()`).Scan(&now); err != nil {
		t.Fatal(err)
	}
	var hours []int
	for h := -48; h <= 48; h += 6 {
		hours = append(hours, h)
	}
	for _, h := range hours {
		for range 5 {
			if _, err := conn.Exec(ctx, `INSERT INTO made_by_server VALUES (uuidv7(make_interval(hours => $1)), $1)`, h); err != nil {
				t.Fatal(err)
			}
		}
	}

	for _, w := range []struct{ from, to int }{{-27, 3}, {-100, -45}, {-1, 1}, {1, 5}, {45, 100}, {-100, 100}, {-3, 3}} {
		t0 := now.Add(time.Duration(w.from) * time.Hour)
		t1 := now.Add(time.Duration(w.to) * time.Hour)
		rows, err := conn.Query(ctx, `SELECT hours FROM made_by_server WHERE id BETWEEN $1 AND $2 ORDER BY id`, uuid.MinV7(t0), uuid.MaxV7(t1))
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[int32])
		if err != nil {
			t.Fatal(err)
		}
		var want []int32
		for _, h := range hours {
			if h > w.from && h < w.to {
				want = append(want, int32(h), int32(h), int32(h), int32(h), int32(h))
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("hours %+d to %+d: rows of shifts %v; want %v", w.from, w.to, got, want)
		}
	}

	rows, err := conn.Query(ctx, `SELECT id, uuid_extract_timestamp(id) FROM made_by_server`)
	if err != nil {
		t.Fatal(err)
	}
	type keyTime struct {
		id uuid.UUID
		ts time.Time
	}
	all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (keyTime, error) {
		var k keyTime
		return k, r.Scan(&k.id, &k.ts)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range all {
		var n int
		var sameMs int
		err := conn.QueryRow(ctx, `SELECT count(*) FILTER (WHERE id = $3), count(*) FROM made_by_server WHERE id BETWEEN $1 AND $2`,
			uuid.MinV7(k.ts), uuid.MaxV7(k.ts), k.id).Scan(&n, &sameMs)
		if err != nil {
			t.Fatal(err)
		}
		var inMs int
		for _, o := range all {
			if o.ts.Equal(k.ts) {
				inMs++
			}
		}
		if n != 1 || sameMs != inMs {
			t.Errorf("%v (%v): the range of its millisecond holds it %d times and %d rows; want once and %d", k.id, k.ts, n, sameMs, inMs)
		}
	}
}
