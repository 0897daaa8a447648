//go:build tinygo || arrow_json_stdlib

// Built with the arrow_json_stdlib tag (or by TinyGo), arrow-go's builders decode JSON with
// encoding/json; the decoder type of [Builder.UnmarshalOne] follows theirs.

package arrowuuid

import (
	"bytes"
	"encoding/json"
)

// UnmarshalOne appends the next JSON value of dec: a UUID's text, in any
// form [uuid.Parse] accepts, or null. arrow-go's JSON readers call it for
// each value of an arrow.uuid column. Anything else appends nothing and
// is an error matching [uuid.ErrEncoding], or the [*uuid.ParseError] of
// the text.
func (b *Builder) UnmarshalOne(dec *json.Decoder) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	return b.appendToken(t)
}

// Unmarshal appends the JSON values of dec up to the end of the array it
// is in, as [Builder.UnmarshalOne] does each.
func (b *Builder) Unmarshal(dec *json.Decoder) error {
	for dec.More() {
		if err := b.UnmarshalOne(dec); err != nil {
			return err
		}
	}
	return nil
}

// UnmarshalJSON appends the values of a JSON array of UUID texts and
// nulls, the form [Array.MarshalJSON] writes.
func (b *Builder) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != '[' {
		return errNotArray(t)
	}
	return b.Unmarshal(dec)
}
