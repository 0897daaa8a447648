package sqlserveruuid

import (
	"database/sql/driver"

	"github.com/afb7af96/uuid"
)

// GUID is a UUID read from a driver that hands a uniqueidentifier over as
// the GUID's own 16 bytes, first three fields little-endian: go-mssqldb
// without "guid conversion=true". Scan into it by converting a
// *uuid.UUID, as in rows.Scan((*sqlserveruuid.GUID)(&id)). Its zero value
// is the Nil UUID.
type GUID uuid.UUID

// Scan implements [database/sql.Scanner]. Sixteen bytes are a GUID's bytes,
// converted as [uuid.FromBytesLE] does; text is parsed as [uuid.UUID.Scan]
// parses it, and every other source fails as it does there (SQL NULL with
// [uuid.ErrScanNull]). On failure g is unchanged.
func (g *GUID) Scan(src any) error {
	if b, ok := src.([]byte); ok && len(b) == uuid.Size {
		u, err := uuid.FromBytesLE(b)
		if err != nil {
			return err
		}
		*g = GUID(u)
		return nil
	}
	return (*uuid.UUID)(g).Scan(src)
}

// Value implements [database/sql/driver.Valuer]: the UUID's 36 characters
// of text, which SQL Server converts to a uniqueidentifier whatever the
// driver's guid conversion setting.
func (g GUID) Value() (driver.Value, error) { return uuid.UUID(g).String(), nil }

// String returns the canonical text of the UUID.
func (g GUID) String() string { return uuid.UUID(g).String() }
