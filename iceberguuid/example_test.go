package iceberguuid_test

import (
	"fmt"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/iceberguuid"
)

// The partition of a row in an Iceberg table partitioned by bucket(16, id)
// (Spark's PARTITIONED BY (bucket(16, id))), and the spec's own example
// hash.
func ExampleBucket() {
	id := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	fmt.Println(iceberguuid.Hash(id))
	fmt.Println(iceberguuid.Bucket(id, 16), iceberguuid.Bucket(id, 100))
	fmt.Println(iceberguuid.Bucket(id, 0)) // no table has bucket[0]
	// Output:
	// 1488055340
	// 12 40
	// -1
}
