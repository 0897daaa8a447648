package clickhouseuuid_test

import (
	"fmt"
	"slices"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/clickhouseuuid"
)

// Sort as ClickHouse's ORDER BY sorts a UUID column: by the second half
// first, so the later version 7 UUID, whose random half is smaller, comes
// first.
func ExampleCompare() {
	ids := []uuid.UUID{
		uuid.MustParse("01900000-0000-7000-8000-000000000001"),
		uuid.MustParse("01910000-0000-7000-8000-000000000000"),
	}
	slices.SortFunc(ids, clickhouseuuid.Compare)
	for _, id := range ids {
		fmt.Println(id)
	}
	// Output:
	// 01910000-0000-7000-8000-000000000000
	// 01900000-0000-7000-8000-000000000001
}

// The bytes of the native and RowBinary formats, and of
// reinterpretAsString(u): each half little-endian.
func ExampleNativeBytes() {
	u := uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff")
	b := clickhouseuuid.NativeBytes(u)
	fmt.Printf("%x\n", b)
	back, err := clickhouseuuid.FromNativeBytes(b[:])
	fmt.Println(back, err)
	// Output:
	// 7766554433221100ffeeddccbbaa9988
	// 00112233-4455-6677-8899-aabbccddeeff <nil>
}
