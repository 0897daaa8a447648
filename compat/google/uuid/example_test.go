package uuid_test

import (
	"fmt"

	"github.com/afb7af96/uuid/compat/google/uuid"
)

// Code written for github.com/google/uuid runs unchanged on this package.
func Example() {
	id := uuid.NewSHA1(uuid.NameSpaceDNS, []byte("www.example.com"))
	fmt.Println(id, id.Version())
	v, err := uuid.NewRandom()
	fmt.Println(v.Version(), err)
	// Output:
	// 2ed6657d-e927-568b-95e1-2665a8aea6a2 v5
	// v4 <nil>
}
