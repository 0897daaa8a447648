package ulid_test

import (
	"errors"
	"fmt"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/ulid"
)

func Example() {
	// Every version 7 UUID is a valid ULID, and back.
	u := uuid.NewV7()
	id := ulid.FromUUID(u)
	back, err := ulid.Parse(id.String())
	fmt.Println(len(id.String()), err, back.UUID() == u, id.IsV7())
	// Output: 26 <nil> true true
}

func ExampleParse() {
	id, err := ulid.Parse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	if err != nil {
		panic(err)
	}
	fmt.Println(id.UUID())
	// Output: 01563df3-6481-d676-4c61-efb99302bd5b
}

func ExampleULID_ForceV7() {
	// A ULID from a ULID generator is a UUID of no valid version.
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	fmt.Println(id.IsV7(), id.UUID().Version())
	// ForceV7 overwrites the version and variant bits to make a v7.
	u := id.ForceV7()
	fmt.Println(u, u.Version())
	// Output:
	// false v13
	// 01563df3-6481-7676-8c61-efb99302bd5b v7
}

func ExampleParseError() {
	_, err := ulid.Parse("01ARYZ6S41TSV4RRFFQ69G5FAU")
	var pe *ulid.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, errors.Is(err, ulid.ErrDigit))
	}
	fmt.Println(err)
	// Output:
	// 25 true
	// ulid: parsing "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid digit at offset 25
}
