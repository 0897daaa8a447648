package uuid_test

import (
	"database/sql/driver"
	"fmt"

	"github.com/afb7af96/uuid"
)

// A UUID passed to database/sql is its 36-character text. Where the column
// holds binary (SQLite BLOB, MySQL BINARY(16)), pass u[:] to store the 16
// bytes; Scan reads either form back.
func ExampleUUID_Value() {
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")

	text, _ := driver.DefaultParameterConverter.ConvertValue(u)
	raw, _ := driver.DefaultParameterConverter.ConvertValue(u[:])
	fmt.Printf("%T of %d bytes, %T of %d bytes\n", text, len(text.(string)), raw, len(raw.([]byte)))

	// db.Exec(`INSERT INTO items (id) VALUES (?)`, u[:]) stores 16 bytes.
	var fromText, fromRaw uuid.UUID
	fmt.Println(fromText.Scan(text), fromRaw.Scan(raw), fromText == fromRaw)
	// Output:
	// string of 36 bytes, []uint8 of 16 bytes
	// <nil> <nil> true
}
