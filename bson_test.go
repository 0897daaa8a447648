package uuid_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"
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
		{"uuidSubtype3", bsonDoc(bsonElem(0x05, "uuid", bsonBinary(3, seq16)), validElem), uuid.ErrEncoding, "uuid: BSON binary subtype 0x03 (legacy UUID) read without a named representation"},
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
		{"subtype3", 0x05, bsonBinary(3, seq16), uuid.ErrEncoding, "uuid: BSON binary subtype 0x03 (legacy UUID) read without a named representation"},
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

// specRepresentations maps the MongoDB specification's UuidRepresentation
// names to ours; UNSPECIFIED is the zero value.
var specRepresentations = map[string]uuid.BSONRepresentation{
	"UNSPECIFIED":   0,
	"STANDARD":      uuid.BSONRepresentationStandard,
	"CSHARP_LEGACY": uuid.BSONRepresentationCSharpLegacy,
	"JAVA_LEGACY":   uuid.BSONRepresentationJavaLegacy,
	"PYTHON_LEGACY": uuid.BSONRepresentationPythonLegacy,
}

// bsonSpec is the test plan of testdata/bson-binary-uuid.md: the given
// UUID, what each representation stores it as ("" where the specification
// expects an error) and, per stored value, each asUuid call and whether it
// returns the given UUID.
type bsonSpec struct {
	u      uuid.UUID
	encode map[string]string // representation -> subtype byte and hex data, "" for an error
	decode []bsonSpecDecode
}

type bsonSpecDecode struct {
	subtype byte
	data    []byte
	calls   map[string]bool // representation ("" for asUuid()) -> returns the given UUID
}

// readBSONSpec reads the prose tests "Explicit encoding" and "Explicit
// Decoding" of the vendored specification.
func readBSONSpec(t *testing.T) bsonSpec {
	t.Helper()
	raw, err := os.ReadFile("testdata/bson-binary-uuid.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(raw)), " ")
	given := regexp.MustCompile(`String representation of "([0-9a-f-]{36})"`).FindStringSubmatch(text)
	if given == nil {
		t.Fatal("no given UUID in the specification")
	}
	spec := bsonSpec{u: uuid.MustParse(given[1]), encode: map[string]string{}}
	_, rest, ok1 := strings.Cut(text, "### Explicit encoding")
	enc, rest, ok2 := strings.Cut(rest, "### Explicit Decoding")
	dec, _, ok3 := strings.Cut(rest, "### Implicit encoding")
	if !ok1 || !ok2 || !ok3 {
		t.Fatal("sections Explicit encoding, Explicit Decoding or Implicit encoding not found")
	}
	encRE := regexp.MustCompile(`Create a BsonBinary instance with the given UUID(?: and UuidRepresentation equal to (\w+))? - Assert that (?:the BsonBinary instance's subtype is equal to (\d) and data equal to the hex-encoded string "([0-9A-F]{32})"|(an error is raised))`)
	for _, m := range encRE.FindAllStringSubmatch(enc, -1) {
		name := m[1]
		if name == "" {
			name = "STANDARD" // the constructor without a representation
		}
		if m[4] != "" {
			spec.encode[name] = ""
		} else {
			spec.encode[name] = "0" + m[2] + strings.ToLower(m[3])
		}
	}
	blockRE := regexp.MustCompile(`^ with subtype equal to (\d) and data equal to the hex-encoded string "([0-9A-F]{32})"(.*)$`)
	callRE := regexp.MustCompile(`a call to BsonBinary\.asUuid\((\w*)\) (returns the given UUID|raises an error|raised an error)`)
	for _, block := range strings.Split(dec, "Create a BsonBinary instance")[1:] {
		m := blockRE.FindStringSubmatch(block)
		if m == nil {
			t.Fatalf("stored value not understood: %.80q", block)
		}
		st, _ := strconv.Atoi(m[1])
		data, _ := hex.DecodeString(m[2])
		d := bsonSpecDecode{subtype: byte(st), data: data, calls: map[string]bool{}}
		for _, c := range callRE.FindAllStringSubmatch(m[3], -1) {
			d.calls[c[1]] = c[2] == "returns the given UUID"
		}
		spec.decode = append(spec.decode, d)
	}
	// The test plan has five encodings (the constructor without a
	// representation and STANDARD give one) and four stored values with
	// 6+4+4+4 asUuid calls; a change of the file's wording shows here.
	calls := 0
	for _, d := range spec.decode {
		calls += len(d.calls)
	}
	if len(spec.encode) != 5 || len(spec.decode) != 4 || calls != 18 {
		t.Fatalf("read %d encodings, %d stored values, %d asUuid calls from the specification; want 5, 4, 18", len(spec.encode), len(spec.decode), calls)
	}
	return spec
}

// TestBSONRepresentationSpec runs the explicit encoding and decoding prose
// tests of the MongoDB specification "BSON Binary UUID" through
// MarshalBSONValueAs, FromBSONValue and UnmarshalBSONValue (asUuid()).
func TestBSONRepresentationSpec(t *testing.T) {
	spec := readBSONSpec(t)
	for name, want := range spec.encode {
		t.Run("encode="+name, func(t *testing.T) {
			typ, data, err := spec.u.MarshalBSONValueAs(specRepresentations[name])
			if want == "" {
				if !errors.Is(err, uuid.ErrBSONRepresentation) || data != nil {
					t.Fatalf("MarshalBSONValueAs(%s) = %#x, %x, %v; want an error matching ErrBSONRepresentation", name, typ, data, err)
				}
				return
			}
			if err != nil || typ != 0x05 || len(data) != 21 || hex.EncodeToString(data[4:]) != want || !bytes.Equal(data[:4], []byte{16, 0, 0, 0}) {
				t.Fatalf("MarshalBSONValueAs(%s) = %#x, %x, %v; want 0x05, 10000000%s", name, typ, data, err, want)
			}
		})
	}
	for _, d := range spec.decode {
		value := bsonBinary(d.subtype, d.data)
		for name, ok := range d.calls {
			t.Run("decode="+hex.EncodeToString(d.data)+"/as="+name, func(t *testing.T) {
				var got uuid.UUID
				var err error
				if name == "" {
					err = got.UnmarshalBSONValue(0x05, value)
				} else {
					got, err = uuid.FromBSONValue(0x05, value, specRepresentations[name])
				}
				if ok && (err != nil || got != spec.u) {
					t.Fatalf("subtype %d %x as %q = %v, %v; want %v", d.subtype, d.data, name, got, err, spec.u)
				}
				if !ok && (!errors.Is(err, uuid.ErrBSONRepresentation) || got != uuid.Nil()) {
					t.Fatalf("subtype %d %x as %q = %v, %v; want an error matching ErrBSONRepresentation", d.subtype, d.data, name, got, err)
				}
			})
		}
	}
}

// TestBSONRepresentationRoundTrip checks that every representation reads
// back what it writes, that the orders differ from each other where the
// specification says, and that BSONToStandard gives subtype 4.
func TestBSONRepresentationRoundTrip(t *testing.T) {
	reps := []uuid.BSONRepresentation{uuid.BSONRepresentationStandard, uuid.BSONRepresentationCSharpLegacy,
		uuid.BSONRepresentationJavaLegacy, uuid.BSONRepresentationPythonLegacy}
	for _, u := range []uuid.UUID{uuid.UUID(seq16), uuid.Nil(), uuid.Max(), uuid.NewV4(), uuid.NewV7()} {
		for _, r := range reps {
			typ, data, err := u.MarshalBSONValueAs(r)
			if err != nil {
				t.Fatalf("%v.MarshalBSONValueAs(%d): %v", u, r, err)
			}
			got, err := uuid.FromBSONValue(typ, data, r)
			if err != nil || got != u {
				t.Fatalf("FromBSONValue(MarshalBSONValueAs(%v, %d)) = %v, %v", u, r, got, err)
			}
			typ4, data4, err := uuid.BSONToStandard(typ, data, r)
			wantTyp, want, _ := u.MarshalBSONValue()
			if err != nil || typ4 != wantTyp || !bytes.Equal(data4, want) {
				t.Fatalf("BSONToStandard(%x, %d) = %#x, %x, %v; want %#x, %x", data, r, typ4, data4, err, wantTyp, want)
			}
			// Run again over converted data, whatever it names.
			typ4, data4b, err := uuid.BSONToStandard(typ4, data4, uuid.BSONRepresentationJavaLegacy)
			if err != nil || typ4 != wantTyp || !bytes.Equal(data4b, want) || &data4b[0] == &data4[0] {
				t.Fatalf("BSONToStandard(subtype 4 %x) = %#x, %x, %v; want it unchanged in a new slice", data4, typ4, data4b, err)
			}
		}
	}
}

// TestBSONRepresentationErrors checks every failure for its kind, and that
// UnmarshalBSONValue leaves its receiver unchanged on subtype 3.
func TestBSONRepresentationErrors(t *testing.T) {
	legacy := bsonBinary(3, seq16)
	tests := []struct {
		name string
		typ  byte
		data []byte
		r    uuid.BSONRepresentation
		kind error
	}{
		{"unspecified", 0x05, legacy, 0, uuid.ErrBSONRepresentation},
		{"unknown", 0x05, legacy, 9, uuid.ErrBSONRepresentation},
		{"unknownSubtype4", 0x05, bsonBinary(4, seq16), 9, uuid.ErrBSONRepresentation},
		{"subtype3AsStandard", 0x05, legacy, uuid.BSONRepresentationStandard, uuid.ErrBSONRepresentation},
		{"subtype4AsJava", 0x05, bsonBinary(4, seq16), uuid.BSONRepresentationJavaLegacy, uuid.ErrBSONRepresentation},
		{"subtype0", 0x05, bsonBinary(0, seq16), uuid.BSONRepresentationPythonLegacy, uuid.ErrEncoding},
		{"subtype0Standard", 0x05, bsonBinary(0, seq16), uuid.BSONRepresentationStandard, uuid.ErrEncoding},
		{"short", 0x05, bsonBinary(3, seq16[:15]), uuid.BSONRepresentationCSharpLegacy, uuid.ErrLength},
		{"long", 0x05, bsonBinary(3, append(seq16[:16:16], 0)), uuid.BSONRepresentationJavaLegacy, uuid.ErrLength},
		{"string", 0x02, []byte{1, 0, 0, 0, 0}, uuid.BSONRepresentationJavaLegacy, uuid.ErrEncoding},
		{"null", 0x0a, nil, uuid.BSONRepresentationJavaLegacy, uuid.ErrEncoding},
		{"badLength", 0x05, append([]byte{17, 0, 0, 0, 3}, seq16...), uuid.BSONRepresentationJavaLegacy, uuid.ErrEncoding},
		{"empty", 0x05, nil, uuid.BSONRepresentationJavaLegacy, uuid.ErrEncoding},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := uuid.FromBSONValue(tt.typ, tt.data, tt.r)
			if !errors.Is(err, tt.kind) || got != uuid.Nil() {
				t.Errorf("FromBSONValue(%#x, %x, %d) = %v, %v; want an error matching %v", tt.typ, tt.data, tt.r, got, err, tt.kind)
			}
			typ, data, err := uuid.BSONToStandard(tt.typ, tt.data, tt.r)
			if tt.name == "unknownSubtype4" || tt.name == "subtype4AsJava" {
				// A subtype 4 value converts whatever r names.
				if err != nil || typ != 0x05 {
					t.Errorf("BSONToStandard(%#x, %x, %d) = %#x, %x, %v; want subtype 4", tt.typ, tt.data, tt.r, typ, data, err)
				}
				return
			}
			if !errors.Is(err, tt.kind) || typ != 0 || data != nil {
				t.Errorf("BSONToStandard(%#x, %x, %d) = %#x, %x, %v; want an error matching %v", tt.typ, tt.data, tt.r, typ, data, err, tt.kind)
			}
		})
	}
	for _, r := range []uuid.BSONRepresentation{0, 5, 255} {
		typ, data, err := uuid.UUID(seq16).MarshalBSONValueAs(r)
		if !errors.Is(err, uuid.ErrBSONRepresentation) || typ != 0 || data != nil {
			t.Errorf("MarshalBSONValueAs(%d) = %#x, %x, %v; want an error matching ErrBSONRepresentation", r, typ, data, err)
		}
	}
	// Subtype 3 without a representation: both kinds, receiver unchanged.
	u := uuid.Max()
	err := u.UnmarshalBSONValue(0x05, legacy)
	if !errors.Is(err, uuid.ErrBSONRepresentation) || !errors.Is(err, uuid.ErrEncoding) || u != uuid.Max() {
		t.Errorf("UnmarshalBSONValue(subtype 3) = %v, %v; want Max unchanged and an error matching ErrBSONRepresentation and ErrEncoding", u, err)
	}
	n := uuid.NullUUID{UUID: uuid.Max(), Valid: true}
	if err := n.UnmarshalBSONValue(0x05, legacy); !errors.Is(err, uuid.ErrBSONRepresentation) || n != (uuid.NullUUID{}) {
		t.Errorf("NullUUID.UnmarshalBSONValue(subtype 3) = %+v, %v; want null and an error matching ErrBSONRepresentation", n, err)
	}
}

// FuzzFromBSONValue checks FromBSONValue against a slow reference: a
// well-formed 16-byte value of the subtype r stores reads as the bytes in
// r's order (each representation's reordering applied by index here), and
// writes back byte for byte; everything else fails with exactly one kind,
// and BSONToStandard agrees.
func FuzzFromBSONValue(f *testing.F) {
	for r := range 6 {
		f.Add(byte(0x05), bsonBinary(3, seq16), uint8(r))     // legacy
		f.Add(byte(0x05), bsonBinary(4, seq16), uint8(r))     // standard
		f.Add(byte(0x05), bsonBinary(3, seq16[:8]), uint8(r)) // short
	}
	f.Add(byte(0x05), bsonBinary(0, seq16), uint8(2))              // generic binary
	f.Add(byte(0x0a), []byte{}, uint8(3))                          // null
	f.Add(byte(0x05), []byte{0xff, 0xff, 0xff, 0xff, 3}, uint8(3)) // negative length
	order := map[uuid.BSONRepresentation][16]int{
		uuid.BSONRepresentationStandard:     {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
		uuid.BSONRepresentationPythonLegacy: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
		uuid.BSONRepresentationCSharpLegacy: {3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15},
		uuid.BSONRepresentationJavaLegacy:   {7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8},
	}
	f.Fuzz(func(t *testing.T, typ byte, data []byte, rb uint8) {
		r := uuid.BSONRepresentation(rb)
		perm, known := order[r]
		wantSubtype := byte(3)
		if r == uuid.BSONRepresentationStandard {
			wantSubtype = 4
		}
		wellFormed := typ == 0x05 && len(data) >= 5 && int64(binary.LittleEndian.Uint32(data)) == int64(len(data)-5)
		uuidSubtype := wellFormed && (data[4] == 3 || data[4] == 4)
		var kind error
		switch {
		case !uuidSubtype:
			kind = uuid.ErrEncoding
		case len(data) != 21:
			kind = uuid.ErrLength
		case !known || data[4] != wantSubtype:
			kind = uuid.ErrBSONRepresentation
		}
		u, err := uuid.FromBSONValue(typ, data, r)
		if kind == nil {
			var want uuid.UUID
			for i, j := range perm {
				want[i] = data[5+j]
			}
			if err != nil || u != want {
				t.Fatalf("FromBSONValue(%#x, %x, %d) = %v, %v; want %v", typ, data, r, u, err, want)
			}
			typ2, data2, err := u.MarshalBSONValueAs(r)
			if err != nil || typ2 != typ || !bytes.Equal(data2, data) {
				t.Fatalf("MarshalBSONValueAs(%d) after FromBSONValue(%x) = %#x, %x, %v", r, data, typ2, data2, err)
			}
		} else {
			others := 0
			for _, k := range []error{uuid.ErrEncoding, uuid.ErrLength, uuid.ErrBSONRepresentation} {
				if k != kind && errors.Is(err, k) {
					others++
				}
			}
			if !errors.Is(err, kind) || others != 0 || u != uuid.Nil() || !strings.HasPrefix(err.Error(), "uuid: ") {
				t.Fatalf("FromBSONValue(%#x, %x, %d) = %v, %v; want Nil and an error matching only %v", typ, data, r, u, err, kind)
			}
		}
		_, std, err := uuid.BSONToStandard(typ, data, r)
		switch {
		case uuidSubtype && len(data) == 21 && data[4] == 4:
			if err != nil || !bytes.Equal(std, data) {
				t.Fatalf("BSONToStandard(subtype 4 %x, %d) = %x, %v; want it unchanged", data, r, std, err)
			}
		case kind == nil:
			if err != nil || std[4] != 4 || !bytes.Equal(std[5:], u[:]) {
				t.Fatalf("BSONToStandard(%x, %d) = %x, %v; want subtype 4 of %v", data, r, std, err, u)
			}
		default:
			if !errors.Is(err, kind) || std != nil {
				t.Fatalf("BSONToStandard(%x, %d) = %x, %v; want an error matching %v", data, r, std, err, kind)
			}
		}
	})
}

// ExampleFromBSONValue reads a UUID that the Java driver stored in its
// legacy representation (binary subtype 3, each half's bytes reversed) and
// converts it to subtype 4.
func ExampleFromBSONValue() {
	// typ and data as a bson.RawValue's Type and Value give them.
	typ, data := byte(0x05), []byte{0x10, 0, 0, 0, 0x03,
		0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00, 0xff, 0xee, 0xdd, 0xcc, 0xbb, 0xaa, 0x99, 0x88}

	var u uuid.UUID
	err := u.UnmarshalBSONValue(typ, data)
	fmt.Println(errors.Is(err, uuid.ErrBSONRepresentation))

	u, err = uuid.FromBSONValue(typ, data, uuid.BSONRepresentationJavaLegacy)
	fmt.Println(u, err)

	_, std, err := uuid.BSONToStandard(typ, data, uuid.BSONRepresentationJavaLegacy)
	fmt.Printf("subtype %d, %x, %v\n", std[4], std[5:], err)
	// Output:
	// true
	// 00112233-4455-6677-8899-aabbccddeeff <nil>
	// subtype 4, 00112233445566778899aabbccddeeff, <nil>
}
