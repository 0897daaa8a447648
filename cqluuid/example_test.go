package cqluuid_test

import (
	"fmt"
	"slices"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/cqluuid"
)

// A timeuuid column sorts by the timestamp inside the UUID, not by its
// text: the second UUID was made a little later.
func ExampleCompareTimeUUID() {
	ids := []uuid.UUID{
		uuid.MustParse("00000257-0efc-11ee-9547-00006490e9a6"),
		uuid.MustParse("fed35080-0efb-11ee-a1ca-00006490e9a4"),
	}
	slices.SortFunc(ids, cqluuid.CompareTimeUUID)
	for _, id := range ids {
		fmt.Println(id)
	}
	// Output:
	// fed35080-0efb-11ee-a1ca-00006490e9a4
	// 00000257-0efc-11ee-9547-00006490e9a6
}

// A uuid column sorts by version first.
func ExampleCompare() {
	v4 := uuid.MustParse("ffffffff-ffff-4fff-bfff-ffffffffffff")
	v7 := uuid.MustParse("00000000-0000-7000-8000-000000000000")
	fmt.Println(cqluuid.Compare(v4, v7))
	// Output: -1
}

// Bounds for the rows of a span of time in a timeuuid clustering column,
// as gocql's MinTimeUUID and MaxTimeUUID compute them:
// SELECT * FROM events WHERE day = ? AND id >= ? AND id <= ?
func ExampleMinTimeUUID() {
	from := time.Date(2014, 1, 7, 5, 19, 29, 222516000, time.UTC)
	to := from.Add(time.Hour)
	fmt.Println(cqluuid.MinTimeUUID(from))
	fmt.Println(cqluuid.MaxTimeUUID(to))
	// Output:
	// 486f3a88-775b-11e3-8080-808080808080
	// aa33a288-7763-11e3-bf7f-7f7f7f7f7f7f
}

// The values CQL's minTimeuuid and maxTimeuuid give for a timestamp, to
// the millisecond.
func ExampleMinTimeUUIDMillis() {
	at := time.Date(2014, 1, 7, 5, 19, 29, 222516000, time.UTC)
	fmt.Println(cqluuid.MinTimeUUIDMillis(at))
	fmt.Println(cqluuid.MaxTimeUUIDMillis(at))
	// Output:
	// 486f2660-775b-11e3-8080-808080808080
	// 486f4d6f-775b-11e3-7f7f-7f7f7f7f7f7f
}
