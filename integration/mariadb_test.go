package integration

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/go-sql-driver/mysql"
)

// envMariaDB names the variable that holds the MariaDB server's data source
// name, in github.com/go-sql-driver/mysql's form.
const envMariaDB = "UUID_TEST_MARIADB"

// mariaDSN returns the data source name of the test server, or fails the
// test: these tests never pass by skipping.
func mariaDSN(t testing.TB) string {
	t.Helper()
	return serverEnv(t, envMariaDB, "MariaDB")
}

// mariaConn is one connection to the test server, so that temporary tables
// live as long as the test. With interpolate set the driver puts the
// arguments into the query text (the text protocol); without it, it sends
// them apart, in a prepared statement (the binary protocol).
type mariaConn struct {
	name string
	*sql.Conn
}

func connectMariaDB(t testing.TB, interpolate bool) mariaConn {
	t.Helper()
	cfg, err := mysql.ParseDSN(mariaDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.InterpolateParams = interpolate
	connector, err := mysql.NewConnector(cfg)
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(connector)
	t.Cleanup(func() { db.Close() })
	conn, err := db.Conn(testContext(t))
	if err != nil {
		t.Fatalf("connecting to %q: %v", mariaDSN(t), err)
	}
	t.Cleanup(func() { conn.Close() })
	name := "prepared"
	if interpolate {
		name = "interpolated"
	}
	return mariaConn{name, conn}
}

// mariaConns returns a connection of each kind.
func mariaConns(t *testing.T) []mariaConn {
	return []mariaConn{connectMariaDB(t, false), connectMariaDB(t, true)}
}

func (c mariaConn) exec(t *testing.T, query string, args ...any) {
	t.Helper()
	if _, err := c.ExecContext(testContext(t), query, args...); err != nil {
		t.Fatalf("%s: %s: %v", c.name, query, err)
	}
}

// TestMariaDBVersion checks that the server has the UUID type (10.7 and
// later) and logs which version the other tests ran against.
func TestMariaDBVersion(t *testing.T) {
	c := connectMariaDB(t, false)
	var v string
	if err := c.QueryRowContext(testContext(t), `SELECT VERSION()`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	t.Logf("server version %s", v)
	var major, minor int
	if _, err := fmt.Sscanf(v, "%d.%d", &major, &minor); err != nil || !strings.Contains(v, "MariaDB") {
		t.Fatalf("VERSION() = %q; want a MariaDB version", v)
	}
	if major < 10 || major == 10 && minor < 7 {
		t.Fatalf("MariaDB %s has no UUID type; these tests need 10.7 or later", v)
	}
}

// mariaDBRefuses reports whether MariaDB's UUID type refuses u, as
// TestMariaDBRefuses shows: a UUID whose byte 6 is 0x80 or more (versions
// 8 to 15) and whose byte 8 is from 0x01 to 0x80, such as a v8 UUID whose
// byte 8 is 0x80. (Stored as it is, such a value would read back as one
// stored with its groups swapped; see mariaDBKey.)
func mariaDBRefuses(u uuid.UUID) bool {
	return u[6] >= 0x80 && u[8] >= 0x01 && u[8] <= 0x80
}

// TestMariaDBRefuses inserts UUIDs with byte 6 and byte 8 at the edges of
// mariaDBRefuses into a UUID column, which refuses exactly those it names.
func TestMariaDBRefuses(t *testing.T) {
	c := connectMariaDB(t, false)
	c.exec(t, `CREATE TEMPORARY TABLE refuse (u UUID)`)
	edges := []byte{0x00, 0x01, 0x0f, 0x10, 0x5f, 0x60, 0x7f, 0x80, 0x81, 0x8f, 0xbf, 0xc0, 0xff}
	refused := 0
	for _, b6 := range edges {
		for _, b8 := range edges {
			u := uuid.NewV4()
			u[6], u[8] = b6, b8
			_, err := c.ExecContext(testContext(t), `INSERT INTO refuse VALUES (?)`, u)
			var me *mysql.MySQLError
			switch want := mariaDBRefuses(u); {
			case want && (!errors.As(err, &me) || me.Number != 1292):
				t.Errorf("%v (byte 6 %#02x, byte 8 %#02x): %v; want MySQL error 1292 (incorrect uuid value)", u, b6, b8, err)
			case !want && err != nil:
				t.Errorf("%v (byte 6 %#02x, byte 8 %#02x): %v; want it stored", u, b6, b8, err)
			case want:
				refused++
			}
		}
	}
	if refused == 0 {
		t.Error("no UUID was refused")
	}
	// A v8 UUID is refused when its byte 8 is 0x80 (1 in 64 of them).
	if v8 := uuid.NewV8([16]byte{8: 0x00}); !mariaDBRefuses(v8) || mariaDBRefuses(uuid.NewV8([16]byte{8: 0x01})) {
		t.Errorf("mariaDBRefuses(%v) = false or mariaDBRefuses of a v8 with byte 8 0x81 = true", v8)
	}
}

// TestMariaDBRoundTrip writes one UUID of each version to a UUID, a
// BINARY(16) and a CHAR(36) column, checks what the server stored, and
// reads it back into every scan target.
func TestMariaDBRoundTrip(t *testing.T) {
	ctx := testContext(t)
	for _, c := range mariaConns(t) {
		t.Run(c.name, func(t *testing.T) {
			c.exec(t, `CREATE TEMPORARY TABLE ids (n INT PRIMARY KEY, u UUID, b BINARY(16), c CHAR(36))`)
			for i, v := range versions() {
				u := v.u
				// u goes as its text (UUID.Value), u[:] as 16 bytes.
				c.exec(t, `INSERT INTO ids (n, b, c) VALUES (?, ?, ?)`, i, u[:], u)
				_, err := c.ExecContext(ctx, `UPDATE ids SET u = ? WHERE n = ?`, u, i)
				cols := []string{"b", "c"}
				if mariaDBRefuses(u) {
					var me *mysql.MySQLError
					if !errors.As(err, &me) || me.Number != 1292 {
						t.Errorf("%s: %v into UUID: %v; want MySQL error 1292 (incorrect uuid value)", v.name, u, err)
					}
				} else if err != nil {
					t.Errorf("%s: %v into UUID: %v", v.name, u, err)
				} else {
					cols = append(cols, "u")
				}

				var text sql.NullString
				var bHex, cText string
				err = c.QueryRowContext(ctx, `SELECT CAST(u AS CHAR), HEX(b), c FROM ids WHERE n = ?`, i).Scan(&text, &bHex, &cText)
				wantHex := strings.ToUpper(strings.ReplaceAll(u.String(), "-", ""))
				wantText := sql.NullString{String: u.String(), Valid: true}
				if mariaDBRefuses(u) {
					wantText = sql.NullString{}
				}
				if err != nil || text != wantText || bHex != wantHex || cText != u.String() {
					t.Errorf("%s: the server stored UUID %v, BINARY(16) %s, CHAR(36) %q, %v; want %v, %s, %q",
						v.name, text, bHex, cText, err, wantText, wantHex, u)
				}

				for _, col := range cols {
					q := `SELECT ` + col + ` FROM ids WHERE n = ?`
					var got uuid.UUID
					if err := c.QueryRowContext(ctx, q, i).Scan(&got); err != nil || got != u {
						t.Errorf("%s: %s into UUID = %v, %v; want %v", v.name, col, got, err, u)
					}
					var p *uuid.UUID
					if err := c.QueryRowContext(ctx, q, i).Scan(&p); err != nil || p == nil || *p != u {
						t.Errorf("%s: %s into *UUID = %v, %v; want &%v", v.name, col, p, err, u)
					}
					var n uuid.NullUUID
					if err := c.QueryRowContext(ctx, q, i).Scan(&n); err != nil || n != (uuid.NullUUID{UUID: u, Valid: true}) {
						t.Errorf("%s: %s into NullUUID = %+v, %v; want valid %v", v.name, col, n, err, u)
					}
					// Each column finds the row by a parameter of its form.
					arg := any(u)
					if col == "b" {
						arg = u[:]
					}
					var found int
					if err := c.QueryRowContext(ctx, `SELECT n FROM ids WHERE `+col+` = ?`, arg).Scan(&found); err != nil || found != i {
						t.Errorf("%s: WHERE %s = ?: row %d, %v; want %d", v.name, col, found, err, i)
					}
				}
			}

			// 16 bytes into a UUID column: the driver puts them into the
			// query as a binary string when it interpolates, which the
			// column takes; in a prepared statement it sends them as a
			// string in the connection's character set, which it refuses.
			u := uuid.NewV4()
			_, err := c.ExecContext(ctx, `INSERT INTO ids (n, u) VALUES (-1, ?)`, u[:])
			var me *mysql.MySQLError
			if c.name == "prepared" && (!errors.As(err, &me) || me.Number != 1292) {
				t.Errorf("u[:] into UUID: %v; want MySQL error 1292 (incorrect uuid value)", err)
			}
			if c.name == "interpolated" {
				var got uuid.UUID
				if err != nil {
					t.Errorf("u[:] into UUID: %v", err)
				} else if err := c.QueryRowContext(ctx, `SELECT u FROM ids WHERE n = -1`).Scan(&got); err != nil || got != u {
					t.Errorf("u[:] into UUID read back as %v, %v; want %v", got, err, u)
				}
			}

			// u itself is 36 characters of text, too long for BINARY(16):
			// in strict mode (MariaDB's default) the server refuses it.
			_, err = c.ExecContext(ctx, `INSERT INTO ids (n, b) VALUES (-2, ?)`, u)
			if !errors.As(err, &me) || me.Number != 1406 {
				t.Errorf("a UUID into BINARY(16): %v; want MySQL error 1406 (data too long)", err)
			}
			// And text that is not a UUID is refused by a UUID column.
			_, err = c.ExecContext(ctx, `INSERT INTO ids (n, u) VALUES (-3, ?)`, "not a uuid")
			if !errors.As(err, &me) || me.Number != 1292 {
				t.Errorf("text that is not a UUID into UUID: %v; want MySQL error 1292 (incorrect value)", err)
			}
		})
	}
}

// nullArg returns n as a parameter for a BINARY(16) column: its 16 bytes,
// or nil for NULL.
func nullArg(n uuid.NullUUID) any {
	if !n.Valid {
		return nil
	}
	return n.UUID[:]
}

func TestMariaDBNull(t *testing.T) {
	ctx := testContext(t)
	for _, c := range mariaConns(t) {
		t.Run(c.name, func(t *testing.T) {
			c.exec(t, `CREATE TEMPORARY TABLE nulls (n INT PRIMARY KEY, u UUID NULL, b BINARY(16) NULL)`)
			u := uuid.NewV4()
			args := []struct {
				u, b any
			}{
				{uuid.NullUUID{}, nullArg(uuid.NullUUID{})},
				{uuid.NullUUID{UUID: u}, nullArg(uuid.NullUUID{UUID: u})}, // not Valid: NULL
				{(*uuid.UUID)(nil), nil},
				{nil, nil},
			}
			for i, a := range args {
				c.exec(t, `INSERT INTO nulls (n, u, b) VALUES (?, ?, ?)`, i, a.u, a.b)
				var uNull, bNull bool
				err := c.QueryRowContext(ctx, `SELECT u IS NULL, b IS NULL FROM nulls WHERE n = ?`, i).Scan(&uNull, &bNull)
				if err != nil || !uNull || !bNull {
					t.Errorf("parameters %#v, %#v: IS NULL = %v, %v, %v; want true, true", a.u, a.b, uNull, bNull, err)
				}
			}
			// A valid NullUUID is the UUID.
			valid := uuid.NullUUID{UUID: u, Valid: true}
			c.exec(t, `INSERT INTO nulls (n, u, b) VALUES (?, ?, ?)`, len(args), valid, nullArg(valid))

			for _, col := range []string{"u", "b"} {
				q := `SELECT ` + col + ` FROM nulls WHERE n = ?`
				got := u
				if err := c.QueryRowContext(ctx, q, 0).Scan(&got); !errors.Is(err, uuid.ErrScanNull) || got != u {
					t.Errorf("NULL %s into UUID = %v, %v; want it unchanged and an error matching uuid.ErrScanNull", col, got, err)
				}
				p := &got
				if err := c.QueryRowContext(ctx, q, 0).Scan(&p); err != nil || p != nil {
					t.Errorf("NULL %s into *UUID = %v, %v; want nil", col, p, err)
				}
				n := valid
				if err := c.QueryRowContext(ctx, q, 0).Scan(&n); err != nil || n != (uuid.NullUUID{}) {
					t.Errorf("NULL %s into NullUUID = %+v, %v; want Valid == false", col, n, err)
				}
				n = uuid.NullUUID{}
				if err := c.QueryRowContext(ctx, q, len(args)).Scan(&n); err != nil || n != valid {
					t.Errorf("%s into NullUUID = %+v, %v; want %+v", col, n, err, valid)
				}
			}
		})
	}
}

// mariaDBKey returns the bytes by which, as TestMariaDBOrderBy shows,
// MariaDB's UUID type sorts u. For a UUID whose byte 6 is from 0x01 to 0x5f
// (versions 1 to 5, and version 0 with other bits set there) and whose
// byte 8 is 0x80 or more (the RFC 9562 variant and the two reserved ones),
// they are u's five groups in reverse order: node, clock sequence,
// time_hi, time_mid, time_low, so that v1 UUIDs of one node and clock
// sequence sort by time. For every other UUID, among them all v6 and v7
// UUIDs, they are u's own bytes.
func mariaDBKey(u uuid.UUID) [16]byte {
	if u[6] < 0x01 || u[6] > 0x5f || u[8] < 0x80 {
		return u
	}
	var k [16]byte
	copy(k[0:6], u[10:16])
	copy(k[6:8], u[8:10])
	copy(k[8:10], u[6:8])
	copy(k[10:12], u[4:6])
	copy(k[12:16], u[0:4])
	return k
}

func compareMariaDB(a, b uuid.UUID) int {
	ka, kb := mariaDBKey(a), mariaDBKey(b)
	return bytes.Compare(ka[:], kb[:])
}

// insertMany inserts rows into table, whose columns are cols, some hundred
// rows a statement.
func (c mariaConn) insertMany(t *testing.T, table, cols string, rows [][]any) {
	t.Helper()
	const batch = 500
	for len(rows) > 0 {
		n := min(len(rows), batch)
		placeholders := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(rows[0])), ", ") + ")"
		q := `INSERT INTO ` + table + ` (` + cols + `) VALUES ` +
			strings.TrimSuffix(strings.Repeat(placeholders+", ", n), ", ")
		var args []any
		for _, r := range rows[:n] {
			args = append(args, r...)
		}
		c.exec(t, q, args...)
		rows = rows[n:]
	}
}

// queryUUIDs returns the one column of UUIDs that query selects.
func (c mariaConn) queryUUIDs(t *testing.T, query string, args ...any) []uuid.UUID {
	t.Helper()
	rows, err := c.QueryContext(testContext(t), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var out []uuid.UUID
	for rows.Next() {
		var u uuid.UUID
		if err := rows.Scan(&u); err != nil {
			t.Fatal(err)
		}
		out = append(out, u)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// orderSets returns sets of UUIDs to sort, in an order of their own: in
// creation order, which for v1 (one node, one clock sequence), v6 and v7
// is time order.
func orderSets(t *testing.T) []struct {
	name string
	ids  []uuid.UUID
} {
	const n = 10_000
	rng := rand.New(rand.NewPCG(1, 2))

	v4 := make([]uuid.UUID, n)
	for i := range v4 {
		v4[i] = uuid.NewV4()
	}
	v7 := make([]uuid.UUID, n)
	uuid.FillV7(v7)

	// v1 and v6 from one node, with a clock that advances by up to 30
	// minutes a call, so that time_low (the first 4 bytes of a v1 UUID,
	// 7 minutes' worth of 100 ns) wraps many times over.
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	g := uuid.NewGenerator(uuid.GeneratorOptions{
		Now:  func() time.Time { now = now.Add(time.Duration(rng.Int64N(int64(30 * time.Minute)))); return now },
		Node: uuid.StaticNode([6]byte{0x02, 0, 0, 0, 0, 0x01}),
	})
	v1 := make([]uuid.UUID, n)
	v6 := make([]uuid.UUID, n)
	for i := range v1 {
		var err error
		if v1[i], err = g.NewV1(); err != nil {
			t.Fatal(err)
		}
		if v6[i], err = g.NewV6(); err != nil {
			t.Fatal(err)
		}
	}

	// Every version and variant, with random bits elsewhere, and the
	// edges of a signed comparison.
	var mixed []uuid.UUID
	for range n / 10 {
		var u uuid.UUID
		for i := range u {
			u[i] = byte(rng.Uint32())
		}
		mixed = append(mixed, u)
	}
	mixed = append(mixed, edgeUUIDs()...)
	for _, v := range versions() {
		mixed = append(mixed, v.u)
	}
	// Leave out what the UUID type refuses.
	mixed = slices.DeleteFunc(mixed, mariaDBRefuses)
	return []struct {
		name string
		ids  []uuid.UUID
	}{
		{"v1", v1}, {"v4", v4}, {"v6", v6}, {"v7", v7}, {"mixed", mixed},
	}
}

// TestMariaDBOrderBy sorts sets of UUIDs by a UUID, a BINARY(16) and a
// CHAR(36) column with ORDER BY and compares the order with
// uuid.UUID.Compare: BINARY(16) and CHAR(36) sort as Compare does for every
// UUID; the UUID type sorts v6, v7 and UUIDs of other versions and variants
// as Compare does, and v1 to v5 by mariaDBKey, so that v4 UUIDs sort in
// another order than Compare's and v1 UUIDs of one node in time order.
func TestMariaDBOrderBy(t *testing.T) {
	c := connectMariaDB(t, false)
	for _, set := range orderSets(t) {
		t.Run(set.name, func(t *testing.T) {
			c.exec(t, `CREATE TEMPORARY TABLE ordered (n INT PRIMARY KEY, u UUID NOT NULL, b BINARY(16) NOT NULL, c CHAR(36) NOT NULL)`)
			defer c.exec(t, `DROP TEMPORARY TABLE ordered`)
			// Inserted in a shuffled order, so that no order comes for free.
			rows := make([][]any, len(set.ids))
			for i, u := range set.ids {
				rows[i] = []any{i, u, u[:], u}
			}
			rand.New(rand.NewPCG(3, 4)).Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
			c.insertMany(t, "ordered", "n, u, b, c", rows)

			byCompare := slices.Clone(set.ids)
			slices.SortFunc(byCompare, uuid.UUID.Compare)
			byKey := slices.Clone(set.ids)
			slices.SortFunc(byKey, compareMariaDB)

			for _, col := range []string{"b", "c"} {
				checkOrder(t, col, c.queryUUIDs(t, `SELECT `+col+` FROM ordered ORDER BY `+col), byCompare, "uuid.UUID.Compare")
			}
			got := c.queryUUIDs(t, `SELECT u FROM ordered ORDER BY u`)
			checkOrder(t, "u", got, byKey, "mariaDBKey")
			switch set.name {
			case "v6", "v7":
				// Their order is Compare's, which is time order.
				checkOrder(t, "u", got, byCompare, "uuid.UUID.Compare")
				checkOrder(t, "u", got, set.ids, "creation")
			case "v1":
				// One node and clock sequence: time order, not Compare's.
				checkOrder(t, "u", got, set.ids, "creation")
				fallthrough
			case "v4":
				if slices.Equal(got, byCompare) {
					t.Errorf("u: ORDER BY gives uuid.UUID.Compare's order; mariaDBKey says it should not")
				}
			}
			// A comparison with a parameter agrees with the order.
			mid := byKey[len(byKey)/2]
			var below int
			if err := c.QueryRowContext(testContext(t), `SELECT COUNT(*) FROM ordered WHERE u < ?`, mid).Scan(&below); err != nil || below != len(byKey)/2 {
				t.Errorf("u < the middle UUID: %d rows, %v; want %d", below, err, len(byKey)/2)
			}
		})
	}
}

func checkOrder(t *testing.T, col string, got, want []uuid.UUID, wantName string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: ORDER BY gave %d rows; want %d", col, len(got), len(want))
		return
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: ORDER BY row %d = %v; %s order has %v", col, i, got[i], wantName, want[i])
			return
		}
	}
}
