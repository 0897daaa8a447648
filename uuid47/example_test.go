package uuid47_test

import (
	"errors"
	"fmt"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/uuid47"
)

// Show a version 7 key to the outside as a version 4 façade, and turn the
// façade a client sends back into the key. The key here is the reference
// PostgreSQL extension's test key; a real one comes from a secret store.
func Example() {
	key, err := uuid47.ParseKey("0011223344556677:8899aabbccddeeff")
	if err != nil {
		panic(err)
	}
	id := uuid.MustParse("01997155-1e00-7032-8c96-fd3b3405593e") // the row's key

	facade, err := key.Encode(id)
	if err != nil {
		panic(err)
	}
	fmt.Println(facade, facade.Version())

	back, err := key.Decode(uuid.MustParse(facade.String()))
	fmt.Println(back, back.Version(), err)
	// Output:
	// 3309401a-ae5f-4032-8c96-fd3b3405593e v4
	// 01997155-1e00-7032-8c96-fd3b3405593e v7 <nil>
}

// A key from 16 bytes: SipHash's key words are bytes 0-7 and 8-15, each
// read little-endian. Generate the bytes with crypto/rand and keep them
// secret.
func ExampleNewKey() {
	secret := [16]byte{0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff}
	key := uuid47.NewKey(secret)
	same, _ := uuid47.ParseKey("00112233445566778899aabbccddeeff")
	fmt.Println(key == same, key) // a Key never prints its bits
	// Output:
	// true uuid47.Key(…)
}

// Key text that is not 32 hex digits is an error that tells where, but
// never shows the text.
func ExampleParseKey() {
	_, err := uuid47.ParseKey("0011223344556677:8899aabbccddeefg")
	fmt.Println(err, errors.Is(err, uuid.ErrDigit))
	_, err = uuid47.ParseKey("0011223344556677")
	fmt.Println(errors.Is(err, uuid.ErrLength))
	// Output:
	// uuid47: key: invalid digit at offset 32 true
	// true
}

// Decode accepts only version 4 UUIDs, so a version 7 UUID given where a
// façade belongs is an error, not a silent second mapping.
func ExampleKey_Decode() {
	key := uuid47.NewKey([16]byte{})
	_, err := key.Decode(uuid.MustParse("01997155-1e00-7032-8c96-fd3b3405593e"))
	fmt.Println(err)
	fmt.Println(errors.Is(err, uuid.ErrVersion))
	// Output:
	// uuid47: Decode: not a version 4 UUID
	// true
}
