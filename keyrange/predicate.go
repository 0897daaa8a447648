package keyrange

import (
	"encoding/hex"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/operr"
	"github.com/afb7af96/uuid/mysqluuid"
)

// Predicate returns r as a condition on column in r's order's dialect, as
// [Range.AppendPredicate] writes it.
func (r Range) Predicate(column string) (string, error) {
	b, err := r.appendPredicate(make([]byte, 0, 2*len(column)+112), column, "Predicate")
	return string(b), err
}

// AppendPredicate appends to dst the condition that selects the rows of r
// by their key in column, in the dialect of r's order, and returns the
// extended buffer:
//
//	PostgreSQL         "id" >= '…'::uuid AND "id" < '…'::uuid
//	DuckDB             "id" >= '…'::UUID AND "id" < '…'::UUID
//	ClickHouse         `id` >= toUUID('…') AND `id` < toUUID('…')
//	SQLServer          [id] >= CAST('…' AS uniqueidentifier) AND [id] < CAST('…' AS uniqueidentifier)
//	MySQLText          `id` >= '…' AND `id` < '…'
//	MySQLBinary        `id` >= X'…' AND `id` < X'…'
//	MySQLSwapped       `id` >= X'…' AND `id` < X'…'
//	CassandraUUID      "id" >= … AND "id" < …
//	CassandraTimeUUID  "id" >= … AND "id" < …
//
// For the BINARY(16) columns of MySQLBinary and MySQLSwapped, a bound is
// the 16 bytes the column holds, UUID_TO_BIN(u) or UUID_TO_BIN(u, 1), as
// a hex string literal, which MySQL 5.7 and MariaDB, which have no
// UUID_TO_BIN, read too.
//
// The low bound is left out when r.Low is the least UUID of the order (the
// first range of a split), and the high bound when r is Last; a range
// with neither reads "id" IS NOT NULL, in CQL "id" >= its least UUID.
// Every bound is a constant, so the engine can use an index on column.
//
// column is the column's name as the engine stores it, case included
// (quoting makes it case-sensitive), optionally qualified by a table or
// schema with dots ("t.id"); each dot-separated part is quoted. A part
// may hold only ASCII letters, digits, underscores and dollar signs, so
// no name can change the statement: another name gives an error matching
// [ErrColumn]. A range with no order gives an error matching [ErrOrder],
// and one whose Low is above its High in its order an error matching
// [ErrBounds]. On error dst is returned unchanged.
func (r Range) AppendPredicate(dst []byte, column string) ([]byte, error) {
	return r.appendPredicate(dst, column, "AppendPredicate")
}

func (r Range) appendPredicate(dst []byte, column, op string) ([]byte, error) {
	o := r.Order
	if !o.valid() {
		return dst, orderError(op, o, "unknown order")
	}
	low := o.key(r.Low)
	if !r.Last && low.cmp(o.key(r.High)) > 0 {
		return dst, boundsError(op, r)
	}
	if !validColumn(column) {
		return dst, &operr.Error{Pkg: pkg, Op: op, Input: quoteInput(column), Problem: "invalid column name", Kind: ErrColumn}
	}
	hasLow := low != (u128{})
	cql := o == CassandraUUID || o == CassandraTimeUUID
	if !hasLow && r.Last && !cql {
		dst = appendColumn(dst, o, column)
		return append(dst, " IS NOT NULL"...), nil
	}
	if hasLow || r.Last {
		dst = appendColumn(dst, o, column)
		dst = append(dst, " >= "...)
		dst = appendLiteral(dst, o, r.Low)
	}
	if !r.Last {
		if hasLow {
			dst = append(dst, " AND "...)
		}
		dst = appendColumn(dst, o, column)
		dst = append(dst, " < "...)
		dst = appendLiteral(dst, o, r.High)
	}
	return dst, nil
}

// validColumn reports whether name is one or more dot-separated parts,
// each non-empty and of ASCII letters, digits, '_' and '$' only, and at
// most 1024 bytes in all.
func validColumn(name string) bool {
	if name == "" || len(name) > 1024 {
		return false
	}
	part := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '.':
			if part == 0 {
				return false
			}
			part = 0
			continue
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '_', c == '$':
		default:
			return false
		}
		part++
	}
	return part > 0
}

// quoteInput returns name for an error's Input: quoted, and cut to 64
// bytes.
func quoteInput(name string) string {
	if len(name) > 64 {
		name = name[:64] + "…"
	}
	b := []byte{'"'}
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c < 0x20 || c == 0x7f:
			b = append(b, '\\', 'x', "0123456789abcdef"[c>>4], "0123456789abcdef"[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return string(append(b, '"'))
}

// appendColumn appends the valid name, each dotted part in o's identifier
// quotes.
func appendColumn(dst []byte, o Order, name string) []byte {
	open, end := byte('"'), byte('"')
	switch o {
	case ClickHouse, MySQLText, MySQLBinary, MySQLSwapped:
		open, end = '`', '`'
	case SQLServer:
		open, end = '[', ']'
	}
	dst = append(dst, open)
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			dst = append(dst, end, '.', open)
			continue
		}
		dst = append(dst, name[i])
	}
	return append(dst, end)
}

// appendLiteral appends u as a constant of o's column type.
func appendLiteral(dst []byte, o Order, u uuid.UUID) []byte {
	var before, after string
	switch o {
	case PostgreSQL:
		before, after = "'", "'::uuid"
	case DuckDB:
		before, after = "'", "'::UUID"
	case ClickHouse:
		before, after = "toUUID('", "')"
	case SQLServer:
		before, after = "CAST('", "' AS uniqueidentifier)"
	case MySQLText:
		before, after = "'", "'"
	case MySQLBinary:
		return appendHex(dst, u)
	case MySQLSwapped:
		return appendHex(dst, mysqluuid.UUIDToBin(u, true))
	}
	dst = append(dst, before...)
	dst, _ = u.AppendText(dst) // never fails
	return append(dst, after...)
}

// appendHex appends b as an SQL hex string literal, X'…'.
func appendHex(dst []byte, b [16]byte) []byte {
	dst = append(dst, "X'"...)
	dst = hex.AppendEncode(dst, b[:])
	return append(dst, '\'')
}
