package uuid

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"reflect"
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
	return &scanTypeError{typeName(src)}
}

// Errors from [UUID.Scan] for sources that are not a UUID's text or bytes;
// text that is not a UUID gives a [*ParseError] instead.
var (
	// ErrScanNull is returned for SQL NULL, as it is for other
	// non-nullable types. Scan a column that may be NULL into a
	// [NullUUID], or into a *UUID variable by passing its address (a
	// **UUID), which NULL sets to nil.
	ErrScanNull = errors.New("uuid: cannot scan NULL into UUID")

	// ErrScanType is matched by the error returned for a source type that
	// cannot hold a UUID, such as int64.
	ErrScanType = errors.New("uuid: cannot scan unsupported type into UUID")
)

// scanTypeError names the source type that [UUID.Scan] cannot read; it
// matches [ErrScanType].
type scanTypeError struct{ typ string }

func (e *scanTypeError) Error() string        { return "uuid: cannot scan " + e.typ + " into UUID" }
func (e *scanTypeError) Is(target error) bool { return target == ErrScanType }

// typeName names the dynamic type of a value database/sql may pass to Scan.
func typeName(v any) string {
	switch v.(type) {
	case int64:
		return "int64"
	case float64:
		return "float64"
	case bool:
		return "bool"
	}
	return "value of unsupported type"
}

// Value implements [database/sql/driver.Valuer]: the canonical form of u,
// 36 characters of text. That suits PostgreSQL's uuid type and text
// columns. A database without a UUID type stores the text as it is, even in
// a binary column: 36 bytes of text in an SQLite BLOB, and an error or a
// cut value in a MySQL BINARY(16). To store the 16 bytes, pass u[:] (a
// []byte, which drivers store as binary) in place of u; [UUID.Scan] reads
// both forms back.
func (u UUID) Value() (driver.Value, error) { return u.String(), nil }

// NullUUID is a UUID that may be SQL NULL or JSON null. The zero value is
// null.
type NullUUID struct {
	UUID  UUID
	Valid bool // Valid is true if UUID is not NULL
}

// Scan implements [database/sql.Scanner]. NULL sets Valid to false and UUID
// to Nil; anything else is scanned as by [UUID.Scan]. On failure n is
// unchanged.
func (n *NullUUID) Scan(src any) error {
	if src == nil {
		*n = NullUUID{}
		return nil
	}
	var u UUID
	if err := u.Scan(src); err != nil {
		return err
	}
	*n = NullUUID{UUID: u, Valid: true}
	return nil
}

// Value implements [database/sql/driver.Valuer]: nil when n is not Valid,
// otherwise the canonical form.
func (n NullUUID) Value() (driver.Value, error) {
	if !n.Valid {
		return nil, nil
	}
	return n.UUID.String(), nil
}

// MarshalJSON implements [json.Marshaler]: null when n is not Valid,
// otherwise the canonical form as a JSON string.
func (n NullUUID) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte("null"), nil
	}
	b := make([]byte, 0, canonicalLen+2)
	b = append(b, '"')
	b, _ = n.UUID.AppendText(b)
	return append(b, '"'), nil
}

// UnmarshalJSON implements [json.Unmarshaler]: null sets Valid to false,
// a JSON string is parsed as by [Parse], and white space around either is
// ignored, as encoding/json ignores it. A string that is not a UUID gives a
// [*ParseError]; any other JSON value gives the [*json.UnmarshalTypeError]
// encoding/json gives for a UUID field, and data that is not JSON a
// [*json.SyntaxError]. On failure n is unchanged.
func (n *NullUUID) UnmarshalJSON(data []byte) error {
	data = trimJSONSpace(data)
	if string(data) == "null" {
		*n = NullUUID{}
		return nil
	}
	var u UUID
	if len(data) >= 2 && data[0] == '"' && data[len(data)-1] == '"' && !bytes.ContainsAny(data[1:len(data)-1], `"\`) {
		if err := u.UnmarshalText(data[1 : len(data)-1]); err != nil {
			return err
		}
	} else {
		// Escapes, not a string, or not JSON: let encoding/json decode it.
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			if te, ok := err.(*json.UnmarshalTypeError); ok {
				te.Type = reflect.TypeFor[NullUUID]()
			}
			return err
		}
		v, err := Parse(s)
		if err != nil {
			return err
		}
		u = v
	}
	*n = NullUUID{UUID: u, Valid: true}
	return nil
}

// trimJSONSpace returns data without the white space JSON allows around a
// value: space, tab, line feed and carriage return.
func trimJSONSpace(data []byte) []byte {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
	for len(data) > 0 && isSpace(data[0]) {
		data = data[1:]
	}
	for len(data) > 0 && isSpace(data[len(data)-1]) {
		data = data[:len(data)-1]
	}
	return data
}
