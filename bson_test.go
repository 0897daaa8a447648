package uuid_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

// bsonBinary builds a BSON binary value by hand: a little-endian int32
// length, the subtype and the bytes.
func bsonBinary(subtype byte, b []byte) []byte {
	n := len(b)
	return append([]byte{byte(n), byte(n >> 8), byte(n >> 16), byte(n >> 24), subtype}, b...)
}

// seq16 is the bytes 00 01 … 0f, a UUID whose every byte differs, so any
// reordering shows.
var seq16 = []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

func TestMarshalBSONValue(t *testing.T) {
	tests := []struct {
		name     string
		u        uuid.UUID
		wantData []byte
	}{
		{"seq", uuid.UUID(seq16), bsonBinary(4, seq16)},
		{"nil", uuid.Nil(), bsonBinary(4, make([]byte, 16))},
		// The bson-corpus case "subtype 0x04 UUID": the document
		// 1D000000 05 7800 10000000 04 73FFD26444B34C6990E8E7D1DFC035D4 00.
		{"corpus", uuid.MustParse("73ffd264-44b3-4c69-90e8-e7d1dfc035d4"),
			[]byte{0x10, 0, 0, 0, 0x04, 0x73, 0xff, 0xd2, 0x64, 0x44, 0xb3, 0x4c, 0x69, 0x90, 0xe8, 0xe7, 0xd1, 0xdf, 0xc0, 0x35, 0xd4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			typ, data, err := tt.u.MarshalBSONValue()
			if typ != 0x05 || !bytes.Equal(data, tt.wantData) || err != nil {
				t.Fatalf("MarshalBSONValue() = %#x, %x, %v; want 0x05, %x, nil", typ, data, err, tt.wantData)
			}
			var got uuid.UUID
			if err := got.UnmarshalBSONValue(typ, data); err != nil || got != tt.u {
				t.Fatalf("UnmarshalBSONValue(%#x, %x) = %v, %v; want %v", typ, data, got, err, tt.u)
			}
			typ, data, err = uuid.NullUUID{UUID: tt.u, Valid: true}.MarshalBSONValue()
			if typ != 0x05 || !bytes.Equal(data, tt.wantData) || err != nil {
				t.Fatalf("NullUUID.MarshalBSONValue() = %#x, %x, %v; want 0x05, %x, nil", typ, data, err, tt.wantData)
			}
			n := uuid.NullUUID{}
			if err := n.UnmarshalBSONValue(typ, data); err != nil || n != (uuid.NullUUID{UUID: tt.u, Valid: true}) {
				t.Fatalf("NullUUID.UnmarshalBSONValue(%#x, %x) = %+v, %v; want valid %v", typ, data, n, err, tt.u)
			}
		})
	}
}

// TestMarshalBSONValueFresh checks that each call returns a slice of its
// own: a caller may keep or change it.
func TestMarshalBSONValueFresh(t *testing.T) {
	u := uuid.UUID(seq16)
	_, a, _ := u.MarshalBSONValue()
	_, b, _ := u.MarshalBSONValue()
	a[5] = 0xff
	if b[5] != 0 {
		t.Fatalf("two MarshalBSONValue calls share their result")
	}
}

func TestNullUUIDBSONNull(t *testing.T) {
	typ, data, err := uuid.NullUUID{UUID: uuid.UUID(seq16)}.MarshalBSONValue()
	if typ != 0x0a || data != nil || err != nil {
		t.Fatalf("NullUUID{Valid: false}.MarshalBSONValue() = %#x, %x, %v; want 0x0a, nil, nil", typ, data, err)
	}
	n := uuid.NullUUID{UUID: uuid.UUID(seq16), Valid: true}
	if err := n.UnmarshalBSONValue(0x0a, nil); err != nil || n != (uuid.NullUUID{}) {
		t.Fatalf("UnmarshalBSONValue(0x0a, nil) = %+v, %v; want null", n, err)
	}
}

// bsonDoc builds a BSON document from elements, each a type byte, a name
// and the value's bytes.
func bsonDoc(elems ...[]byte) []byte {
	var body []byte
	for _, e := range elems {
		body = append(body, e...)
	}
	n := 4 + len(body) + 1
	return append(append([]byte{byte(n), byte(n >> 8), byte(n >> 16), byte(n >> 24)}, body...), 0)
}

// bsonElem is one element of a document.
func bsonElem(typ byte, name string, value []byte) []byte {
	return append(append([]byte{typ}, name+"\x00"...), value...)
}

// TestUnmarshalBSONValueOtherLibraries checks the values the MongoDB Go
// driver writes for github.com/google/uuid and github.com/gofrs/uuid: a
// UUID is a [16]byte, which the driver writes as binary subtype 0, and
// their NullUUID is a struct, written as the document {uuid, valid}.
func TestUnmarshalBSONValueOtherLibraries(t *testing.T) {
	u := uuid.UUID(seq16)
	valid := uuid.NullUUID{UUID: u, Valid: true}
	tests := []struct {
		name string
		typ  byte
		data []byte
		want uuid.NullUUID
		uuid bool // whether a UUID reads it too
	}{
		{"subtype0", 0x05, bsonBinary(0, seq16), valid, true},
		{"docValid", 0x03, bsonDoc(bsonElem(0x05, "uuid", bsonBinary(0, seq16)), bsonElem(0x08, "valid", []byte{1})), valid, false},
		{"docValidFirst", 0x03, bsonDoc(bsonElem(0x08, "valid", []byte{1}), bsonElem(0x05, "uuid", bsonBinary(4, seq16))), valid, false},
		{"docNull", 0x03, bsonDoc(bsonElem(0x05, "uuid", bsonBinary(0, make([]byte, 16))), bsonElem(0x08, "valid", []byte{0})), uuid.NullUUID{}, false},
		{"docNullKeepsBytes", 0x03, bsonDoc(bsonElem(0x05, "uuid", bsonBinary(0, seq16)), bsonElem(0x08, "valid", []byte{0})), uuid.NullUUID{}, false},
		{"docNullNoUUID", 0x03, bsonDoc(bsonElem(0x08, "valid", []byte{0})), uuid.NullUUID{}, false},
		{"docNullUUIDNull", 0x03, bsonDoc(bsonElem(0x0a, "uuid", nil), bsonElem(0x08, "valid", []byte{0})), uuid.NullUUID{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := uuid.NullUUID{UUID: uuid.Max(), Valid: true}
			if err := n.UnmarshalBSONValue(tt.typ, tt.data); err != nil || n != tt.want {
				t.Errorf("NullUUID.UnmarshalBSONValue(%#x, %x) = %+v, %v; want %+v", tt.typ, tt.data, n, err, tt.want)
			}
			var got uuid.UUID
			err := got.UnmarshalBSONValue(tt.typ, tt.data)
			if tt.uuid && (err != nil || got != tt.want.UUID) {
				t.Errorf("UnmarshalBSONValue(%#x, %x) = %v, %v; want %v", tt.typ, tt.data, got, err, tt.want.UUID)
			}
			if !tt.uuid && !errors.Is(err, uuid.ErrEncoding) {
				t.Errorf("UnmarshalBSONValue(%#x, %x) = %v; want an error matching ErrEncoding", tt.typ, tt.data, err)
			}
		})
	}
}

// TestUnmarshalBSONValueDocErrors checks documents that are not a NullUUID.
func TestUnmarshalBSONValueDocErrors(t *testing.T) {
	uuidElem := bsonElem(0x05, "uuid", bsonBinary(0, seq16))
	validElem := bsonElem(0x08, "valid", []byte{1})
	good := bsonDoc(uuidElem, validElem)
	tests := []struct {
		name string
		data []byte
		kind error
		msg  string
	}{
		{"empty", bsonDoc(), uuid.ErrEncoding, "uuid: BSON document without a valid field"},
		{"noValid", bsonDoc(uuidElem), uuid.ErrEncoding, "uuid: BSON document without a valid field"},
		{"noUUID", bsonDoc(validElem), uuid.ErrEncoding, "uuid: BSON document without a uuid field"},
		{"uuidNull", bsonDoc(bsonElem(0x0a, "uuid", nil), validElem), uuid.ErrEncoding, "uuid: BSON null is not a UUID"},
		{"uuidShort", bsonDoc(bsonElem(0x05, "uuid", bsonBinary(0, seq16[:15])), validElem), uuid.ErrLength, "uuid: BSON UUID of 15 bytes"},
		{"uuidSubtype3", bsonDoc(bsonElem(0x05, "uuid", bsonBinary(3, seq16)), validElem), uuid.ErrEncoding, "uuid: BSON binary subtype 0x03 is not 0x04 (UUID) or 0x00"},
		{"otherField", bsonDoc(uuidElem, validElem, bsonElem(0x08, "x", []byte{1})), uuid.ErrEncoding, `uuid: BSON document field "x" is not uuid or valid`},
		{"twice", bsonDoc(uuidElem, validElem, validElem), uuid.ErrEncoding, `uuid: BSON document field "valid" is not uuid or valid`},
		{"validNotBool", bsonDoc(uuidElem, bsonElem(0x05, "valid", bsonBinary(0, nil))), uuid.ErrEncoding, `uuid: BSON document field "valid" is not uuid or valid`},
		{"otherType", bsonDoc(bsonElem(0x10, "valid", []byte{1, 0, 0, 0})), uuid.ErrEncoding, `uuid: BSON document field "valid" of type 0x10`},
		{"boolTwo", bsonDoc(uuidElem, bsonElem(0x08, "valid", []byte{2})), uuid.ErrEncoding, "uuid: malformed BSON document"},
		{"cut", good[:len(good)-3], uuid.ErrEncoding, "uuid: malformed BSON document"},
		{"noNUL", append(good[:len(good)-1:len(good)-1], 1), uuid.ErrEncoding, "uuid: malformed BSON document"},
		{"nameUnterminated", bsonDoc([]byte{0x08, 'v', 'a'}), uuid.ErrEncoding, "uuid: malformed BSON document"},
		{"binaryCut", bsonDoc([]byte{0x05, 'u', 0, 16, 0, 0, 0, 0, 1}), uuid.ErrEncoding, "uuid: malformed BSON document"},
		{"nothing", nil, uuid.ErrEncoding, "uuid: malformed BSON document"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := uuid.NullUUID{UUID: uuid.Max(), Valid: true}
			err := n.UnmarshalBSONValue(0x03, tt.data)
			if !errors.Is(err, tt.kind) || err.Error() != tt.msg || n != (uuid.NullUUID{}) {
				t.Fatalf("NullUUID.UnmarshalBSONValue(0x03, %x) = %+v, %v; want null, %q matching %v", tt.data, n, err, tt.msg, tt.kind)
			}
		})
	}
}

func TestUnmarshalBSONValueErrors(t *testing.T) {
	valid := bsonBinary(4, seq16)
	tests := []struct {
		name string
		typ  byte
		data []byte
		kind error
		msg  string
	}{
		{"short15", 0x05, bsonBinary(4, seq16[:15]), uuid.ErrLength, "uuid: BSON UUID of 15 bytes"},
		{"long17", 0x05, bsonBinary(4, append(seq16[:16:16], 16)), uuid.ErrLength, "uuid: BSON UUID of 17 bytes"},
		{"empty", 0x05, bsonBinary(4, nil), uuid.ErrLength, "uuid: BSON UUID of 0 bytes"},
		// Legacy subtype 3: its byte order depends on the driver that wrote it.
		{"subtype3", 0x05, bsonBinary(3, seq16), uuid.ErrEncoding, "uuid: BSON binary subtype 0x03 is not 0x04 (UUID) or 0x00"},
		{"subtype2", 0x05, bsonBinary(2, seq16), uuid.ErrEncoding, "uuid: BSON binary subtype 0x02 is not 0x04 (UUID) or 0x00"},
		{"subtype0short", 0x05, bsonBinary(0, seq16[:4]), uuid.ErrLength, "uuid: BSON UUID of 4 bytes"},
		{"string", 0x02, []byte("\x25\x00\x00\x0000010203-0405-0607-0809-0a0b0c0d0e0f\x00"), uuid.ErrEncoding, "uuid: BSON type 0x02 is not binary"},
		{"null", 0x0a, nil, uuid.ErrEncoding, "uuid: BSON null is not a UUID"},
		{"nullWithData", 0x0a, []byte{0}, uuid.ErrEncoding, "uuid: malformed BSON null"},
		{"noData", 0x05, nil, uuid.ErrEncoding, "uuid: malformed BSON binary value"},
		{"noSubtype", 0x05, valid[:4], uuid.ErrEncoding, "uuid: malformed BSON binary value"},
		{"cut", 0x05, valid[:20], uuid.ErrEncoding, "uuid: malformed BSON binary value"},
		{"trailing", 0x05, append(valid[:21:21], 0), uuid.ErrEncoding, "uuid: malformed BSON binary value"},
		{"negativeLength", 0x05, append([]byte{0xf0, 0xff, 0xff, 0xff, 4}, seq16...), uuid.ErrEncoding, "uuid: malformed BSON binary value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := uuid.UUID(seq16)
			err := u.UnmarshalBSONValue(tt.typ, tt.data)
			if !errors.Is(err, tt.kind) || err.Error() != tt.msg {
				t.Fatalf("UnmarshalBSONValue(%#x, %x) = %v; want %q matching %v", tt.typ, tt.data, err, tt.msg, tt.kind)
			}
			if other := map[error]error{uuid.ErrLength: uuid.ErrEncoding, uuid.ErrEncoding: uuid.ErrLength}[tt.kind]; errors.Is(err, other) {
				t.Errorf("error %v also matches %v", err, other)
			}
			if u != uuid.UUID(seq16) {
				t.Errorf("UnmarshalBSONValue changed its receiver on failure: %v", u)
			}
			if tt.name == "null" {
				return // NullUUID accepts null
			}
			n := uuid.NullUUID{UUID: uuid.UUID(seq16), Valid: true}
			err = n.UnmarshalBSONValue(tt.typ, tt.data)
			if !errors.Is(err, tt.kind) || n != (uuid.NullUUID{}) {
				t.Fatalf("NullUUID.UnmarshalBSONValue(%#x, %x) = %+v, %v; want null, an error matching %v", tt.typ, tt.data, n, err, tt.kind)
			}
		})
	}
}

// wireSink keeps a result alive, so that the count is that of a call
// through the driver's interface, where the slice escapes.
var wireSink []byte

func TestBSONAllocs(t *testing.T) {
	u := uuid.UUID(seq16)
	_, data, _ := u.MarshalBSONValue()
	var dst uuid.UUID
	var n uuid.NullUUID
	tests := []struct {
		name string
		f    func()
		want float64
	}{
		// The result escapes, as it does through an interface call.
		{"MarshalBSONValue", func() { _, wireSink, _ = u.MarshalBSONValue() }, 1},
		{"UnmarshalBSONValue", func() { _ = dst.UnmarshalBSONValue(0x05, data) }, 0},
		{"NullUUID.MarshalBSONValue/null", func() { _, _, _ = uuid.NullUUID{}.MarshalBSONValue() }, 0},
		{"NullUUID.UnmarshalBSONValue", func() { _ = n.UnmarshalBSONValue(0x05, data) }, 0},
		{"NullUUID.UnmarshalBSONValue/null", func() { _ = n.UnmarshalBSONValue(0x0a, nil) }, 0},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, tt.f); got != tt.want {
			t.Errorf("%s: %v allocations; want %v", tt.name, got, tt.want)
		}
	}
}

// FuzzUnmarshalBSONValue checks UnmarshalBSONValue against the whole
// rule, written out: it accepts exactly type 0x05 with data 10 00 00 00
// 04 (or 00) and 16 bytes, which become the UUID; a consistent subtype 4
// or 0 value of another length is ErrLength; everything else ErrEncoding;
// a failure leaves the receiver alone; NullUUID agrees, and also takes
// null and the {uuid, valid} document.
func FuzzUnmarshalBSONValue(f *testing.F) {
	f.Add(byte(0x05), bsonBinary(4, seq16))                                                                      // the UUID form
	f.Add(byte(0x05), bsonBinary(4, seq16[:15]))                                                                 // short
	f.Add(byte(0x05), bsonBinary(3, seq16))                                                                      // legacy subtype
	f.Add(byte(0x05), bsonBinary(4, seq16)[:20])                                                                 // cut
	f.Add(byte(0x0a), []byte{})                                                                                  // null
	f.Add(byte(0x02), []byte("\x03\x00\x00\x00ab\x00"))                                                          // a string
	f.Add(byte(0x05), append(bsonBinary(4, seq16), 0))                                                           // trailing byte
	f.Add(byte(0x05), []byte{0xff, 0xff, 0xff, 0xff, 4})                                                         // negative length
	f.Add(byte(0x05), bsonBinary(0, seq16))                                                                      // generic binary, as a [16]byte is written
	f.Add(byte(0x03), bsonDoc(bsonElem(0x05, "uuid", bsonBinary(0, seq16)), bsonElem(0x08, "valid", []byte{1}))) // another library's NullUUID
	f.Fuzz(func(t *testing.T, typ byte, data []byte) {
		consistent := len(data) >= 5 && int64(binary.LittleEndian.Uint32(data)) == int64(len(data)-5)
		subtype := len(data) >= 5 && (data[4] == 4 || data[4] == 0)
		valid := typ == 0x05 && len(data) == 21 && bytes.Equal(data[:4], []byte{16, 0, 0, 0}) && subtype
		wrongLength := typ == 0x05 && consistent && subtype && len(data) != 21

		u := uuid.UUID(seq16)
		err := u.UnmarshalBSONValue(typ, data)
		switch {
		case valid:
			if err != nil || !bytes.Equal(u[:], data[5:]) {
				t.Fatalf("UnmarshalBSONValue(%#x, %x) = %v, %v; want %x", typ, data, u, err, data[5:])
			}
			_, again, _ := u.MarshalBSONValue()
			if !bytes.Equal(again[5:], data[5:]) || again[4] != 4 {
				t.Fatalf("MarshalBSONValue after UnmarshalBSONValue(%x) = %x", data, again)
			}
		case wrongLength:
			if !errors.Is(err, uuid.ErrLength) || errors.Is(err, uuid.ErrEncoding) {
				t.Fatalf("UnmarshalBSONValue(%#x, %x) = %v; want an error matching only ErrLength", typ, data, err)
			}
		default:
			if !errors.Is(err, uuid.ErrEncoding) || errors.Is(err, uuid.ErrLength) {
				t.Fatalf("UnmarshalBSONValue(%#x, %x) = %v; want an error matching only ErrEncoding", typ, data, err)
			}
		}
		if err != nil && (u != uuid.UUID(seq16) || !strings.HasPrefix(err.Error(), "uuid: ")) {
			t.Fatalf("UnmarshalBSONValue(%#x, %x) failed with %q and left %v", typ, data, err, u)
		}

		n := uuid.NullUUID{UUID: uuid.UUID(seq16), Valid: true}
		nerr := n.UnmarshalBSONValue(typ, data)
		if typ == 0x0a && len(data) == 0 {
			if nerr != nil || n != (uuid.NullUUID{}) {
				t.Fatalf("NullUUID.UnmarshalBSONValue(null) = %+v, %v", n, nerr)
			}
			return
		}
		if typ == 0x03 { // the {uuid, valid} document, which a UUID rejects
			if nerr != nil && (n != (uuid.NullUUID{}) || !strings.HasPrefix(nerr.Error(), "uuid: ")) {
				t.Fatalf("NullUUID.UnmarshalBSONValue(0x03, %x) failed with %q and left %+v", data, nerr, n)
			}
			return
		}
		if (err == nil) != (nerr == nil) || (err == nil && n != (uuid.NullUUID{UUID: u, Valid: true})) || (err != nil && n != (uuid.NullUUID{})) {
			t.Fatalf("NullUUID.UnmarshalBSONValue(%#x, %x) = %+v, %v; UUID gave %v, %v", typ, data, n, nerr, u, err)
		}
	})
}

// The MongoDB Go driver writes a plain [16]byte, such as github.com/google/uuid's
// UUID, as binary subtype 0, and that package's NullUUID as the document
// {uuid: <binary>, valid: <bool>}. Both read here, as the driver passes
// them to these methods.
func ExampleNullUUID_UnmarshalBSONValue() {
	id := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	subtype0 := append([]byte{16, 0, 0, 0, 0x00}, id[:]...)
	var u uuid.UUID
	err := u.UnmarshalBSONValue(0x05, subtype0)
	fmt.Println(u, err)

	doc := []byte{0x28, 0, 0, 0, 0x05, 'u', 'u', 'i', 'd', 0, 16, 0, 0, 0, 0x00}
	doc = append(doc, id[:]...)
	doc = append(doc, 0x08, 'v', 'a', 'l', 'i', 'd', 0, 1, 0)
	var n uuid.NullUUID
	err = n.UnmarshalBSONValue(0x03, doc)
	fmt.Println(n.UUID, n.Valid, err)
	// Output:
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 <nil>
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 true <nil>
}
