package uuid

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strconv"
)

// BSON type bytes and the binary subtype of a UUID, from the BSON
// specification (bsonspec.org): a binary value is an int32 length, a
// subtype byte and that many bytes.
const (
	bsonTypeBinary     = 0x05
	bsonTypeNull       = 0x0a
	bsonTypeDoc        = 0x03
	bsonTypeBool       = 0x08
	bsonSubtypeUUID    = 0x04
	bsonSubtypeLegacy  = 0x03
	bsonSubtypeGeneric = 0x00
	bsonBinaryLen      = 4 + 1 + Size
)

// hexByte formats b as 0x and two hex digits, for error messages.
func hexByte(b byte) string {
	const digits = "0123456789abcdef"
	return "0x" + string([]byte{digits[b>>4], digits[b&0xf]})
}

// MarshalBSONValue gives u as a BSON binary value of subtype 4 (UUID), in
// the shape of the ValueMarshaler interface of the MongoDB Go driver
// (go.mongodb.org/mongo-driver/v2/bson): the type byte 0x05 and the value's
// 21 bytes (the length 16 as a little-endian int32, the subtype 0x04 and
// the 16 bytes of u in the order [UUID.MarshalBinary] gives). It never
// fails. The driver stores a plain [16]byte as subtype 0 (generic binary);
// this method is what makes a UUID field a UUID to MongoDB and its tools.
func (u UUID) MarshalBSONValue() (typ byte, data []byte, err error) {
	b := make([]byte, bsonBinaryLen)
	b[0] = Size // little-endian int32 16
	b[4] = bsonSubtypeUUID
	copy(b[5:], u[:])
	return bsonTypeBinary, b, nil
}

// UnmarshalBSONValue sets u from a BSON value, in the shape of the
// ValueUnmarshaler interface of the MongoDB Go driver. It accepts binary
// subtype 4 (typ 0x05, data as [UUID.MarshalBSONValue] gives it) and
// binary subtype 0 (generic binary) of 16 bytes, which is how the driver
// writes a plain [16]byte such as the UUID types of github.com/google/uuid
// and github.com/gofrs/uuid, so that documents written through those read
// here. A subtype 0 or 4 value of a length other than 16 gives an error
// matching [ErrLength]; any other type or subtype, BSON null, and malformed
// data an error matching [ErrEncoding]. On failure u is unchanged.
//
// Subtype 3, the legacy UUID subtype, gives an error matching both
// [ErrBSONRepresentation] and [ErrEncoding]: the C#, Java and Python
// drivers wrote it in different byte orders, so its 16 bytes do not name
// one UUID. Read such a value with [FromBSONValue], naming the
// representation its writer used.
func (u *UUID) UnmarshalBSONValue(typ byte, data []byte) error {
	v, err := bsonUUID(typ, data)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// bsonUUID decodes a BSON binary value of subtype 4 or 0.
func bsonUUID(typ byte, data []byte) (UUID, error) {
	subtype, err := bsonBinary(typ, data)
	if err != nil {
		return UUID{}, err
	}
	switch subtype {
	case bsonSubtypeUUID, bsonSubtypeGeneric:
	case bsonSubtypeLegacy:
		return UUID{}, errBSONUnnamed
	default:
		return UUID{}, &wireError{"uuid: BSON binary subtype " + hexByte(subtype) + " is not 0x04 (UUID) or 0x00", ErrEncoding}
	}
	if len(data) != bsonBinaryLen {
		return UUID{}, &wireError{"uuid: BSON UUID of " + strconv.Itoa(len(data)-5) + " bytes", ErrLength}
	}
	return UUID(data[5:]), nil
}

// bsonBinary checks that typ and data are a well-formed BSON binary value
// and returns its subtype.
func bsonBinary(typ byte, data []byte) (subtype byte, err error) {
	switch typ {
	case bsonTypeBinary:
	case bsonTypeNull:
		if len(data) != 0 {
			return 0, &wireError{"uuid: malformed BSON null", ErrEncoding}
		}
		return 0, &wireError{"uuid: BSON null is not a UUID", ErrEncoding}
	default:
		return 0, &wireError{"uuid: BSON type " + hexByte(typ) + " is not binary", ErrEncoding}
	}
	if len(data) < 5 || uint64(binary.LittleEndian.Uint32(data)) != uint64(len(data)-5) {
		return 0, &wireError{"uuid: malformed BSON binary value", ErrEncoding}
	}
	return data[4], nil
}

// MarshalBSONValue gives n as [UUID.MarshalBSONValue] does when n is Valid,
// and otherwise as BSON null (type 0x0a, no data).
func (n NullUUID) MarshalBSONValue() (typ byte, data []byte, err error) {
	if !n.Valid {
		return bsonTypeNull, nil, nil
	}
	return n.UUID.MarshalBSONValue()
}

// UnmarshalBSONValue sets n from a BSON value: null sets Valid to false
// and UUID to Nil; an embedded document {uuid: <binary>, valid: <bool>},
// the shape in which the MongoDB Go driver writes the NullUUID structs of
// github.com/google/uuid and github.com/gofrs/uuid, sets n from its two
// fields (and to null when valid is false); anything else is read as by
// [UUID.UnmarshalBSONValue]. On failure n is left null (Valid false, UUID
// Nil).
//
// The MongoDB Go driver sets a nil *NullUUID for a BSON null without
// calling this method, as it does for every pointer.
func (n *NullUUID) UnmarshalBSONValue(typ byte, data []byte) error {
	var (
		v   UUID
		ok  = true
		err error
	)
	switch {
	case typ == bsonTypeNull && len(data) == 0:
		ok = false
	case typ == bsonTypeDoc:
		v, ok, err = bsonNullDoc(data)
	default:
		v, err = bsonUUID(typ, data)
	}
	if err != nil || !ok {
		*n = NullUUID{}
		return err
	}
	*n = NullUUID{UUID: v, Valid: true}
	return nil
}

// bsonNullDoc decodes the document {uuid: <binary>, valid: <bool>}: a
// little-endian int32 length, elements and a NUL. When valid is false, the
// uuid field may be missing, null or any binary value.
func bsonNullDoc(data []byte) (u UUID, valid bool, err error) {
	if len(data) < 5 || uint64(binary.LittleEndian.Uint32(data)) != uint64(len(data)) || data[len(data)-1] != 0 {
		return UUID{}, false, errBSONMalformedDoc
	}
	var haveUUID, haveValid bool
	var uuidErr error = &wireError{"uuid: BSON document without a uuid field", ErrEncoding}
	for rest := data[4 : len(data)-1]; len(rest) > 0; {
		typ, name, value, next, err := bsonElement(rest)
		if err != nil {
			return UUID{}, false, err
		}
		rest = next
		switch {
		case name == "uuid" && !haveUUID && typ != bsonTypeBool:
			haveUUID = true
			u, uuidErr = bsonUUID(typ, value)
		case name == "valid" && !haveValid && typ == bsonTypeBool:
			haveValid, valid = true, value[0] == 1
		default:
			return UUID{}, false, &wireError{"uuid: BSON document field " + strconv.Quote(name) + " is not uuid or valid", ErrEncoding}
		}
	}
	switch {
	case !haveValid:
		return UUID{}, false, &wireError{"uuid: BSON document without a valid field", ErrEncoding}
	case !valid:
		return UUID{}, false, nil
	case uuidErr != nil:
		return UUID{}, false, uuidErr
	}
	return u, true, nil
}

var errBSONMalformedDoc = &wireError{"uuid: malformed BSON document", ErrEncoding}

// bsonElement splits the first element off b, the elements of a document:
// a type byte, a NUL-terminated name and the value. It knows the three
// types a NullUUID document holds: binary, boolean and null.
func bsonElement(b []byte) (typ byte, name string, value, rest []byte, err error) {
	end := bytes.IndexByte(b, 0)
	if end < 1 {
		return 0, "", nil, nil, errBSONMalformedDoc
	}
	typ, name, rest = b[0], string(b[1:end]), b[end+1:]
	n := 0
	switch typ {
	case bsonTypeBinary:
		if len(rest) < 5 || uint64(binary.LittleEndian.Uint32(rest)) > uint64(len(rest)-5) {
			return 0, "", nil, nil, errBSONMalformedDoc
		}
		n = 5 + int(binary.LittleEndian.Uint32(rest))
	case bsonTypeBool:
		if len(rest) < 1 || rest[0] > 1 {
			return 0, "", nil, nil, errBSONMalformedDoc
		}
		n = 1
	case bsonTypeNull:
	default:
		return 0, "", nil, nil, &wireError{"uuid: BSON document field " + strconv.Quote(name) + " of type " + hexByte(typ), ErrEncoding}
	}
	return typ, name, rest[:n], rest[n:], nil
}

// BSONRepresentation names the byte order in which a MongoDB driver stores
// a UUID, one of the uuidRepresentation modes of the MongoDB driver
// specification "BSON Binary UUID". The standard representation is binary
// subtype 4 in RFC 9562 order, what [UUID.MarshalBSONValue] writes; the
// three legacy ones are binary subtype 3, the default of older C#, Java
// and Python drivers, each in its own byte order. The bytes of a subtype 3
// value do not say which driver wrote them: the caller names it. The zero
// value names no representation (the specification's "unspecified"), and
// every function given it returns an error matching
// [ErrBSONRepresentation].
type BSONRepresentation uint8

// The representations of the MongoDB driver specification, with the names
// its uuidRepresentation option gives them. For the UUID
// 00112233-4455-6677-8899-aabbccddeeff they store these 16 bytes:
const (
	BSONRepresentationStandard     BSONRepresentation = iota + 1 // "standard": subtype 4, 00112233445566778899aabbccddeeff
	BSONRepresentationCSharpLegacy                               // "csharpLegacy": subtype 3, 33221100554477668899aabbccddeeff (bytes 0-3, 4-5 and 6-7 reversed)
	BSONRepresentationJavaLegacy                                 // "javaLegacy": subtype 3, 7766554433221100ffeeddccbbaa9988 (bytes 0-7 and 8-15 reversed)
	BSONRepresentationPythonLegacy                               // "pythonLegacy": subtype 3, 00112233445566778899aabbccddeeff
)

// ErrBSONRepresentation is matched, with [errors.Is], by the error for a
// BSON UUID read or written without a representation that fits it: a
// subtype 3 (legacy) value given to [UUID.UnmarshalBSONValue] (its error
// also matches [ErrEncoding]), which cannot tell the writer's byte order;
// a value whose subtype is not the one the named representation stores
// (subtype 4 read as a legacy one, or 3 as the standard one); and a
// [BSONRepresentation] that is zero or unknown. Read subtype 3 with
// [FromBSONValue] or convert it with [BSONToStandard], naming the
// representation of the driver that wrote it: [BSONRepresentationCSharpLegacy]
// for the C# driver's legacy default, [BSONRepresentationJavaLegacy] for
// the Java driver's and [BSONRepresentationPythonLegacy] for PyMongo's (or
// the one the writer's uuidRepresentation setting named).
var ErrBSONRepresentation = errors.New("uuid: BSON UUID representation does not fit the value")

// errBSONUnnamed is the error of UnmarshalBSONValue for subtype 3.
var errBSONUnnamed = &wireError{
	"uuid: BSON binary subtype 0x03 (legacy UUID) read without a named representation",
	errors.Join(ErrBSONRepresentation, ErrEncoding),
}

// bsonName returns r's name in the MongoDB driver specification.
func bsonName(r BSONRepresentation) string {
	switch r {
	case BSONRepresentationStandard:
		return "standard"
	case BSONRepresentationCSharpLegacy:
		return "csharpLegacy"
	case BSONRepresentationJavaLegacy:
		return "javaLegacy"
	case BSONRepresentationPythonLegacy:
		return "pythonLegacy"
	}
	return "BSONRepresentation(" + strconv.Itoa(int(r)) + ")"
}

// bsonOrder reorders the 16 bytes of b between RFC 9562 order and r's
// order. Every representation's reordering is its own inverse, so the one
// function both stores and reads. It reports false for a zero or unknown r.
//
//	standard, pythonLegacy  00 11 22 33 44 55 66 77 88 99 aa bb cc dd ee ff
//	csharpLegacy            33 22 11 00 55 44 77 66 88 99 aa bb cc dd ee ff
//	javaLegacy              77 66 55 44 33 22 11 00 ff ee dd cc bb aa 99 88
func bsonOrder(r BSONRepresentation, b [Size]byte) ([Size]byte, bool) {
	switch r {
	case BSONRepresentationStandard, BSONRepresentationPythonLegacy:
		return b, true
	case BSONRepresentationCSharpLegacy:
		return [Size]byte{b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6],
			b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]}, true
	case BSONRepresentationJavaLegacy:
		return [Size]byte{b[7], b[6], b[5], b[4], b[3], b[2], b[1], b[0],
			b[15], b[14], b[13], b[12], b[11], b[10], b[9], b[8]}, true
	}
	return b, false
}

// bsonSubtype returns the binary subtype r stores.
func bsonSubtype(r BSONRepresentation) byte {
	if r == BSONRepresentationStandard {
		return bsonSubtypeUUID
	}
	return bsonSubtypeLegacy
}

// FromBSONValue reads a UUID from a BSON binary value, typ and data as
// [UUID.UnmarshalBSONValue] takes them (the Type and Value of the MongoDB
// Go driver's bson.RawValue), stored in representation r: subtype 4 for
// [BSONRepresentationStandard], subtype 3 in the named driver's byte order
// for a legacy one, as the specification's asUuid(representation) reads
// them. A value whose subtype is not the one r stores, and a zero or
// unknown r, give an error matching [ErrBSONRepresentation]; a subtype 3
// or 4 value of a length other than 16 one matching [ErrLength]; another
// type or subtype, null and malformed data one matching [ErrEncoding].
func FromBSONValue(typ byte, data []byte, r BSONRepresentation) (UUID, error) {
	subtype, err := bsonBinary(typ, data)
	if err != nil {
		return UUID{}, err
	}
	if subtype != bsonSubtypeLegacy && subtype != bsonSubtypeUUID {
		return UUID{}, &wireError{"uuid: BSON binary subtype " + hexByte(subtype) + " is not 0x04 (UUID) or 0x03 (legacy UUID)", ErrEncoding}
	}
	if len(data) != bsonBinaryLen {
		return UUID{}, &wireError{"uuid: BSON UUID of " + strconv.Itoa(len(data)-5) + " bytes", ErrLength}
	}
	b, ok := bsonOrder(r, [Size]byte(data[5:]))
	if !ok {
		return UUID{}, &wireError{"uuid: reading BSON UUID as " + bsonName(r), ErrBSONRepresentation}
	}
	if subtype != bsonSubtype(r) {
		return UUID{}, &wireError{"uuid: BSON binary subtype " + hexByte(subtype) + " read as " + bsonName(r), ErrBSONRepresentation}
	}
	return UUID(b), nil
}

// MarshalBSONValueAs gives u as a BSON binary value in representation r,
// in the shape of [UUID.MarshalBSONValue]: subtype 4 for
// [BSONRepresentationStandard] (what MarshalBSONValue gives), subtype 3
// in the named driver's byte order for a legacy one, as the
// specification's BsonBinary(uuid, representation) stores it. It is for
// writing into collections that older drivers still read in a legacy
// representation; new data should be subtype 4. A zero or unknown r gives
// an error matching [ErrBSONRepresentation].
func (u UUID) MarshalBSONValueAs(r BSONRepresentation) (typ byte, data []byte, err error) {
	b, ok := bsonOrder(r, u)
	if !ok {
		return 0, nil, &wireError{"uuid: writing BSON UUID as " + bsonName(r), ErrBSONRepresentation}
	}
	data = make([]byte, bsonBinaryLen)
	data[0] = Size // little-endian int32 16
	data[4] = bsonSubtype(r)
	copy(data[5:], b[:])
	return bsonTypeBinary, data, nil
}

// BSONToStandard converts a stored UUID to the standard representation:
// it reads typ and data as [FromBSONValue] does, a subtype 3 value in
// legacy representation r, and returns the value as
// [UUID.MarshalBSONValue] gives it, binary subtype 4. A subtype 4 value is
// returned unchanged, in a new slice, whatever r names, so a migration
// that converts a collection in place can run again over documents it has
// already converted. Errors are those of FromBSONValue.
func BSONToStandard(typ byte, data []byte, r BSONRepresentation) (byte, []byte, error) {
	if s, err := bsonBinary(typ, data); err == nil && s == bsonSubtypeUUID {
		r = BSONRepresentationStandard
	}
	u, err := FromBSONValue(typ, data, r)
	if err != nil {
		return 0, nil, err
	}
	return u.MarshalBSONValue()
}
