package uuid

import (
	"database/sql/driver"
	"strings"
	"unicode/utf8"
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
// value, a JSON string (escapes included) is parsed as by [Parse], and
// white space around either is ignored, as encoding/json ignores it. A
// string that is not a UUID gives the [*ParseError] Parse gives for the
// string's text. Data that is not a JSON string or null gives a
// *ParseError for the data itself: Err [ErrPrefix] at offset 0 for another
// JSON value (a number, true, an array), [ErrSuffix] at the first byte
// after a string, [ErrLength] for no value or a string that never closes,
// and [ErrDigit] at a byte that JSON does not allow in a string (a
// control byte, an unknown escape, a bad \u digit). On failure Valid is
// false.
func (n *NullUUID) UnmarshalJSON(data []byte) error {
	u, null, err := decodeNullJSON(data)
	n.set(u, null, err)
	return err
}

// set stores the outcome of a JSON decode in n: on failure only Valid
// changes (to false).
func (n *NullUUID) set(u UUID, null bool, err error) {
	switch {
	case err != nil:
		n.Valid = false
	case null:
		*n = NullUUID{}
	default:
		*n = NullUUID{UUID: u, Valid: true}
	}
}

// decodeNullJSON decodes the JSON value data for [NullUUID.UnmarshalJSON]:
// a UUID, or null. It does not use encoding/json, which would add
// hundreds of kilobytes to every program that links this package.
func decodeNullJSON(data []byte) (u UUID, null bool, err error) {
	start := 0
	for start < len(data) && isJSONSpace(data[start]) {
		start++
	}
	end := len(data)
	for end > start && isJSONSpace(data[end-1]) {
		end--
	}
	v := data[start:end]
	if string(v) == nullText {
		return UUID{}, true, nil
	}
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		if text := v[1 : len(v)-1]; isPlainJSONText(text) {
			err = u.UnmarshalText(text)
			return u, false, err
		}
	}
	var buf [64]byte // longer than any UUID's text: the slice stays here
	text, off, kind := appendJSONString(buf[:0], v)
	if kind != nil {
		if off >= 0 {
			off += start
		}
		return UUID{}, false, &ParseError{Input: boundedInput(data), Offset: off, Err: kind}
	}
	err = u.UnmarshalText(text)
	return u, false, err
}

// isJSONSpace reports whether c is white space JSON allows around a value:
// space, tab, line feed or carriage return.
func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isPlainJSONText reports whether b is the inside of a JSON string that
// needs no decoding: no quote, backslash, control byte or non-ASCII byte.
func isPlainJSONText(b []byte) bool {
	for _, c := range b {
		if c < ' ' || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// appendJSONString appends to dst the text of the JSON string v (RFC 8259,
// Section 7), quotes included in v, as encoding/json decodes it: escapes
// replaced, and invalid UTF-8 and lone surrogates (\ud800) replaced by
// U+FFFD. If v is not exactly one JSON string it returns the offset in v
// of the first byte that breaks the grammar and the kind of problem, as
// [NullUUID.UnmarshalJSON] documents them.
func appendJSONString(dst, v []byte) (text []byte, off int, kind error) {
	if len(v) == 0 {
		return nil, -1, ErrLength
	}
	if v[0] != '"' {
		return nil, 0, ErrPrefix
	}
	for i := 1; i < len(v); {
		switch c := v[i]; {
		case c == '"':
			if i != len(v)-1 {
				return nil, i + 1, ErrSuffix
			}
			return dst, -1, nil
		case c < ' ':
			return nil, i, ErrDigit
		case c == '\\':
			r, next, off, kind := jsonEscape(v, i)
			if kind != nil {
				return nil, off, kind
			}
			dst = utf8.AppendRune(dst, r)
			i = next
		case c < utf8.RuneSelf:
			dst = append(dst, c)
			i++
		default:
			r, size := utf8.DecodeRune(v[i:])
			dst = utf8.AppendRune(dst, r) // RuneError for a bad byte
			i += size
		}
	}
	return nil, -1, ErrLength // no closing quote
}

// jsonEscape decodes the escape at v[i], a backslash: it returns the rune
// and the offset after the escape, or the offset and kind of the problem.
// A \u escape of a surrogate takes the next \u escape with it if the two
// make a pair, and is U+FFFD if not, as in encoding/json.
func jsonEscape(v []byte, i int) (r rune, next, off int, kind error) {
	if i+1 >= len(v) {
		return 0, 0, -1, ErrLength
	}
	const escapes, escaped = `"\/bfnrt`, "\"\\/\b\f\n\r\t"
	if k := strings.IndexByte(escapes, v[i+1]); k >= 0 {
		return rune(escaped[k]), i + 2, 0, nil
	}
	if v[i+1] != 'u' {
		return 0, 0, i + 1, ErrDigit
	}
	r, bad := jsonHex4(v, i+2)
	switch {
	case bad == len(v):
		return 0, 0, -1, ErrLength // no closing quote
	case bad >= 0:
		return 0, 0, bad, ErrDigit
	case r < 0xd800 || r >= 0xe000:
		return r, i + 6, 0, nil
	}
	// A surrogate: a pair with the next escape, or U+FFFD.
	i += 6
	if r < 0xdc00 && i+1 < len(v) && v[i] == '\\' && v[i+1] == 'u' {
		if r2, bad := jsonHex4(v, i+2); bad < 0 && r2 >= 0xdc00 && r2 < 0xe000 {
			return 0x10000 + (r-0xd800)<<10 + (r2 - 0xdc00), i + 6, 0, nil
		}
	}
	return utf8.RuneError, i, 0, nil
}

// jsonHex4 decodes the 4 hex digits of a \u escape at v[i:]. It returns
// the offset of the first byte that is not a hex digit, len(v) if v ends
// first, or -1 if all four are.
func jsonHex4(v []byte, i int) (rune, int) {
	var r rune
	for j := i; j < i+4; j++ {
		if j >= len(v) {
			return 0, len(v)
		}
		c := v[j]
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, j
		}
		r = r<<4 | rune(c)
	}
	return r, -1
}
