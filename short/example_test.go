package short_test

import (
	"errors"
	"fmt"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/short"
)

func Example() {
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	for _, e := range []short.Encoding{short.Base58, short.Base57, short.Base64URL, short.Base36, short.Base32} {
		fmt.Println(e.String(u))
	}
	// Output:
	// Xe22UfxT3rxcKJEAfL5373
	// nAGVnUmwxobc28ViZHgbmW
	// -B1Prn3sEdCnZQCgyR5r9g
	// eoswzolg3bsx0zn8otq1p8oom
	// 7aou7lt55qi5bj3facqmshtl6y
}

func ExampleEncoding_Parse() {
	u, err := short.Base57.Parse("nUfojcH2M5j9j3Tk5A8mf7")
	fmt.Println(u, err)
	// Output: f9ee01c3-2015-4716-930e-4d5449810833 <nil>
}

func ExampleEncoding_Append() {
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	b := []byte("https://example.com/items/")
	b = short.Base58.Append(b, u)
	fmt.Println(string(b))
	// Output: https://example.com/items/Xe22UfxT3rxcKJEAfL5373
}

func ExampleParseError() {
	_, err := short.Base36.Parse("f5lxx1zz5pnorynqglhzmsp34")
	var pe *short.ParseError
	if errors.As(err, &pe) {
		fmt.Println(errors.Is(err, short.ErrRange), pe.Offset)
	}
	fmt.Println(err)
	// Output:
	// true 24
	// short: parsing "f5lxx1zz5pnorynqglhzmsp34" as base36: value out of range at offset 24
}
