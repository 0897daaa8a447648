// Package pgxuuid lets pgx v5 send and receive [uuid.UUID] values in
// PostgreSQL's binary format.
//
// Without it, pgx's native interface still works with [uuid.UUID], but
// through database/sql's interfaces: a uuid column arrives as 16 bytes, is
// formatted as 36 characters of text for [uuid.UUID.Scan] and parsed again,
// and a parameter is formatted as text by [uuid.UUID.Value] and parsed
// again before pgx sends its 16 bytes. After [Register], these types go
// straight to and from PostgreSQL's binary format, 16 bytes per value:
//
//   - [uuid.UUID] and *[uuid.UUID] (a nil pointer is NULL),
//   - [uuid.NullUUID],
//   - []uuid.UUID and []uuid.NullUUID, for uuid[] columns,
//
// and scanning a uuid column into a [uuid.UUID] or [uuid.NullUUID] allocates
// nothing. Scanning SQL NULL into a [uuid.UUID] fails with an error that
// matches [uuid.ErrScanNull]; scan into a [uuid.NullUUID] (Valid is false),
// or into a *uuid.UUID (set to nil), where a column may be NULL. The text
// format, which pgx uses with pgx.QueryExecModeSimpleProtocol, keeps
// working.
//
// Bytes from a broken or hostile server or proxy never make a scan panic: a
// binary uuid that is not 16 bytes gives an error matching [uuid.ErrLength],
// text that [uuid.ParseBytes] does not accept a [*uuid.ParseError], and a
// uuid[] whose header, dimensions or element
// lengths disagree with its data gives an error, or an empty slice where
// pgx's own array codec gives one (a dimension below zero).
//
// A failed scan into a [uuid.NullUUID] sets Valid to false and leaves UUID
// as it was, as [uuid.NullUUID.Scan] does, so an old value never looks like
// the one the server sent. A failed scan into a UUID, *UUID, []UUID or
// []NullUUID leaves it as it was, elements included: a slice has no Valid
// flag, and nil would read as a NULL array.
//
// Register a connection's type map once, after it connects. With pgxpool:
//
//	config, err := pgxpool.ParseConfig(databaseURL)
//	if err != nil {
//		return err
//	}
//	config.AfterConnect = func(ctx context.Context, conn *pgx.Conn) error {
//		pgxuuid.Register(conn.TypeMap())
//		return nil
//	}
//	pool, err := pgxpool.NewWithConfig(ctx, config)
//
// With database/sql and pgx's stdlib driver, pass
// stdlib.OptionAfterConnect to stdlib.OpenDB in the same way: parameters are
// then sent in binary, although database/sql itself still hands each column
// to [uuid.UUID.Scan] as text.
package pgxuuid

import (
	"database/sql/driver"

	"github.com/afb7af96/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// Register makes m encode and scan [uuid.UUID], *uuid.UUID,
// [uuid.NullUUID] and slices of UUID and NullUUID in PostgreSQL's binary
// format. It replaces the codecs of m for the uuid and uuid[] types with
// ones that also keep handling everything pgx's own [pgtype.UUIDCodec]
// handles, such as [pgtype.UUID], [16]byte and string. Values of a uuid
// column scanned into an any (and in pgx.Rows.Values) become [uuid.UUID]
// instead of [16]byte.
//
// Call Register once per map, before m is used, typically with
// conn.TypeMap() in pgxpool's AfterConnect hook. Like every change to a
// [pgtype.Map], it must not run concurrently with queries on the same
// connection.
func Register(m *pgtype.Map) {
	elem := &pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: Codec{}}
	m.RegisterType(elem)
	m.RegisterType(&pgtype.Type{
		Name:  "_uuid",
		OID:   pgtype.UUIDArrayOID,
		Codec: &pgtype.ArrayCodec{ElementType: elem},
	})

	// Where the server does not say which type a value has (the simple
	// protocol, or a Map's SQLScanner), pgx goes by the Go type.
	for _, v := range []any{uuid.UUID{}, new(uuid.UUID), uuid.NullUUID{}, new(uuid.NullUUID)} {
		m.RegisterDefaultPgType(v, "uuid")
	}
	for _, v := range []any{[]uuid.UUID(nil), new([]uuid.UUID), []uuid.NullUUID(nil), new([]uuid.NullUUID)} {
		m.RegisterDefaultPgType(v, "_uuid")
	}

	// Slices reach the array codec through these wrappers rather than
	// pgx's reflection-based ones, which box each element.
	m.TryWrapEncodePlanFuncs = append([]pgtype.TryWrapEncodePlanFunc{tryWrapSliceEncodePlan}, m.TryWrapEncodePlanFuncs...)
	m.TryWrapScanPlanFuncs = append([]pgtype.TryWrapScanPlanFunc{tryWrapSliceScanPlan}, m.TryWrapScanPlanFuncs...)
}

// Codec is the [pgtype.Codec] that [Register] installs for the uuid type.
// It encodes and scans [uuid.UUID], *uuid.UUID, **uuid.UUID (as a scan
// target) and [uuid.NullUUID] itself, in the binary and the text format,
// and passes every other Go type on to [pgtype.UUIDCodec]. The zero value
// is ready to use.
type Codec struct{}

var _ pgtype.Codec = Codec{}

// FormatSupported reports whether format is the text or the binary format.
func (Codec) FormatSupported(format int16) bool {
	return format == pgtype.TextFormatCode || format == pgtype.BinaryFormatCode
}

// PreferredFormat returns the binary format: 16 bytes a value.
func (Codec) PreferredFormat() int16 { return pgtype.BinaryFormatCode }

// PlanEncode returns a plan that encodes value as a uuid in format.
func (Codec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	switch value.(type) {
	case uuid.UUID, *uuid.UUID, uuid.NullUUID, *uuid.NullUUID:
		switch format {
		case pgtype.BinaryFormatCode:
			return encodeBinary{}
		case pgtype.TextFormatCode:
			return encodeText{}
		}
		return nil
	}
	return pgtype.UUIDCodec{}.PlanEncode(m, oid, format, value)
}

// valueOf returns the UUID that value holds and reports whether it is
// not NULL. value is one of the types PlanEncode accepts.
func valueOf(value any) (uuid.UUID, bool) {
	switch v := value.(type) {
	case uuid.UUID:
		return v, true
	case *uuid.UUID:
		if v == nil {
			return uuid.UUID{}, false
		}
		return *v, true
	case uuid.NullUUID:
		return v.UUID, v.Valid
	case *uuid.NullUUID:
		if v == nil {
			return uuid.UUID{}, false
		}
		return v.UUID, v.Valid
	}
	panic("pgxuuid: unexpected value type") // PlanEncode admits no other type.
}

// encodeBinary writes the 16 bytes of a UUID in RFC 9562 order, which is
// PostgreSQL's uuid_send format.
type encodeBinary struct{}

func (encodeBinary) Encode(value any, buf []byte) ([]byte, error) {
	u, ok := valueOf(value)
	if !ok {
		return nil, nil
	}
	return append(buf, u[:]...), nil
}

// encodeText writes the canonical 36-character form.
type encodeText struct{}

func (encodeText) Encode(value any, buf []byte) ([]byte, error) {
	u, ok := valueOf(value)
	if !ok {
		return nil, nil
	}
	return u.AppendText(buf)
}

// PlanScan returns a plan that scans a uuid in format into a target of the
// same type as target.
func (Codec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	if format != pgtype.BinaryFormatCode && format != pgtype.TextFormatCode {
		return nil
	}
	switch target.(type) {
	case *uuid.UUID:
		return scanUUID{format}
	case *uuid.NullUUID:
		return scanNullUUID{format}
	case **uuid.UUID:
		return scanUUIDPointer{format}
	}
	return pgtype.UUIDCodec{}.PlanScan(m, oid, format, target)
}

// decode reads a non-NULL uuid value in format. It allocates nothing unless
// src is text that is not a UUID, which gives a [*uuid.ParseError]; binary
// of the wrong length gives an error matching [uuid.ErrLength].
func decode(format int16, src []byte) (uuid.UUID, error) {
	if format == pgtype.BinaryFormatCode {
		return uuid.FromBytes(src)
	}
	return uuid.ParseBytes(src)
}

type scanUUID struct{ format int16 }

func (p scanUUID) Scan(src []byte, target any) error {
	if src == nil {
		return uuid.ErrScanNull
	}
	u, err := decode(p.format, src)
	if err != nil {
		return err
	}
	*target.(*uuid.UUID) = u
	return nil
}

// scanNullUUID sets a NullUUID as [uuid.NullUUID.Scan] does: NULL makes it
// the zero value, and a failure sets Valid to false and keeps UUID.
type scanNullUUID struct{ format int16 }

func (p scanNullUUID) Scan(src []byte, target any) error {
	if src == nil {
		*target.(*uuid.NullUUID) = uuid.NullUUID{}
		return nil
	}
	n := target.(*uuid.NullUUID)
	u, err := decode(p.format, src)
	if err != nil {
		n.Valid = false
		return err
	}
	*n = uuid.NullUUID{UUID: u, Valid: true}
	return nil
}

// scanUUIDPointer sets a *uuid.UUID to nil for NULL and to a new UUID
// otherwise.
type scanUUIDPointer struct{ format int16 }

func (p scanUUIDPointer) Scan(src []byte, target any) error {
	dst := target.(**uuid.UUID)
	if src == nil {
		*dst = nil
		return nil
	}
	u, err := decode(p.format, src)
	if err != nil {
		return err
	}
	*dst = &u
	return nil
}

// DecodeDatabaseSQLValue returns the canonical text form of a uuid, as
// pgx's stdlib driver hands it to database/sql, or nil for NULL.
func (Codec) DecodeDatabaseSQLValue(m *pgtype.Map, oid uint32, format int16, src []byte) (driver.Value, error) {
	if src == nil {
		return nil, nil
	}
	u, err := decode(format, src)
	if err != nil {
		return nil, err
	}
	return u.String(), nil
}

// DecodeValue returns a uuid as a [uuid.UUID], or nil for NULL.
func (Codec) DecodeValue(m *pgtype.Map, oid uint32, format int16, src []byte) (any, error) {
	if src == nil {
		return nil, nil
	}
	u, err := decode(format, src)
	if err != nil {
		return nil, err
	}
	return u, nil
}
