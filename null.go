package uuid

import (
	"bytes"
	"database/sql/driver"
	"encoding/json"
	"reflect"
)

// NullUUID is a UUID that may be SQL NULL or JSON null. The zero value is
// null. Its methods follow google/uuid's NullUUID: on failure, Scan,
// UnmarshalJSON and UnmarshalText return the error and set Valid to false,
// so a failed decode never leaves an old value looking valid; only
// UnmarshalBinary, as google/uuid's, leaves the value as it was. A null
// NullUUID is "null" as text and JSON, and no bytes as binary, so it can be
// a JSON object key, an XML element or a log attribute.
type NullUUID struct {
	UUID  UUID
	Valid bool // Valid is true if UUID is not NULL
}

// nullText is the text and JSON form of a null NullUUID.
const nullText = "null"

// Scan implements [database/sql.Scanner]. NULL sets n to the zero value
// (null); anything else is scanned as by [UUID.Scan]. On failure Valid is
// false.
func (n *NullUUID) Scan(src any) error {
	if src == nil {
		*n = NullUUID{}
		return nil
	}
	if err := n.UUID.Scan(src); err != nil {
		n.Valid = false
		return err
	}
	n.Valid = true
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

// MarshalText implements [encoding.TextMarshaler]: "null" when n is not
// Valid, otherwise the canonical form.
func (n NullUUID) MarshalText() ([]byte, error) {
	if !n.Valid {
		return []byte(nullText), nil
	}
	return n.UUID.MarshalText()
}

// UnmarshalText implements [encoding.TextUnmarshaler]: "null" sets n to the
// zero value (null), and other text is parsed as by [UUID.UnmarshalText].
// On failure Valid is false.
func (n *NullUUID) UnmarshalText(text []byte) error {
	if string(text) == nullText {
		*n = NullUUID{}
		return nil
	}
	if err := n.UUID.UnmarshalText(text); err != nil {
		n.Valid = false
		return err
	}
	n.Valid = true
	return nil
}

// MarshalBinary implements [encoding.BinaryMarshaler]: no bytes when n is
// not Valid, otherwise the 16 bytes of the UUID.
func (n NullUUID) MarshalBinary() ([]byte, error) {
	if !n.Valid {
		return nil, nil
	}
	return n.UUID.MarshalBinary()
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler]: no bytes set n
// to the zero value (null), and 16 bytes to that UUID. Any other length is
// an error matching [ErrLength], and leaves n unchanged.
func (n *NullUUID) UnmarshalBinary(b []byte) error {
	if len(b) == 0 {
		*n = NullUUID{}
		return nil
	}
	var u UUID
	if err := u.UnmarshalBinary(b); err != nil {
		return err
	}
	*n = NullUUID{UUID: u, Valid: true}
	return nil
}

// MarshalJSON implements [json.Marshaler]: null when n is not Valid,
// otherwise the canonical form as a JSON string.
func (n NullUUID) MarshalJSON() ([]byte, error) {
	if !n.Valid {
		return []byte(nullText), nil
	}
	b := make([]byte, 0, canonicalLen+2)
	b = append(b, '"')
	b, _ = n.UUID.AppendText(b)
	return append(b, '"'), nil
}

// UnmarshalJSON implements [json.Unmarshaler]: null sets n to the zero
// value, a JSON string is parsed as by [Parse], and white space around
// either is ignored, as encoding/json ignores it. A string that is not a
// UUID gives a [*ParseError]; any other JSON value gives the
// [*json.UnmarshalTypeError] encoding/json gives for a UUID field, and data
// that is not JSON a [*json.SyntaxError]. On failure Valid is false.
func (n *NullUUID) UnmarshalJSON(data []byte) error {
	u, null, err := decodeNullJSON(data)
	switch {
	case err != nil:
		n.Valid = false
	case null:
		*n = NullUUID{}
	default:
		*n = NullUUID{UUID: u, Valid: true}
	}
	return err
}

// decodeNullJSON decodes the JSON value data for [NullUUID.UnmarshalJSON]:
// a UUID, or null.
func decodeNullJSON(data []byte) (u UUID, null bool, err error) {
	data = trimJSONSpace(data)
	if string(data) == nullText {
		return UUID{}, true, nil
	}
	if len(data) >= 2 && data[0] == '"' && data[len(data)-1] == '"' && !bytes.ContainsAny(data[1:len(data)-1], `"\`) {
		err = u.UnmarshalText(data[1 : len(data)-1])
		return u, false, err
	}
	// Escapes, not a string, or not JSON: let encoding/json decode it.
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		if te, ok := err.(*json.UnmarshalTypeError); ok {
			te.Type = reflect.TypeFor[NullUUID]()
		}
		return UUID{}, false, err
	}
	u, err = Parse(s)
	return u, false, err
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
