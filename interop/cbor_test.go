package interop

import (
	"bytes"
	"errors"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/fxamacker/cbor/v2"
)

var cborSample = uuid.MustParse("73ffd264-44b3-4c69-90e8-e7d1dfc035d4")

// TestCBORTag37Bytes: the library writes a UUID as tag 37 around a
// 16-byte string, d8 25 50 and the bytes, in a struct as on its own.
func TestCBORTag37Bytes(t *testing.T) {
	want := append([]byte{0xd8, 0x25, 0x50}, cborSample[:]...)
	for _, v := range []any{cborSample, &cborSample, uuid.NullUUID{UUID: cborSample, Valid: true}} {
		got, err := cbor.Marshal(v)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("cbor.Marshal(%#v) = %x, %v; want %x", v, got, err, want)
		}
	}
	// The library's own view of those bytes: tag 37, a byte string.
	var tag cbor.Tag
	if err := cbor.Unmarshal(want, &tag); err != nil || tag.Number != 37 {
		t.Fatalf("cbor.Unmarshal into cbor.Tag = %+v, %v; want tag 37", tag, err)
	}
	if b, ok := tag.Content.([]byte); !ok || !bytes.Equal(b, cborSample[:]) {
		t.Fatalf("tag 37 content = %#v; want the 16 bytes", tag.Content)
	}
	got, err := cbor.Marshal(uuid.NullUUID{})
	if err != nil || !bytes.Equal(got, []byte{0xf6}) {
		t.Fatalf("cbor.Marshal(NullUUID{}) = %x, %v; want f6", got, err)
	}
}

// TestCBORPeerEncoded decodes values the library wrote from its own
// types: tag 37 built as cbor.Tag and cbor.RawTag, and an untagged byte
// string, as it writes a [16]byte type with a MarshalBinary method.
func TestCBORPeerEncoded(t *testing.T) {
	tagged, err := cbor.Marshal(cbor.Tag{Number: 37, Content: cborSample[:]})
	if err != nil {
		t.Fatal(err)
	}
	content, _ := cbor.Marshal(cborSample[:])
	raw, err := cbor.Marshal(cbor.RawTag{Number: 37, Content: content})
	if err != nil {
		t.Fatal(err)
	}
	untagged, err := cbor.Marshal(binaryOnly(cborSample))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(untagged, content) {
		t.Fatalf("a [16]byte with MarshalBinary encodes as %x; want the byte string %x", untagged, content)
	}
	for name, data := range map[string][]byte{"Tag": tagged, "RawTag": raw, "untagged": untagged} {
		var u uuid.UUID
		if err := cbor.Unmarshal(data, &u); err != nil || u != cborSample {
			t.Errorf("%s: cbor.Unmarshal(%x) = %v, %v; want %v", name, data, u, err, cborSample)
		}
		var n uuid.NullUUID
		if err := cbor.Unmarshal(data, &n); err != nil || n != (uuid.NullUUID{UUID: cborSample, Valid: true}) {
			t.Errorf("%s: cbor.Unmarshal(%x) into NullUUID = %+v, %v; want valid %v", name, data, n, err, cborSample)
		}
	}
}

// binaryOnly is a UUID type as other packages define it: a [16]byte with
// MarshalBinary and no CBOR methods.
type binaryOnly [16]byte

func (b binaryOnly) MarshalBinary() ([]byte, error) { return b[:], nil }

type cborRecord struct {
	ID  uuid.UUID     `cbor:"id"`
	Ref uuid.NullUUID `cbor:"ref"`
	Ptr *uuid.UUID    `cbor:"ptr"`
}

func TestCBORStructRoundTrip(t *testing.T) {
	v := uuid.MustParse("01890a5d-ac96-774b-bcce-b302099a8057")
	w := uuid.MustParse("ffffffff-ffff-4fff-bfff-ffffffffffff")
	for _, in := range []cborRecord{
		{ID: cborSample, Ref: uuid.NullUUID{UUID: v, Valid: true}, Ptr: &v},
		{ID: cborSample},
		{ID: uuid.Nil(), Ref: uuid.NullUUID{Valid: true}, Ptr: new(uuid.UUID)},
	} {
		data, err := cbor.Marshal(in)
		if err != nil {
			t.Fatalf("cbor.Marshal(%+v): %v", in, err)
		}
		// Fields through the library's generic decoder: tag 37 or nil.
		var m map[string]any
		if err := cbor.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		if tag, ok := m["id"].(cbor.Tag); !ok || tag.Number != 37 {
			t.Errorf("field id = %#v; want tag 37", m["id"])
		}
		if !in.Ref.Valid && m["ref"] != nil {
			t.Errorf("null field ref = %#v; want nil", m["ref"])
		}
		out := cborRecord{ID: w, Ref: uuid.NullUUID{UUID: w, Valid: true}, Ptr: &w}
		if err := cbor.Unmarshal(data, &out); err != nil {
			t.Fatalf("cbor.Unmarshal(%x): %v", data, err)
		}
		if out.ID != in.ID || out.Ref != in.Ref || (out.Ptr == nil) != (in.Ptr == nil) ||
			(out.Ptr != nil && *out.Ptr != *in.Ptr) {
			t.Errorf("round trip gave %+v; want %+v", out, in)
		}
	}
}

// TestCBORErrorsThroughLibrary: the library hands back the method's
// error, so errors.Is sees its kind.
func TestCBORErrorsThroughLibrary(t *testing.T) {
	text, _ := cbor.Marshal(cborSample.String())
	other, _ := cbor.Marshal(cbor.Tag{Number: 64, Content: cborSample[:]})
	short, _ := cbor.Marshal(cbor.Tag{Number: 37, Content: cborSample[:15]})
	for _, tt := range []struct {
		name string
		data []byte
		kind error
	}{
		{"text", text, uuid.ErrEncoding},
		{"tag64", other, uuid.ErrEncoding},
		{"short", short, uuid.ErrLength},
		{"null", []byte{0xf6}, uuid.ErrEncoding},
	} {
		var u uuid.UUID
		if err := cbor.Unmarshal(tt.data, &u); !errors.Is(err, tt.kind) {
			t.Errorf("%s: cbor.Unmarshal(%x) = %v; want an error matching %v", tt.name, tt.data, err, tt.kind)
		}
	}
}
