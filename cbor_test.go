package uuid_test

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

// cat joins byte slices, to build CBOR items by hand.
func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

func TestMarshalCBOR(t *testing.T) {
	for _, u := range []uuid.UUID{uuid.UUID(seq16), uuid.Nil(), uuid.Max()} {
		want := cat([]byte{0xd8, 0x25, 0x50}, u[:]) // tag 37, byte string of 16
		got, err := u.MarshalCBOR()
		if !bytes.Equal(got, want) || err != nil {
			t.Fatalf("%v.MarshalCBOR() = %x, %v; want %x", u, got, err, want)
		}
		got, err = uuid.NullUUID{UUID: u, Valid: true}.MarshalCBOR()
		if !bytes.Equal(got, want) || err != nil {
			t.Fatalf("NullUUID{%v}.MarshalCBOR() = %x, %v; want %x", u, got, err, want)
		}
	}
	got, err := uuid.NullUUID{UUID: uuid.UUID(seq16)}.MarshalCBOR()
	if !bytes.Equal(got, []byte{0xf6}) || err != nil {
		t.Fatalf("NullUUID{Valid: false}.MarshalCBOR() = %x, %v; want f6", got, err)
	}
	a, _ := uuid.UUID(seq16).MarshalCBOR()
	b, _ := uuid.UUID(seq16).MarshalCBOR()
	a[3] = 0xff
	if b[3] != 0 {
		t.Fatalf("two MarshalCBOR calls share their result")
	}
}

func TestUnmarshalCBOR(t *testing.T) {
	tests := []struct {
		name string
		data []byte
	}{
		{"tag37", cat([]byte{0xd8, 0x25, 0x50}, seq16)},
		// Untagged: how fxamacker/cbor writes a [16]byte with MarshalBinary.
		{"untagged", cat([]byte{0x50}, seq16)},
		// Longer heads than needed are well-formed CBOR (RFC 8949, Section 3).
		{"tag2byte", cat([]byte{0xd9, 0x00, 0x25, 0x50}, seq16)},
		{"tag8byte", cat([]byte{0xdb, 0, 0, 0, 0, 0, 0, 0, 0x25, 0x50}, seq16)},
		{"len1byte", cat([]byte{0xd8, 0x25, 0x58, 0x10}, seq16)},
		{"len4byte", cat([]byte{0xd8, 0x25, 0x5a, 0, 0, 0, 0x10}, seq16)},
		// Indefinite length: chunks up to a break (RFC 8949, Section 3.2.3).
		{"chunks", cat([]byte{0xd8, 0x25, 0x5f, 0x45}, seq16[:5], []byte{0x40, 0x4b}, seq16[5:], []byte{0xff})},
		{"untaggedChunks", cat([]byte{0x5f, 0x50}, seq16, []byte{0xff})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var u uuid.UUID
			if err := u.UnmarshalCBOR(tt.data); err != nil || u != uuid.UUID(seq16) {
				t.Fatalf("UnmarshalCBOR(%x) = %v, %v; want %x", tt.data, u, err, seq16)
			}
			var n uuid.NullUUID
			if err := n.UnmarshalCBOR(tt.data); err != nil || n != (uuid.NullUUID{UUID: uuid.UUID(seq16), Valid: true}) {
				t.Fatalf("NullUUID.UnmarshalCBOR(%x) = %+v, %v; want valid %x", tt.data, n, err, seq16)
			}
		})
	}
	for _, null := range []byte{0xf6, 0xf7} {
		n := uuid.NullUUID{UUID: uuid.UUID(seq16), Valid: true}
		if err := n.UnmarshalCBOR([]byte{null}); err != nil || n != (uuid.NullUUID{}) {
			t.Fatalf("NullUUID.UnmarshalCBOR(%x) = %+v, %v; want null", null, n, err)
		}
	}
}

// TestNullUUIDCBOROtherLibraries checks the items github.com/fxamacker/cbor
// writes for the NullUUID of github.com/google/uuid (its MarshalBinary: 16
// bytes, or none for null) and of github.com/gofrs/uuid (a struct: the map
// {"UUID": <16 bytes>, "Valid": <bool>}).
func TestNullUUIDCBOROtherLibraries(t *testing.T) {
	valid := uuid.NullUUID{UUID: uuid.UUID(seq16), Valid: true}
	key := func(s string) []byte { return cat([]byte{0x60 | byte(len(s))}, []byte(s)) }
	bstr := cat([]byte{0x50}, seq16)
	tests := []struct {
		name string
		data []byte
		want uuid.NullUUID
	}{
		{"googleNull", []byte{0x40}, uuid.NullUUID{}},
		{"googleValid", bstr, valid},
		{"gofrsValid", cat([]byte{0xa2}, key("UUID"), bstr, key("Valid"), []byte{0xf5}), valid},
		{"gofrsValidOtherOrder", cat([]byte{0xa2}, key("Valid"), []byte{0xf5}, key("UUID"), bstr), valid},
		{"gofrsValidTagged", cat([]byte{0xa2}, key("UUID"), []byte{0xd8, 0x25}, bstr, key("Valid"), []byte{0xf5}), valid},
		{"gofrsNull", cat([]byte{0xa2}, key("UUID"), []byte{0x50}, make([]byte, 16), key("Valid"), []byte{0xf4}), uuid.NullUUID{}},
		{"gofrsNullKeepsBytes", cat([]byte{0xa2}, key("UUID"), bstr, key("Valid"), []byte{0xf4}), uuid.NullUUID{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := uuid.NullUUID{UUID: uuid.Max(), Valid: true}
			if err := n.UnmarshalCBOR(tt.data); err != nil || n != tt.want {
				t.Fatalf("NullUUID.UnmarshalCBOR(%x) = %+v, %v; want %+v", tt.data, n, err, tt.want)
			}
		})
	}
	errTests := []struct {
		name string
		data []byte
		kind error
	}{
		{"oneEntry", cat([]byte{0xa1}, key("UUID"), bstr), uuid.ErrEncoding},
		{"indefiniteMap", cat([]byte{0xbf}, key("UUID"), bstr, key("Valid"), []byte{0xf5, 0xff}), uuid.ErrEncoding},
		{"otherKey", cat([]byte{0xa2}, key("UUID"), bstr, key("Other"), []byte{0xf5}), uuid.ErrEncoding},
		{"sameKeyTwice", cat([]byte{0xa2}, key("UUID"), bstr, key("UUID"), bstr), uuid.ErrEncoding},
		{"validNotBool", cat([]byte{0xa2}, key("UUID"), bstr, key("Valid"), []byte{0xf6}), uuid.ErrEncoding},
		{"validNumber", cat([]byte{0xa2}, key("UUID"), bstr, key("Valid"), []byte{0x01}), uuid.ErrEncoding},
		{"uuidShort", cat([]byte{0xa2}, key("UUID"), []byte{0x4f}, seq16[:15], key("Valid"), []byte{0xf5}), uuid.ErrLength},
		{"uuidText", cat([]byte{0xa2}, key("UUID"), key("x"), key("Valid"), []byte{0xf5}), uuid.ErrEncoding},
		{"intKey", cat([]byte{0xa2, 0x01}, bstr, key("Valid"), []byte{0xf5}), uuid.ErrEncoding},
		{"cut", cat([]byte{0xa2}, key("UUID"), bstr[:10]), uuid.ErrEncoding},
		{"trailing", cat([]byte{0xa2}, key("UUID"), bstr, key("Valid"), []byte{0xf5, 0x00}), uuid.ErrEncoding},
		{"emptyTagged", []byte{0xd8, 0x25, 0x40}, uuid.ErrLength},
	}
	for _, tt := range errTests {
		t.Run(tt.name, func(t *testing.T) {
			n := uuid.NullUUID{UUID: uuid.Max(), Valid: true}
			err := n.UnmarshalCBOR(tt.data)
			if !errors.Is(err, tt.kind) || n != (uuid.NullUUID{}) {
				t.Fatalf("NullUUID.UnmarshalCBOR(%x) = %+v, %v; want null and an error matching %v", tt.data, n, err, tt.kind)
			}
			var u uuid.UUID
			if err := u.UnmarshalCBOR(tt.data); err == nil {
				t.Errorf("UnmarshalCBOR(%x) succeeded", tt.data)
			}
		})
	}
}

func TestUnmarshalCBORErrors(t *testing.T) {
	valid := cat([]byte{0xd8, 0x25, 0x50}, seq16)
	tests := []struct {
		name string
		data []byte
		kind error
		msg  string
	}{
		{"short15", cat([]byte{0xd8, 0x25, 0x4f}, seq16[:15]), uuid.ErrLength, "uuid: CBOR byte string of 15 bytes"},
		{"long17", cat([]byte{0xd8, 0x25, 0x51}, seq16, []byte{16}), uuid.ErrLength, "uuid: CBOR byte string of 17 bytes"},
		{"untagged15", cat([]byte{0x4f}, seq16[:15]), uuid.ErrLength, "uuid: CBOR byte string of 15 bytes"},
		{"empty", []byte{0xd8, 0x25, 0x40}, uuid.ErrLength, "uuid: CBOR byte string of 0 bytes"},
		{"chunks17", cat([]byte{0x5f, 0x50}, seq16, []byte{0x41, 0, 0xff}), uuid.ErrLength, "uuid: CBOR byte string of 17 bytes"},
		{"chunks15", cat([]byte{0x5f, 0x4f}, seq16[:15], []byte{0xff}), uuid.ErrLength, "uuid: CBOR byte string of 15 bytes"},
		{"otherTag", cat([]byte{0xd8, 0x40, 0x50}, seq16), uuid.ErrEncoding, "uuid: CBOR tag 64 is not 37 (UUID)"},
		{"tag37Text", cat([]byte{0xd8, 0x25, 0x78, 0x24}, []byte("00010203-0405-0607-0809-0a0b0c0d0e0f")), uuid.ErrEncoding, "uuid: CBOR major type 3 is not a byte string"},
		{"text", cat([]byte{0x78, 0x24}, []byte("00010203-0405-0607-0809-0a0b0c0d0e0f")), uuid.ErrEncoding, "uuid: CBOR major type 3 is not a byte string"},
		{"array", []byte{0x80}, uuid.ErrEncoding, "uuid: CBOR major type 4 is not a byte string"},
		{"tag37Tag37", cat([]byte{0xd8, 0x25, 0xd8, 0x25, 0x50}, seq16), uuid.ErrEncoding, "uuid: CBOR major type 6 is not a byte string"},
		{"null", []byte{0xf6}, uuid.ErrEncoding, "uuid: CBOR null is not a UUID"},
		{"undefined", []byte{0xf7}, uuid.ErrEncoding, "uuid: CBOR null is not a UUID"},
		{"tag37Null", []byte{0xd8, 0x25, 0xf6}, uuid.ErrEncoding, "uuid: CBOR null is not a UUID"},
		{"nothing", nil, uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"tagOnly", []byte{0xd8, 0x25}, uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"cutHead", []byte{0xd8}, uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"reservedInfo", cat([]byte{0x5c}, seq16), uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"cut", valid[:18], uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"hugeLength", cat([]byte{0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, seq16), uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"trailing", cat(valid, []byte{0}), uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"noBreak", cat([]byte{0x5f, 0x50}, seq16), uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"textChunk", cat([]byte{0x5f, 0x70}, seq16, []byte{0xff}), uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"nestedIndefinite", cat([]byte{0x5f, 0x5f, 0x50}, seq16, []byte{0xff, 0xff}), uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"afterBreak", cat([]byte{0x5f, 0x50}, seq16, []byte{0xff, 0xff}), uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
		{"cutChunk", cat([]byte{0x5f, 0x50}, seq16[:8]), uuid.ErrEncoding, "uuid: malformed CBOR UUID"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := uuid.UUID(seq16)
			err := u.UnmarshalCBOR(tt.data)
			if !errors.Is(err, tt.kind) || err.Error() != tt.msg {
				t.Fatalf("UnmarshalCBOR(%x) = %v; want %q matching %v", tt.data, err, tt.msg, tt.kind)
			}
			if other := map[error]error{uuid.ErrLength: uuid.ErrEncoding, uuid.ErrEncoding: uuid.ErrLength}[tt.kind]; errors.Is(err, other) {
				t.Errorf("error %v also matches %v", err, other)
			}
			if u != uuid.UUID(seq16) {
				t.Errorf("UnmarshalCBOR changed its receiver on failure: %v", u)
			}
			if tt.name == "null" || tt.name == "undefined" {
				return // NullUUID accepts them
			}
			n := uuid.NullUUID{UUID: uuid.UUID(seq16), Valid: true}
			err = n.UnmarshalCBOR(tt.data)
			if !errors.Is(err, tt.kind) || n != (uuid.NullUUID{}) {
				t.Fatalf("NullUUID.UnmarshalCBOR(%x) = %+v, %v; want null, an error matching %v", tt.data, n, err, tt.kind)
			}
		})
	}
}

func TestCBORAllocs(t *testing.T) {
	u := uuid.UUID(seq16)
	data, _ := u.MarshalCBOR()
	var dst uuid.UUID
	var n uuid.NullUUID
	null := []byte{0xf6}
	tests := []struct {
		name string
		f    func()
		want float64
	}{
		{"MarshalCBOR", func() { wireSink, _ = u.MarshalCBOR() }, 1},
		{"UnmarshalCBOR", func() { _ = dst.UnmarshalCBOR(data) }, 0},
		{"NullUUID.MarshalCBOR/null", func() { wireSink, _ = uuid.NullUUID{}.MarshalCBOR() }, 1},
		{"NullUUID.UnmarshalCBOR", func() { _ = n.UnmarshalCBOR(data) }, 0},
		{"NullUUID.UnmarshalCBOR/null", func() { _ = n.UnmarshalCBOR(null) }, 0},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, tt.f); got != tt.want {
			t.Errorf("%s: %v allocations; want %v", tt.name, got, tt.want)
		}
	}
}

// refHead is a plain reading of a CBOR head (RFC 8949, Section 3): the
// major type, then the argument in the next 1, 2, 4 or 8 bytes for
// additional information 24 to 27; 31 is indefinite length.
func refHead(b []byte) (major int, arg uint64, indefinite bool, rest []byte, ok bool) {
	if len(b) == 0 {
		return 0, 0, false, nil, false
	}
	major, info := int(b[0]>>5), int(b[0]&31)
	b = b[1:]
	switch {
	case info < 24:
		return major, uint64(info), false, b, true
	case info == 31:
		return major, 0, true, b, true
	case info > 27:
		return 0, 0, false, nil, false
	}
	n := 1 << (info - 24)
	if len(b) < n {
		return 0, 0, false, nil, false
	}
	for _, c := range b[:n] {
		arg = arg<<8 | uint64(c)
	}
	return major, arg, false, b[n:], true
}

// refCBORBytes is a plain reference for what UnmarshalCBOR reads: an
// optional tag 37, then one byte string, definite or in chunks, and
// nothing after it. ok is false for anything else.
func refCBORBytes(data []byte) (content []byte, ok bool) {
	major, arg, indef, rest, ok := refHead(data)
	if ok && major == 6 && !indef && arg == 37 {
		major, arg, indef, rest, ok = refHead(rest)
	}
	if !ok || major != 2 {
		return nil, false
	}
	if !indef {
		if uint64(len(rest)) != arg {
			return nil, false
		}
		return rest, true
	}
	content = []byte{}
	for {
		if len(rest) > 0 && rest[0] == 0xff {
			return content, len(rest) == 1
		}
		var m int
		var n uint64
		var chunkIndef bool
		m, n, chunkIndef, rest, ok = refHead(rest)
		if !ok || m != 2 || chunkIndef || uint64(len(rest)) < n {
			return nil, false
		}
		content = append(content, rest[:n]...)
		rest = rest[n:]
	}
}

// FuzzUnmarshalCBOR checks UnmarshalCBOR against refCBORBytes: it
// succeeds exactly when the reference finds 16 bytes, which become the
// UUID and marshal back to tag 37 around them; a byte string of another
// length is ErrLength and all else ErrEncoding; a failure leaves the
// receiver alone; NullUUID agrees, and also takes null and undefined.
func FuzzUnmarshalCBOR(f *testing.F) {
	f.Add(cat([]byte{0xd8, 0x25, 0x50}, seq16))                                                                      // the UUID form
	f.Add(cat([]byte{0x50}, seq16))                                                                                  // untagged
	f.Add(cat([]byte{0xd9, 0x00, 0x25, 0x58, 0x10}, seq16))                                                          // long heads
	f.Add(cat([]byte{0x5f, 0x48}, seq16[:8], []byte{0x48}, seq16[8:], []byte{0xff}))                                 // chunks
	f.Add(cat([]byte{0xd8, 0x25, 0x4f}, seq16[:15]))                                                                 // short
	f.Add(cat([]byte{0xd8, 0x26, 0x50}, seq16))                                                                      // tag 38
	f.Add([]byte{0xf6})                                                                                              // null
	f.Add([]byte{0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0})                                              // huge length
	f.Add([]byte{0x40})                                                                                              // google/uuid's null NullUUID
	f.Add(cat([]byte{0xa2, 0x64}, []byte("UUID"), []byte{0x50}, seq16, []byte{0x65}, []byte("Valid"), []byte{0xf5})) // gofrs/uuid's NullUUID
	f.Fuzz(func(t *testing.T, data []byte) {
		content, wellFormed := refCBORBytes(data)
		u := uuid.UUID(seq16)
		err := u.UnmarshalCBOR(data)
		switch {
		case wellFormed && len(content) == 16:
			if err != nil || !bytes.Equal(u[:], content) {
				t.Fatalf("UnmarshalCBOR(%x) = %v, %v; want %x", data, u, err, content)
			}
			again, _ := u.MarshalCBOR()
			if !bytes.Equal(again, cat([]byte{0xd8, 0x25, 0x50}, content)) {
				t.Fatalf("MarshalCBOR after UnmarshalCBOR(%x) = %x", data, again)
			}
		case wellFormed:
			if !errors.Is(err, uuid.ErrLength) || errors.Is(err, uuid.ErrEncoding) {
				t.Fatalf("UnmarshalCBOR(%x) = %v; want an error matching only ErrLength", data, err)
			}
		default:
			if !errors.Is(err, uuid.ErrEncoding) || errors.Is(err, uuid.ErrLength) {
				t.Fatalf("UnmarshalCBOR(%x) = %v; want an error matching only ErrEncoding", data, err)
			}
		}
		if err != nil && (u != uuid.UUID(seq16) || !strings.HasPrefix(err.Error(), "uuid: ")) {
			t.Fatalf("UnmarshalCBOR(%x) failed with %q and left %v", data, err, u)
		}

		n := uuid.NullUUID{UUID: uuid.UUID(seq16), Valid: true}
		nerr := n.UnmarshalCBOR(data)
		if bytes.Equal(data, []byte{0xf6}) || bytes.Equal(data, []byte{0xf7}) || bytes.Equal(data, []byte{0x40}) {
			if nerr != nil || n != (uuid.NullUUID{}) {
				t.Fatalf("NullUUID.UnmarshalCBOR(%x) = %+v, %v", data, n, nerr)
			}
			return
		}
		if len(data) > 0 && data[0]>>5 == 5 { // a map: another library's NullUUID, which a UUID rejects
			if nerr != nil && (n != (uuid.NullUUID{}) || !strings.HasPrefix(nerr.Error(), "uuid: ")) {
				t.Fatalf("NullUUID.UnmarshalCBOR(%x) failed with %q and left %+v", data, nerr, n)
			}
			return
		}
		if (err == nil) != (nerr == nil) || (err == nil && n != (uuid.NullUUID{UUID: u, Valid: true})) || (err != nil && n != (uuid.NullUUID{})) {
			t.Fatalf("NullUUID.UnmarshalCBOR(%x) = %+v, %v; UUID gave %v, %v", data, n, nerr, u, err)
		}
	})
}

// github.com/fxamacker/cbor/v2 writes github.com/google/uuid's null NullUUID
// as an empty byte string, and github.com/gofrs/uuid's NullUUID as a map of
// its two fields. Both read here, as the package passes them to this method.
func ExampleNullUUID_UnmarshalCBOR() {
	var n uuid.NullUUID
	err := n.UnmarshalCBOR([]byte{0x40})
	fmt.Println(n.Valid, err)

	id := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	m := append([]byte{0xa2, 0x64, 'U', 'U', 'I', 'D', 0x50}, id[:]...)
	m = append(m, 0x65, 'V', 'a', 'l', 'i', 'd', 0xf5)
	err = n.UnmarshalCBOR(m)
	fmt.Println(n.UUID, n.Valid, err)
	// Output:
	// false <nil>
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 true <nil>
}
