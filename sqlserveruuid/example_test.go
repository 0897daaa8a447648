package sqlserveruuid_test

import (
	"database/sql"
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
