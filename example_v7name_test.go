package uuid_test

import (
	"fmt"
	"time"

	"github.com/afb7af96/uuid"
)

// An order's ID from the time it was placed and its number: a retry, or
// another replica, makes the same ID, and IDs sort by time with those of
// NewV7.
func ExampleNewV7Name() {
	placed := time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)
	ns := uuid.NewV5(uuid.NamespaceURL(), "https://shop.example/orders")
	id := uuid.NewV7Name(placed, ns, "order-1001")
	again := uuid.NewV7Name(placed, ns, "order-1001")
	fmt.Println(id == again, id.Version())
	at, _ := id.Time() // rand_a holds hash bits, not a fraction: keep the millisecond
	fmt.Println(at.Truncate(time.Millisecond))
	fmt.Println(uuid.NewV7Name(placed, uuid.NamespaceDNS(), "www.example.com"))
	// Output:
	// true v7
	// 2022-02-22 19:22:22 +0000 UTC
	// 017f22e2-79b0-7afd-938a-375d0df1fbf6
}
