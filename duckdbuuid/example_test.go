package duckdbuuid_test

import (
	"fmt"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/duckdbuuid"
)

// The value DuckDB stores is the UUID as a 128-bit number with its top bit
// flipped; FromHugeint reads it back.
func ExampleHugeint() {
	u := uuid.MustParse("80000000-0000-0000-0000-000000000001")
	upper, lower := duckdbuuid.Hugeint(u)
	fmt.Println(upper, lower)
	fmt.Println(duckdbuuid.FromHugeint(upper, lower))
	// Output:
	// 0 1
	// 80000000-0000-0000-0000-000000000001
}
