//go:build go1.27 && goexperiment.jsonv2

package uuid

import "encoding/json/jsontext"

// This file is built where encoding/json/v2 is part of the standard
// library: from Go 1.27, unless GOEXPERIMENT=nojsonv2 (Go 1.25 and 1.26
// had it only as an experiment, whose API could still change). There,
// encoding/json and encoding/json/v2 call these methods in place of
// MarshalJSON and UnmarshalJSON, and they write and read the JSON in the
// encoder's and decoder's own buffers: no allocation of their own.

// MarshalJSONTo implements encoding/json/v2's MarshalerTo: it writes what
// [NullUUID.MarshalJSON] returns, null or the canonical form as a JSON
// string.
func (n NullUUID) MarshalJSONTo(enc *jsontext.Encoder) error {
	if !n.Valid {
		return enc.WriteToken(jsontext.Null)
	}
	var buf [canonicalLen + 2]byte // on the stack: WriteValue copies it
	b, _ := n.UUID.AppendText(append(buf[:0], '"'))
	return enc.WriteValue(append(b, '"'))
}

// UnmarshalJSONFrom implements encoding/json/v2's UnmarshalerFrom: it reads
// one JSON value and decodes it as [NullUUID.UnmarshalJSON] does, with the
// same errors and the same effect on n.
func (n *NullUUID) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	if err != nil {
		n.Valid = false
		return err
	}
	u, null, err := decodeNullJSON(v)
	n.set(u, null, err)
	return err
}
