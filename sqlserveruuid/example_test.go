package sqlserveruuid_test

import (
	"database/sql"
	"errors"
	"fmt"
	"log"
	"slices"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

// Sort as SQL Server's ORDER BY sorts a uniqueidentifier column: the last
// six bytes decide first.
func ExampleCompare() {
	ids := []uuid.UUID{
		uuid.MustParse("00000000-0000-0000-0000-000000000002"),
		uuid.MustParse("ffffffff-0000-0000-0000-000000000001"),
	}
	slices.SortFunc(ids, sqlserveruuid.Compare)
	for _, id := range ids {
		fmt.Println(id)
	}
	// Output:
	// ffffffff-0000-0000-0000-000000000001
	// 00000000-0000-0000-0000-000000000002
}

// Keys for a clustered index: each NewV8 sorts after the last in SQL
// Server's order, and Time reads back when it was made.
func ExampleNewV8() {
	a := sqlserveruuid.NewV8()
	b := sqlserveruuid.NewV8()
	fmt.Println(a.Version(), sqlserveruuid.Compare(a, b))
	t, ok := sqlserveruuid.Time(b)
	fmt.Println(ok, time.Since(t) < time.Minute)
	// Output:
	// v8 -1
	// true true
}

// The keys made in a span of time are a range of the index.
func ExampleMinV8() {
	day := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	// SELECT id FROM events WHERE id >= @lo AND id < @hi ORDER BY id
	lo, hi := sqlserveruuid.MinV8(day), sqlserveruuid.MinV8(day.AddDate(0, 0, 1))
	fmt.Println(lo)
	fmt.Println(hi)
	// Output:
	// 00000000-0000-8000-8000-01a210008800
	// 00000000-0000-8000-8000-01a21526e400
}

// With go-mssqldb and no "guid conversion=true" in the connection string,
// scan a uniqueidentifier through GUID; pass a uuid.UUID as it is. It
// needs a server, so it is compiled but not run.
func ExampleGUID() {
	var db *sql.DB // sql.Open("sqlserver", "sqlserver://user:pass@host?database=app")
	id := sqlserveruuid.NewV8()
	if _, err := db.Exec(`INSERT INTO events (id) VALUES (@p1)`, id); err != nil {
		log.Fatal(err)
	}
	var got uuid.UUID
	if err := db.QueryRow(`SELECT TOP 1 id FROM events ORDER BY id DESC`).Scan((*sqlserveruuid.GUID)(&got)); err != nil {
		log.Fatal(err)
	}
	fmt.Println(got == id)
}

// A closed range of one millisecond's keys, BETWEEN its least and its
// greatest, for an engine or a query that wants both ends inclusive.
func ExampleMaxV8() {
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	// SELECT id FROM events WHERE id BETWEEN @lo AND @hi
	lo, hi := sqlserveruuid.MinV8(at), sqlserveruuid.MaxV8(at)
	fmt.Println(lo)
	fmt.Println(hi)
	fmt.Println(sqlserveruuid.Compare(lo, hi))
	// Output:
	// 00000000-0000-8000-8000-01a21293b600
	// ffffffff-ffff-8fff-bfff-01a21293b600
	// -1
}

// ToV7 reads back the version 7 UUID a key was made from, to hand it to
// code that expects version 7, or to move the keys to a bytewise-ordered
// column (PostgreSQL, DuckDB) when leaving SQL Server.
func ExampleToV7() {
	v7 := uuid.MustParse("019abb0e-6e00-7123-8456-789abcdef012")
	key, err := sqlserveruuid.FromV7(v7)
	if err != nil {
		log.Fatal(err)
	}
	back, err := sqlserveruuid.ToV7(key)
	fmt.Println(key)
	fmt.Println(back == v7, err)
	_, err = sqlserveruuid.ToV7(v7) // not a key of this package
	fmt.Println(errors.Is(err, uuid.ErrVersion))
	// Output:
	// 12f0debc-9a78-8645-848c-019abb0e6e00
	// true <nil>
	// true
}
