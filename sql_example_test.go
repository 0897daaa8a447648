package uuid_test

import (
	"database/sql/driver"
	"errors"
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

// Scan is what rows.Scan calls for a *UUID destination. SQL NULL is an
// error there, so that a missing value is never read as the Nil UUID and
// written back as a real key: scan a column that may be NULL into a
// NullUUID (or a **UUID, which NULL sets to nil).
func ExampleUUID_Scan() {
	var id uuid.UUID
	err := id.Scan(nil) // SQL NULL
	fmt.Println(errors.Is(err, uuid.ErrScanNull), id.IsZero())

	var parent uuid.NullUUID
	err = parent.Scan(nil)
	fmt.Println(err, parent.Valid)

	// A uuid or text column arrives as text, a BLOB or BINARY(16) as 16 bytes.
	err = parent.Scan([]byte{0xf8, 0x1d, 0x4f, 0xae, 0x7d, 0xec, 0x11, 0xd0, 0xa7, 0x65, 0x00, 0xa0, 0xc9, 0x1e, 0x6b, 0xf6})
	fmt.Println(err, parent.Valid, parent.UUID)
	// Output:
	// true true
	// <nil> false
	// <nil> true f81d4fae-7dec-11d0-a765-00a0c91e6bf6
}
