package keyrange_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/keyrange"
)

// Split a PostgreSQL table of random (version 4) keys into four ranges, one
// query per worker.
func Example() {
	ranges, err := keyrange.Split(keyrange.PostgreSQL, 4)
	if err != nil {
		panic(err)
	}
	for _, r := range ranges {
		where, err := r.Predicate("id")
		if err != nil {
			panic(err)
		}
		fmt.Println("SELECT * FROM orders WHERE " + where)
	}
	// Output:
	// SELECT * FROM orders WHERE "id" < '40000000-0000-4000-8000-000000000000'::uuid
	// SELECT * FROM orders WHERE "id" >= '40000000-0000-4000-8000-000000000000'::uuid AND "id" < '80000000-0000-4000-8000-000000000000'::uuid
	// SELECT * FROM orders WHERE "id" >= '80000000-0000-4000-8000-000000000000'::uuid AND "id" < 'c0000000-0000-4000-8000-000000000000'::uuid
	// SELECT * FROM orders WHERE "id" >= 'c0000000-0000-4000-8000-000000000000'::uuid
}

// SQL Server sorts a uniqueidentifier by its last six bytes first, so its
// ranges are bounded there.
func ExampleSplit_sqlServer() {
	ranges, err := keyrange.Split(keyrange.SQLServer, 2)
	if err != nil {
		panic(err)
	}
	for _, r := range ranges {
		where, _ := r.Predicate("dbo.orders.id")
		fmt.Println(where)
	}
	// Output:
	// [dbo].[orders].[id] < CAST('00000000-0000-4000-8000-800000000000' AS uniqueidentifier)
	// [dbo].[orders].[id] >= CAST('00000000-0000-4000-8000-800000000000' AS uniqueidentifier)
}

// Version 7 keys share their leading bits for years, so split them at the
// quantiles of a sample of the table's keys (in SQL, for example, SELECT
// id FROM orders TABLESAMPLE SYSTEM (1)).
func ExampleSplitSample() {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var sample []uuid.UUID
	for i := range 1000 {
		sample = append(sample, uuid.NewV7At(start.Add(time.Duration(i)*time.Minute)))
	}
	ranges, err := keyrange.SplitSample(keyrange.DuckDB, sample, 4)
	if err != nil {
		panic(err)
	}
	for _, r := range ranges {
		n := 0
		for _, u := range sample {
			if r.Contains(u) {
				n++
			}
		}
		fmt.Println(n, "of the sample's keys")
	}
	// Output:
	// 250 of the sample's keys
	// 250 of the sample's keys
	// 250 of the sample's keys
	// 250 of the sample's keys
}

// One range per day of a week of version 7 keys.
func ExampleSplitTime() {
	from := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	ranges, err := keyrange.SplitTime(keyrange.PostgreSQL, from, from.AddDate(0, 0, 7), 7)
	if err != nil {
		panic(err)
	}
	for _, r := range ranges[:2] {
		where, _ := r.Predicate("id")
		fmt.Println(where)
	}
	// Output:
	// "id" < '01a1998e-4400-7000-8000-000000000000'::uuid
	// "id" >= '01a1998e-4400-7000-8000-000000000000'::uuid AND "id" < '01a19eb4-a000-7000-8000-000000000000'::uuid
}

// Range.Split divides one range again, at exact 128-bit bounds: here a
// range of three keys, halved and then split too finely.
func ExampleRange_Split() {
	r := keyrange.Range{
		Order: keyrange.PostgreSQL,
		Low:   uuid.MustParse("00000000-0000-0000-0000-000000000000"),
		High:  uuid.MustParse("00000000-0000-0000-0000-000000000003"),
	}
	halves, err := r.Split(2)
	if err != nil {
		panic(err)
	}
	fmt.Println(halves[1].Low)
	_, err = r.Split(4)
	fmt.Println(errors.Is(err, keyrange.ErrCount))
	// Output:
	// 00000000-0000-0000-0000-000000000001
	// true
}
