package uuid_test

import (
	"fmt"

	"github.com/afb7af96/uuid/compat/gofrs/uuid"
)

// Code written for github.com/gofrs/uuid/v5 runs unchanged on this package.
func Example() {
	id := uuid.NewV5(uuid.NamespaceDNS, "www.example.com")
	fmt.Println(id, id.Version() == uuid.V5)
	v, err := uuid.NewV7()
	fmt.Println(v.Version(), err)
	// Output:
	// 2ed6657d-e927-568b-95e1-2665a8aea6a2 true
	// v7 <nil>
}
