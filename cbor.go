package uuid

import (
	"encoding/binary"
	"strconv"
)

// CBOR (RFC 8949) major types, simple values and the tag IANA registered
// for a UUID as a byte string (tag 37, "Binary UUID").
const (
	cborMajorBytes = 2
	cborMajorText  = 3
	cborMajorMap   = 5
	cborMajorTag   = 6
	cborMajorOther = 7
	cborNull       = 0xf6
	cborUndefined  = 0xf7
	cborBreak      = 0xff
	cborTagUUID    = 37
	cborUUIDLen    = 3 + Size // d8 25 50 and 16 bytes
)

// MarshalCBOR implements the Marshaler interface of
// github.com/fxamacker/cbor/v2: u as CBOR tag 37 enclosing a byte string of
// its 16 bytes, 19 bytes in all (d8 25 50 and the bytes [UUID.MarshalBinary]
// gives). It never fails.
func (u UUID) MarshalCBOR() ([]byte, error) {
	b := make([]byte, cborUUIDLen)
	b[0], b[1], b[2] = 0xd8, cborTagUUID, 0x40|Size
	copy(b[3:], u[:])
	return b, nil
}

// UnmarshalCBOR implements the Unmarshaler interface of
// github.com/fxamacker/cbor/v2. It accepts one CBOR data item: tag 37
// enclosing a byte string, or a byte string without a tag, which is how
// that package writes a [16]byte type with a MarshalBinary method (other
// UUID packages' values among them). Heads may use any of the lengths
// RFC 8949 allows, and the byte string may be of indefinite length. A byte
// string of a length other than 16 gives an error matching [ErrLength];
// any other item (text, another tag, null), trailing bytes and malformed
// data an error matching [ErrEncoding]. On failure u is unchanged.
func (u *UUID) UnmarshalCBOR(data []byte) error {
	v, err := cborUUID(data)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// cborHead reads the head of a data item: its major type, its argument
// (for additional information 31, indefinite length, arg is 0 and
// indefinite true) and the head's length n. ok is false when the head is
// cut short or uses a reserved additional information (28 to 30).
func cborHead(b []byte) (major byte, arg uint64, indefinite bool, n int, ok bool) {
	if len(b) == 0 {
		return 0, 0, false, 0, false
	}
	major, info := b[0]>>5, b[0]&0x1f
	switch {
	case info < 24:
		return major, uint64(info), false, 1, true
	case info == 24 && len(b) >= 2:
		return major, uint64(b[1]), false, 2, true
	case info == 25 && len(b) >= 3:
		return major, uint64(binary.BigEndian.Uint16(b[1:])), false, 3, true
	case info == 26 && len(b) >= 5:
		return major, uint64(binary.BigEndian.Uint32(b[1:])), false, 5, true
	case info == 27 && len(b) >= 9:
		return major, binary.BigEndian.Uint64(b[1:]), false, 9, true
	case info == 31:
		return major, 0, true, 1, true
	}
	return 0, 0, false, 0, false
}

var errCBORMalformed = &wireError{"uuid: malformed CBOR UUID", ErrEncoding}

// cborUUID decodes tag 37 around a byte string, or a bare byte string.
func cborUUID(data []byte) (UUID, error) {
	data, err := cborUntag(data)
	if err != nil {
		return UUID{}, err
	}
	major, arg, indefinite, n, ok := cborHead(data)
	switch {
	case !ok:
		return UUID{}, errCBORMalformed
	case major == cborMajorBytes && indefinite:
		return cborChunks(data[n:])
	case major == cborMajorBytes:
		return cborBytes(data[n:], arg)
	case major == cborMajorOther && !indefinite && (arg == cborNull&0x1f || arg == cborUndefined&0x1f) && n == 1:
		return UUID{}, &wireError{"uuid: CBOR null is not a UUID", ErrEncoding}
	}
	return UUID{}, &wireError{"uuid: CBOR major type " + strconv.Itoa(int(major)) + " is not a byte string", ErrEncoding}
}

// cborUntag returns the item that tag 37 encloses, or data itself when it
// has no tag.
func cborUntag(data []byte) ([]byte, error) {
	major, arg, indefinite, n, ok := cborHead(data)
	switch {
	case !ok:
		return nil, errCBORMalformed
	case major != cborMajorTag || indefinite:
		return data, nil
	case arg != cborTagUUID:
		return nil, &wireError{"uuid: CBOR tag " + strconv.FormatUint(arg, 10) + " is not 37 (UUID)", ErrEncoding}
	}
	return data[n:], nil
}

// cborBytes decodes the content of a definite-length byte string of arg
// bytes, which must be all of data.
func cborBytes(data []byte, arg uint64) (UUID, error) {
	if arg != uint64(len(data)) {
		return UUID{}, errCBORMalformed // cut short, or bytes after the item
	}
	if arg != Size {
		return UUID{}, cborLengthError(arg)
	}
	return UUID(data), nil
}

// cborChunks decodes the content of an indefinite-length byte string:
// definite-length byte strings (chunks) up to a break byte (RFC 8949,
// Section 3.2.3), which must end data.
func cborChunks(data []byte) (UUID, error) {
	var u UUID
	total := uint64(0)
	for len(data) == 0 || data[0] != cborBreak {
		major, arg, indefinite, n, ok := cborHead(data)
		if !ok || major != cborMajorBytes || indefinite || arg > uint64(len(data)-n) {
			return UUID{}, errCBORMalformed
		}
		if total+arg <= Size {
			copy(u[total:], data[n:n+int(arg)])
		}
		total += arg
		data = data[n+int(arg):]
	}
	if len(data) != 1 {
		return UUID{}, errCBORMalformed // bytes after the item
	}
	if total != Size {
		return UUID{}, cborLengthError(total)
	}
	return u, nil
}

// cborLengthError reports a byte string of n bytes where 16 belong.
func cborLengthError(n uint64) error {
	return &wireError{"uuid: CBOR byte string of " + strconv.FormatUint(n, 10) + " bytes", ErrLength}
}

// MarshalCBOR gives n as [UUID.MarshalCBOR] does when n is Valid, and
// otherwise as CBOR null (the single byte f6).
func (n NullUUID) MarshalCBOR() ([]byte, error) {
	if !n.Valid {
		return []byte{cborNull}, nil
	}
	return n.UUID.MarshalCBOR()
}

// UnmarshalCBOR sets n from one CBOR data item: null or undefined (f6,
// f7) set Valid to false and UUID to Nil; so do an empty byte string (40),
// which is how github.com/fxamacker/cbor/v2 writes a null NullUUID of
// github.com/google/uuid, and a map {"UUID": <byte string>, "Valid":
// false}, how it writes one of github.com/gofrs/uuid, whose valid form
// {"UUID": <16-byte string>, "Valid": true} sets n to that UUID. Anything
// else is read as by [UUID.UnmarshalCBOR]. On failure n is left null
// (Valid false, UUID Nil).
func (n *NullUUID) UnmarshalCBOR(data []byte) error {
	var (
		v   UUID
		ok  = true
		err error
	)
	switch {
	case len(data) == 1 && (data[0] == cborNull || data[0] == cborUndefined || data[0] == 0x40):
		ok = false
	case len(data) > 0 && data[0]>>5 == cborMajorMap:
		v, ok, err = cborNullMap(data)
	default:
		v, err = cborUUID(data)
	}
	if err != nil || !ok {
		*n = NullUUID{}
		return err
	}
	*n = NullUUID{UUID: v, Valid: true}
	return nil
}

// cborNullMap decodes the map {"UUID": <byte string>, "Valid": <bool>}, in
// either order, with definite lengths.
func cborNullMap(data []byte) (u UUID, valid bool, err error) {
	_, arg, indefinite, n, ok := cborHead(data)
	if !ok || indefinite || arg != 2 {
		return UUID{}, false, errCBORNotNull
	}
	data = data[n:]
	var uuidItem, validItem []byte
	for range 2 {
		key, item, rest, err := cborMapEntry(data)
		if err != nil {
			return UUID{}, false, err
		}
		data = rest
		switch {
		case key == "UUID" && uuidItem == nil:
			uuidItem = item
		case key == "Valid" && validItem == nil:
			validItem = item
		default:
			return UUID{}, false, errCBORNotNull
		}
	}
	if len(data) != 0 {
		return UUID{}, false, errCBORMalformed
	}
	valid, isBool := cborBool(validItem)
	if uuidItem == nil || !isBool {
		return UUID{}, false, errCBORNotNull
	}
	if u, err = cborUUID(uuidItem); err != nil || !valid {
		return UUID{}, false, err
	}
	return u, true, nil
}

// cborBool reads the simple values false (f4) and true (f5).
func cborBool(item []byte) (value, ok bool) {
	if len(item) == 1 && item[0]&^1 == 0xf4 {
		return item[0] == 0xf5, true
	}
	return false, false
}

var errCBORNotNull = &wireError{"uuid: CBOR map is not {UUID, Valid}", ErrEncoding}

// cborMapEntry splits one entry off the entries of a map: a key that is a
// definite-length text string, and a value that is a simple value, or a
// definite-length byte string after an optional tag.
func cborMapEntry(b []byte) (key string, item, rest []byte, err error) {
	major, arg, indefinite, n, ok := cborHead(b)
	if !ok || major != cborMajorText || indefinite || arg > uint64(len(b)-n) {
		return "", nil, nil, errCBORNotNull
	}
	key, b = string(b[n:n+int(arg)]), b[n+int(arg):]
	end := 0
	if major, _, indefinite, n, ok = cborHead(b); ok && major == cborMajorTag && !indefinite {
		end = n
	}
	major, arg, indefinite, n, ok = cborHead(b[end:])
	switch {
	case !ok || indefinite:
		return "", nil, nil, errCBORMalformed
	case major == cborMajorBytes && arg <= uint64(len(b)-end-n):
		end += n + int(arg)
	case major == cborMajorOther && end == 0 && n == 1:
		end = 1
	default:
		return "", nil, nil, errCBORNotNull
	}
	return key, b[:end], b[end:], nil
}
