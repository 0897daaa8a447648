package uuid

import (
	"database/sql/driver"

	"github.com/afb7af96/uuid/internal/operr"
)

// Scan implements [database/sql.Scanner]. It accepts a string or []byte in
// any form [Parse] accepts, or a []byte of exactly 16 raw bytes, as a
// BLOB or BINARY(16) column holds them (see [UUID.Value]). SQL NULL
// is an error, [ErrScanNull], as it is for other non-nullable types; scan
// into a [NullUUID] where the column may be NULL. Text that is not a UUID
// gives a [*ParseError], as does a []byte whose length is neither 16 nor
// that of a text form, with Err [ErrLength]; other source types give an
// error matching [ErrScanType]. On failure u is unchanged.
func (u *UUID) Scan(src any) error {
	switch src := src.(type) {
	case string:
		v, err := Parse(src)
		if err != nil {
			return err
		}
		*u = v
		return nil
	case []byte:
		if len(src) == Size {
			*u = UUID(src)
			return nil
		}
		if _, ok := formOfLen(len(src)); !ok {
			// Neither 16 raw bytes nor text of a form's length: the
			// length is the problem, whatever the bytes are.
			return &ParseError{Input: boundedInput(src), Offset: -1, Err: ErrLength}
		}
		return u.UnmarshalText(src)
	case nil:
		return ErrScanNull
	}
	return operr.ScanType("uuid", "UUID", src, ErrScanType)
}

// Value implements [database/sql/driver.Valuer]: the canonical form of u,
// 36 characters of text. That suits PostgreSQL's uuid type and text
// columns. A database without a UUID type stores the text as it is, even in
// a binary column: 36 bytes of text in an SQLite BLOB, and an error or a
// cut value in a MySQL BINARY(16). To store the 16 bytes, pass u[:] (a
// []byte, which drivers store as binary) in place of u; [UUID.Scan] reads
// both forms back.
func (u UUID) Value() (driver.Value, error) { return u.String(), nil }
