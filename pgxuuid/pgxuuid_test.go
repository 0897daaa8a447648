package pgxuuid

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

const (
	binary = pgtype.BinaryFormatCode
	text   = pgtype.TextFormatCode
)

func newMap() *pgtype.Map {
	m := pgtype.NewMap()
	Register(m)
	return m
}

var testUUID = uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")

func TestEncode(t *testing.T) {
	m := newMap()
	u := testUUID
	canonical := []byte(u.String())
	tests := []struct {
		name   string
		value  any
		binary []byte // nil for NULL
		text   []byte
	}{
		{"UUID", u, u[:], canonical},
		{"pointer", &u, u[:], canonical},
		{"nil_pointer", (*uuid.UUID)(nil), nil, nil},
		{"NullUUID", uuid.NullUUID{UUID: u, Valid: true}, u[:], canonical},
		{"NullUUID_null", uuid.NullUUID{UUID: u}, nil, nil},
		{"NullUUID_pointer", &uuid.NullUUID{UUID: u, Valid: true}, u[:], canonical},
		{"Nil", uuid.Nil(), make([]byte, 16), []byte("00000000-0000-0000-0000-000000000000")},
		{"Max", uuid.Max(), bytes.Repeat([]byte{0xff}, 16), []byte("ffffffff-ffff-ffff-ffff-ffffffffffff")},
		// Types of pgx's own codec still work.
		{"pgtype.UUID", pgtype.UUID{Bytes: u, Valid: true}, u[:], canonical},
		{"pgtype.UUID_null", pgtype.UUID{}, nil, nil},
		{"string", u.String(), nil, canonical}, // pgx sends strings as text only
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.binary != nil || tt.text == nil {
				got, err := m.Encode(pgtype.UUIDOID, binary, tt.value, nil)
				if err != nil || !bytes.Equal(got, tt.binary) {
					t.Errorf("Encode(binary, %#v) = %x, %v; want %x", tt.value, got, err, tt.binary)
				}
			}
			got, err := m.Encode(pgtype.UUIDOID, text, tt.value, nil)
			if err != nil || !bytes.Equal(got, tt.text) {
				t.Errorf("Encode(text, %#v) = %q, %v; want %q", tt.value, got, err, tt.text)
			}
		})
	}
}

// TestEncodePlan checks that our types get this package's plans, not pgx's
// driver.Valuer fallback, which goes through text.
func TestEncodePlan(t *testing.T) {
	m := newMap()
	u := testUUID
	for _, v := range []any{u, &u, uuid.NullUUID{}, &uuid.NullUUID{}} {
		if p, ok := m.PlanEncode(pgtype.UUIDOID, binary, v).(encodeBinary); !ok {
			t.Errorf("PlanEncode(binary, %T) = %T; want encodeBinary", v, p)
		}
		if p, ok := m.PlanEncode(pgtype.UUIDOID, text, v).(encodeText); !ok {
			t.Errorf("PlanEncode(text, %T) = %T; want encodeText", v, p)
		}
	}
	// With no OID (as in QueryExecModeExec with an untyped parameter), the
	// Go type picks the uuid codec.
	if got, err := m.Encode(0, binary, u, nil); err != nil || !bytes.Equal(got, u[:]) {
		t.Errorf("Encode(OID 0, binary, UUID) = %x, %v; want %x", got, err, u[:])
	}
}

func TestScan(t *testing.T) {
	m := newMap()
	u := testUUID
	for _, format := range []int16{binary, text} {
		src := u[:]
		name := "binary"
		if format == text {
			src, name = []byte(u.String()), "text"
		}
		t.Run(name, func(t *testing.T) {
			var got uuid.UUID
			if err := m.Scan(pgtype.UUIDOID, format, src, &got); err != nil || got != u {
				t.Errorf("Scan into UUID = %v, %v; want %v", got, err, u)
			}

			var n uuid.NullUUID
			if err := m.Scan(pgtype.UUIDOID, format, src, &n); err != nil || n != (uuid.NullUUID{UUID: u, Valid: true}) {
				t.Errorf("Scan into NullUUID = %+v, %v; want valid %v", n, err, u)
			}

			var p *uuid.UUID
			if err := m.Scan(pgtype.UUIDOID, format, src, &p); err != nil || p == nil || *p != u {
				t.Errorf("Scan into *UUID = %v, %v; want &%v", p, err, u)
			}

			var pg pgtype.UUID
			if err := m.Scan(pgtype.UUIDOID, format, src, &pg); err != nil || pg != (pgtype.UUID{Bytes: u, Valid: true}) {
				t.Errorf("Scan into pgtype.UUID = %+v, %v; want valid %v", pg, err, u)
			}

			var s string
			if err := m.Scan(pgtype.UUIDOID, format, src, &s); err != nil || s != u.String() {
				t.Errorf("Scan into string = %q, %v; want %q", s, err, u.String())
			}

			var a any
			if err := m.Scan(pgtype.UUIDOID, format, src, &a); err != nil || a != any(u) {
				t.Errorf("Scan into any = %#v, %v; want uuid.UUID %v", a, err, u)
			}
		})
	}
}

func TestScanNull(t *testing.T) {
	m := newMap()
	for _, format := range []int16{binary, text} {
		u := testUUID
		err := m.Scan(pgtype.UUIDOID, format, nil, &u)
		if !errors.Is(err, uuid.ErrScanNull) {
			t.Errorf("format %d: Scan(NULL) into UUID: err = %v; want ErrScanNull", format, err)
		}
		if u != testUUID {
			t.Errorf("format %d: Scan(NULL) into UUID changed it to %v", format, u)
		}

		n := uuid.NullUUID{UUID: testUUID, Valid: true}
		if err := m.Scan(pgtype.UUIDOID, format, nil, &n); err != nil || n != (uuid.NullUUID{}) {
			t.Errorf("format %d: Scan(NULL) into NullUUID = %+v, %v; want zero", format, n, err)
		}

		p := &u
		if err := m.Scan(pgtype.UUIDOID, format, nil, &p); err != nil || p != nil {
			t.Errorf("format %d: Scan(NULL) into *UUID = %v, %v; want nil", format, p, err)
		}
	}
}

func TestScanInvalid(t *testing.T) {
	m := newMap()
	// The kind of a bad digit, as the library's Parse reports it: read
	// from the library rather than named, so that the test compiles
	// against every version of the library pgxuuid may be built with
	// (the name of the kind changed from ErrHexDigit to ErrDigit).
	var badDigit error
	if _, err := uuid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bzz"); err != nil {
		var pe *uuid.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("Parse of a bad digit = %v; want a *uuid.ParseError", err)
		}
		badDigit = pe.Err
	}
	tests := []struct {
		name   string
		format int16
		src    []byte
		want   error // the kind; text also gives a *uuid.ParseError
	}{
		{"binary_short", binary, make([]byte, 15), uuid.ErrLength},
		{"binary_long", binary, make([]byte, 17), uuid.ErrLength},
		{"binary_empty", binary, []byte{}, uuid.ErrLength},
		{"text_bad_digit", text, []byte("f81d4fae-7dec-11d0-a765-00a0c91e6bzz"), badDigit},
		{"text_empty", text, []byte{}, uuid.ErrLength},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := func(what string, err error) {
				t.Helper()
				var pe *uuid.ParseError
				if !errors.Is(err, tt.want) || (tt.format == text) != errors.As(err, &pe) {
					t.Errorf("Scan(%x) into %s = %v; want %v, a *uuid.ParseError only for text", tt.src, what, err, tt.want)
				}
			}
			u := testUUID
			check("UUID", m.Scan(pgtype.UUIDOID, tt.format, tt.src, &u))
			if u != testUUID {
				t.Errorf("Scan(%x) changed the target to %v", tt.src, u)
			}
			n := valid(testUUID)
			check("NullUUID", m.Scan(pgtype.UUIDOID, tt.format, tt.src, &n))
			if n != (uuid.NullUUID{UUID: testUUID}) {
				t.Errorf("Scan(%x) into NullUUID left %+v; want Valid false and UUID %v", tt.src, n, testUUID)
			}
		})
	}
}

func TestArray(t *testing.T) {
	m := newMap()
	ids := []uuid.UUID{uuid.Nil(), testUUID, uuid.Max()}
	for _, format := range []int16{binary, text} {
		tests := []struct {
			name string
			in   []uuid.UUID
		}{
			{"three", ids},
			{"empty", []uuid.UUID{}},
			{"null", nil},
		}
		for _, tt := range tests {
			buf, err := m.Encode(pgtype.UUIDArrayOID, format, tt.in, nil)
			if err != nil {
				t.Fatalf("format %d: Encode(%v): %v", format, tt.in, err)
			}
			if (buf == nil) != (tt.in == nil) {
				t.Errorf("format %d: Encode(%v) = %x; NULL only for a nil slice", format, tt.in, buf)
			}
			got := []uuid.UUID{testUUID} // scanning must replace this
			if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &got); err != nil {
				t.Fatalf("format %d: Scan(%x): %v", format, buf, err)
			}
			if !slices.Equal(got, tt.in) || (got == nil) != (tt.in == nil) {
				t.Errorf("format %d, %s: round trip = %v; want %v", format, tt.name, got, tt.in)
			}
		}

		nulls := []uuid.NullUUID{{UUID: testUUID, Valid: true}, {}}
		buf, err := m.Encode(pgtype.UUIDArrayOID, format, nulls, nil)
		if err != nil {
			t.Fatalf("format %d: Encode(%v): %v", format, nulls, err)
		}
		var gotNulls []uuid.NullUUID
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &gotNulls); err != nil || !slices.Equal(gotNulls, nulls) {
			t.Errorf("format %d: NullUUID round trip = %v, %v; want %v", format, gotNulls, err, nulls)
		}
		// A NULL element cannot go into a []UUID.
		var strict []uuid.UUID
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &strict); !errors.Is(err, uuid.ErrScanNull) {
			t.Errorf("format %d: NULL element into []UUID: err = %v; want ErrScanNull", format, err)
		}
	}
}

func TestArrayBinaryLayout(t *testing.T) {
	// A one-dimensional uuid[] in binary: ndim, has-null flag, element OID,
	// then length and lower bound, then each element as length and bytes.
	u := testUUID
	want := []byte{
		0, 0, 0, 1, // one dimension
		0, 0, 0, 0, // no NULLs
		0, 0, 0x0b, 0x86, // element OID 2950
		0, 0, 0, 1, // length 1
		0, 0, 0, 1, // lower bound 1
		0, 0, 0, 16, // element length
	}
	want = append(want, u[:]...)
	got, err := newMap().Encode(pgtype.UUIDArrayOID, binary, []uuid.UUID{u}, nil)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("Encode(binary, []UUID{%v}) = %x, %v; want %x", u, got, err, want)
	}
}

func TestAllocs(t *testing.T) {
	m := newMap()
	u := testUUID
	src := u[:]
	txt := []byte(u.String())
	var dst uuid.UUID
	var n uuid.NullUUID

	tests := []struct {
		name string
		f    func()
	}{
		{"Map.Scan_UUID_binary", func() { _ = m.Scan(pgtype.UUIDOID, binary, src, &dst) }},
		{"Map.Scan_NullUUID_binary", func() { _ = m.Scan(pgtype.UUIDOID, binary, src, &n) }},
		{"Map.Scan_UUID_text", func() { _ = m.Scan(pgtype.UUIDOID, text, txt, &dst) }},
		{"Map.Scan_NullUUID_NULL", func() { _ = m.Scan(pgtype.UUIDOID, binary, nil, &n) }},
	}
	plan := m.PlanScan(pgtype.UUIDOID, binary, &dst)
	tests = append(tests, struct {
		name string
		f    func()
	}{"ScanPlan.Scan", func() { _ = plan.Scan(src, &dst) }})
	buf := make([]byte, 0, 64)
	enc := m.PlanEncode(pgtype.UUIDOID, binary, u)
	tests = append(tests, struct {
		name string
		f    func()
	}{"EncodePlan.Encode", func() { buf, _ = enc.Encode(&u, buf[:0]) }})

	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, tt.f); got != 0 {
			t.Errorf("%s: %v allocations; want 0", tt.name, got)
		}
	}
	if dst != u || n.Valid {
		t.Errorf("scans gave %v, %+v", dst, n)
	}

	// Scanning a uuid[] allocates the slice and nothing per element.
	ids := make([]uuid.UUID, 100)
	for i := range ids {
		ids[i] = uuid.NewV4()
	}
	arr, err := m.Encode(pgtype.UUIDArrayOID, binary, ids, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []uuid.UUID
	arrPlan := m.PlanScan(pgtype.UUIDArrayOID, binary, &got)
	allocs := testing.AllocsPerRun(20, func() { _ = arrPlan.Scan(arr, &got) })
	if allocs > 2 {
		t.Errorf("scanning a uuid[] of 100: %v allocations; want at most 2", allocs)
	}
	if !slices.Equal(got, ids) {
		t.Errorf("uuid[] scan = %v; want %v", got, ids)
	}
}
