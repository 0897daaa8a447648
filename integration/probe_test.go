package integration

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"net"
	"slices"
	"sync"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/pgxuuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
)

// recorder keeps a copy of every byte the client writes to the server.
type recorder struct {
	net.Conn
	mu  sync.Mutex
	out []byte
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	r.out = append(r.out, p...)
	r.mu.Unlock()
	return r.Conn.Write(p)
}

func (r *recorder) take() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.out
	r.out = nil
	return out
}

// bind is the part of a Bind message (PostgreSQL protocol, "Message
// Formats") that says in which formats the parameters were sent and the
// results are wanted.
type bind struct {
	paramFormats  []int16
	params        [][]byte
	resultFormats []int16
}

// lastBind finds the last Bind message in client messages that follow the
// startup phase: a type byte, then a length that counts itself.
func lastBind(msgs []byte) (bind, error) {
	var b bind
	found := false
	for len(msgs) > 0 {
		if len(msgs) < 5 {
			return b, fmt.Errorf("truncated message header %x", msgs)
		}
		typ, n := msgs[0], int(binary.BigEndian.Uint32(msgs[1:5]))
		if n < 4 || len(msgs) < 1+n {
			return b, fmt.Errorf("message %q of length %d in %d bytes", typ, n, len(msgs))
		}
		body := msgs[5 : 1+n]
		msgs = msgs[1+n:]
		if typ != 'B' {
			continue
		}
		var err error
		if b, err = parseBind(body); err != nil {
			return b, err
		}
		found = true
	}
	if !found {
		return b, fmt.Errorf("no Bind message")
	}
	return b, nil
}

func parseBind(body []byte) (bind, error) {
	var b bind
	bad := fmt.Errorf("malformed Bind message %x", body)
	for range 2 { // portal and statement names
		i := bytes.IndexByte(body, 0)
		if i < 0 {
			return b, bad
		}
		body = body[i+1:]
	}
	int16s := func() ([]int16, bool) {
		if len(body) < 2 {
			return nil, false
		}
		n := int(binary.BigEndian.Uint16(body))
		body = body[2:]
		if len(body) < 2*n {
			return nil, false
		}
		out := make([]int16, n)
		for i := range out {
			out[i] = int16(binary.BigEndian.Uint16(body[2*i:]))
		}
		body = body[2*n:]
		return out, true
	}
	var ok bool
	if b.paramFormats, ok = int16s(); !ok {
		return b, bad
	}
	if len(body) < 2 {
		return b, bad
	}
	nParams := int(binary.BigEndian.Uint16(body))
	body = body[2:]
	for range nParams {
		if len(body) < 4 {
			return b, bad
		}
		n := int32(binary.BigEndian.Uint32(body))
		body = body[4:]
		if n < 0 {
			b.params = append(b.params, nil)
			continue
		}
		if len(body) < int(n) {
			return b, bad
		}
		b.params = append(b.params, body[:n])
		body = body[n:]
	}
	if b.resultFormats, ok = int16s(); !ok || len(body) != 0 {
		return b, bad
	}
	return b, nil
}

// recordedConfig returns a connection configuration whose connections
// record their client-to-server bytes in *rec.
func recordedConfig(t *testing.T, rec **recorder) *pgx.ConnConfig {
	t.Helper()
	config, err := pgx.ParseConfig(connString(t))
	if err != nil {
		t.Fatal(err)
	}
	config.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		*rec = &recorder{Conn: c}
		return *rec, nil
	}
	return config
}

// connectRecorded opens a pgx connection whose client-to-server bytes are
// recorded, registered with pgxuuid if reg is set.
func connectRecorded(t *testing.T, reg bool) (*pgx.Conn, *recorder) {
	t.Helper()
	var rec *recorder
	conn, err := pgx.ConnectConfig(context.Background(), recordedConfig(t, &rec))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	if reg {
		pgxuuid.Register(conn.TypeMap())
	}
	rec.take() // the startup messages have another layout
	return conn, rec
}

// TestBinaryProbe proves that with Register a UUID goes to the server as 16
// bytes in the binary format, comes back the same way, and is scanned
// without allocating.
func TestBinaryProbe(t *testing.T) {
	ctx := testContext(t)
	conn, rec := connectRecorded(t, true)
	u := uuid.NewV7()

	for _, arg := range []any{u, &u, uuid.NullUUID{UUID: u, Valid: true}} {
		rows, err := conn.Query(ctx, `SELECT $1::uuid`, arg)
		if err != nil {
			t.Fatal(err)
		}
		if !rows.Next() {
			t.Fatalf("%T: no row: %v", arg, rows.Err())
		}
		fd := rows.FieldDescriptions()[0]
		raw := slices.Clone(rows.RawValues()[0])
		var got uuid.UUID
		if err := rows.Scan(&got); err != nil || got != u {
			t.Errorf("%T: Scan = %v, %v; want %v", arg, got, err, u)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}

		b, err := lastBind(rec.take())
		if err != nil {
			t.Fatalf("%T: %v", arg, err)
		}
		if !slices.Equal(b.paramFormats, []int16{pgtype.BinaryFormatCode}) || len(b.params) != 1 || !bytes.Equal(b.params[0], u[:]) {
			t.Errorf("%T parameter sent as formats %v, values %x; want format [1] and the 16 bytes %x",
				arg, b.paramFormats, b.params, u[:])
		}
		if !slices.Equal(b.resultFormats, []int16{pgtype.BinaryFormatCode}) {
			t.Errorf("%T: result formats asked for = %v; want [1]", arg, b.resultFormats)
		}
		if fd.DataTypeOID != pgtype.UUIDOID || fd.Format != pgtype.BinaryFormatCode || !bytes.Equal(raw, u[:]) {
			t.Errorf("%T: result column of OID %d in format %d, value %x; want uuid (2950) in format 1, %x",
				arg, fd.DataTypeOID, fd.Format, raw, u[:])
		}

		// The connection's own map scans the value the server sent, in the
		// format it was sent in, without allocating.
		m := conn.TypeMap()
		var dst uuid.UUID
		var n uuid.NullUUID
		if a := testing.AllocsPerRun(1000, func() { _ = m.Scan(fd.DataTypeOID, fd.Format, raw, &dst) }); a != 0 || dst != u {
			t.Errorf("Map.Scan into UUID: %v allocations, got %v; want 0, %v", a, dst, u)
		}
		if a := testing.AllocsPerRun(1000, func() { _ = m.Scan(fd.DataTypeOID, fd.Format, raw, &n) }); a != 0 || n.UUID != u {
			t.Errorf("Map.Scan into NullUUID: %v allocations, got %v; want 0, %v", a, n, u)
		}
	}

	// A uuid[] goes as one binary array of 16-byte elements.
	ids := []uuid.UUID{uuid.NewV4(), uuid.NewV4()}
	var back []uuid.UUID
	if err := conn.QueryRow(ctx, `SELECT $1::uuid[]`, ids).Scan(&back); err != nil || !slices.Equal(back, ids) {
		t.Fatalf("uuid[] round trip = %v, %v; want %v", back, err, ids)
	}
	b, err := lastBind(rec.take())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.paramFormats, []int16{1}) || len(b.params) != 1 || len(b.params[0]) != 20+2*(4+16) ||
		!bytes.HasSuffix(b.params[0], ids[1][:]) || !slices.Equal(b.resultFormats, []int16{1}) {
		t.Errorf("uuid[] sent as formats %v, values %x, results asked in %v; want a binary array of two 16-byte elements, results in [1]",
			b.paramFormats, b.params, b.resultFormats)
	}
}

// TestAllocsPerRow measures what pgx allocates for each row it scans from
// a uuid column: reading 2001 rows against reading 1.
func TestAllocsPerRow(t *testing.T) {
	ctx := testContext(t)
	measure := func(conn *pgx.Conn, n int, dst any) float64 {
		// Passing a slice that exists already keeps rows.Scan's variadic
		// argument from allocating.
		dsts := []any{dst}
		return testing.AllocsPerRun(5, func() {
			rows, err := conn.Query(ctx, `SELECT gen_random_uuid() FROM generate_series(1, $1)`, n)
			if err != nil {
				t.Fatal(err)
			}
			count := 0
			for rows.Next() {
				if err := rows.Scan(dsts...); err != nil {
					t.Fatal(err)
				}
				count++
			}
			if rows.Err() != nil || count != n {
				t.Fatalf("read %d rows, %v; want %d", count, rows.Err(), n)
			}
		})
	}
	perRow := func(conn *pgx.Conn, dst any) float64 {
		measure(conn, 1, dst) // prepare and cache the statement
		return (measure(conn, 2001, dst) - measure(conn, 1, dst)) / 2000
	}

	reg := connect(t, true, 0)
	var u uuid.UUID
	var n uuid.NullUUID
	if a := perRow(reg, &u); a > 0.01 {
		t.Errorf("with Register, %.3f allocations per row scanned into UUID; want 0", a)
	}
	if a := perRow(reg, &n); a > 0.01 {
		t.Errorf("with Register, %.3f allocations per row scanned into NullUUID; want 0", a)
	}

	plain := connect(t, false, 0)
	var pg pgtype.UUID
	t.Logf("allocations per row: with Register %.2f (UUID); without: %.2f (UUID), %.2f (pgtype.UUID)",
		perRow(reg, &u), perRow(plain, &u), perRow(plain, &pg))
}

// TestBinaryProbeDatabaseSQL checks that database/sql on pgx's driver, with
// Register in AfterConnect, sends a UUID parameter as 16 binary bytes.
func TestBinaryProbeDatabaseSQL(t *testing.T) {
	ctx := testContext(t)
	var rec *recorder
	db := stdlib.OpenDB(*recordedConfig(t, &rec), stdlib.OptionAfterConnect(func(ctx context.Context, conn *pgx.Conn) error {
		pgxuuid.Register(conn.TypeMap())
		return nil
	}))
	t.Cleanup(func() { db.Close() })
	if err := db.PingContext(ctx); err != nil {
		t.Fatal(err)
	}
	rec.take()

	u := uuid.NewV7()
	var got uuid.UUID
	if err := db.QueryRowContext(ctx, `SELECT $1::uuid`, u).Scan(&got); err != nil || got != u {
		t.Fatalf("round trip = %v, %v; want %v", got, err, u)
	}
	b, err := lastBind(rec.take())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.paramFormats, []int16{1}) || len(b.params) != 1 || !bytes.Equal(b.params[0], u[:]) {
		t.Errorf("parameter sent as formats %v, values %x; want format [1] and the 16 bytes %x", b.paramFormats, b.params, u[:])
	}
}
