package uuid

import (
	"bytes"
	"encoding/binary"
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
// Subtype 3, the legacy UUID subtype, is rejected: drivers wrote it in
// different byte orders (the Java and C# drivers' legacy modes reorder the
// bytes, others do not), so its 16 bytes do not name one UUID. Read such
// values as binary and convert them in the order their writer used.
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
	switch typ {
	case bsonTypeBinary:
	case bsonTypeNull:
		if len(data) != 0 {
			return UUID{}, &wireError{"uuid: malformed BSON null", ErrEncoding}
		}
		return UUID{}, &wireError{"uuid: BSON null is not a UUID", ErrEncoding}
	default:
		return UUID{}, &wireError{"uuid: BSON type " + hexByte(typ) + " is not binary", ErrEncoding}
	}
	if len(data) < 5 || uint64(binary.LittleEndian.Uint32(data)) != uint64(len(data)-5) {
		return UUID{}, &wireError{"uuid: malformed BSON binary value", ErrEncoding}
	}
	if data[4] != bsonSubtypeUUID && data[4] != bsonSubtypeGeneric {
		return UUID{}, &wireError{"uuid: BSON binary subtype " + hexByte(data[4]) + " is not 0x04 (UUID) or 0x00", ErrEncoding}
	}
	if len(data) != bsonBinaryLen {
		return UUID{}, &wireError{"uuid: BSON UUID of " + strconv.Itoa(len(data)-5) + " bytes", ErrLength}
	}
	return UUID(data[5:]), nil
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
