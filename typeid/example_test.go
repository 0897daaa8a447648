package typeid_test

import (
	"errors"
	"fmt"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/typeid"
)

func Example() {
	id, err := typeid.New("user")
	if err != nil {
		panic(err)
	}
	fmt.Println(id.Prefix(), id.UUID().Version(), len(id.String()))
	// Output: user v7 31
}

func ExampleParse() {
	id, err := typeid.Parse("prefix_01h455vb4pex5vsknk084sn02q")
	if err != nil {
		panic(err)
	}
	fmt.Println(id.Prefix())
	fmt.Println(id.UUID())
	// Output:
	// prefix
	// 01890a5d-ac96-774b-bcce-b302099a8057
}

func ExampleFromUUID() {
	u := uuid.MustParse("01890a5d-ac96-774b-bcce-b302099a8057")
	id, err := typeid.FromUUID("order", u)
	if err != nil {
		panic(err)
	}
	fmt.Println(id)
	// Output: order_01h455vb4pex5vsknk084sn02q
}

func ExampleParseError() {
	_, err := typeid.Parse("user_01h455vb4pex5vsknk084sn0iq")
	var pe *typeid.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, errors.Is(err, typeid.ErrDigit))
	}
	fmt.Println(err)
	// Output:
	// 29 true
	// typeid: parsing "user_01h455vb4pex5vsknk084sn0iq": invalid digit at offset 29
}

func ExampleTypeID_AppendText() {
	id := typeid.MustParse("user_01h455vb4pex5vsknk084sn02q")
	b := []byte("id=")
	b, _ = id.AppendText(b)
	fmt.Println(string(b))
	// Output: id=user_01h455vb4pex5vsknk084sn02q
}
