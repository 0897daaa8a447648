package uuid

import (
	"bytes"
	"database/sql/driver"
	"errors"
	"testing"
)

// TestSQLBinaryArgument checks the documented way to store 16 bytes: u[:]
// passes database/sql's default conversion as the same 16 bytes, Value
// gives 36 characters of text, and Scan reads either back.
func TestSQLBinaryArgument(t *testing.T) {
	u := MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")

	arg, err := driver.DefaultParameterConverter.ConvertValue(u[:])
	b, ok := arg.([]byte)
	if err != nil || !ok || !bytes.Equal(b, u[:]) {
		t.Fatalf("ConvertValue(u[:]) = %#v, %v; want the 16 bytes %x", arg, err, u[:])
	}

	text, err := driver.DefaultParameterConverter.ConvertValue(u)
	if s, ok := text.(string); err != nil || !ok || s != "f81d4fae-7dec-11d0-a765-00a0c91e6bf6" {
		t.Fatalf("ConvertValue(u) = %#v, %v; want the canonical text", text, err)
	}

	for _, src := range []any{b, text, []byte(text.(string))} {
		var got UUID
		if err := got.Scan(src); err != nil || got != u {
			t.Errorf("Scan(%#v) = %v, %v; want %v", src, got, err, u)
		}
		var n NullUUID
		if err := n.Scan(src); err != nil || n != (NullUUID{UUID: u, Valid: true}) {
			t.Errorf("NullUUID.Scan(%#v) = %+v, %v; want valid %v", src, n, err, u)
		}
	}
}

// TestScanCopiesBytes checks that Scan keeps no reference to its source:
// database/sql reuses the buffer of a []byte column for the next row.
func TestScanCopiesBytes(t *testing.T) {
	for _, src := range [][]byte{
		{0xf8, 0x1d, 0x4f, 0xae, 0x7d, 0xec, 0x11, 0xd0, 0xa7, 0x65, 0x00, 0xa0, 0xc9, 0x1e, 0x6b, 0xf6},
		[]byte("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"),
	} {
		var u UUID
		if err := u.Scan(src); err != nil {
			t.Fatal(err)
		}
		want := u
		for i := range src {
			src[i] = '0'
		}
		if u != want {
			t.Errorf("after Scan(%d bytes), overwriting the source changed the UUID to %v", len(src), u)
		}
	}
}

func TestScanAllocs(t *testing.T) {
	raw := []byte{0xf8, 0x1d, 0x4f, 0xae, 0x7d, 0xec, 0x11, 0xd0, 0xa7, 0x65, 0x00, 0xa0, 0xc9, 0x1e, 0x6b, 0xf6}
	text := []byte("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	var u UUID
	var n NullUUID
	for _, tt := range []struct {
		name string
		f    func()
	}{
		{"UUID_16_bytes", func() { _ = u.Scan(raw) }},
		{"UUID_text_bytes", func() { _ = u.Scan(text) }},
		{"NullUUID_16_bytes", func() { _ = n.Scan(raw) }},
	} {
		if a := testing.AllocsPerRun(100, tt.f); a != 0 {
			t.Errorf("Scan %s: %v allocations; want 0", tt.name, a)
		}
	}
}

// TestScanWrongLength checks that a []byte that is not 16 bytes is read as
// text if it has a text form's length, and that any other length is
// ErrLength, whatever its bytes: a *ParseError, with the target unchanged.
func TestScanWrongLength(t *testing.T) {
	orig := MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	for _, tc := range []struct {
		name string
		src  []byte
		kind error
	}{
		{"empty", []byte{}, ErrLength},
		{"raw_15", orig[:15], ErrLength},
		{"hex_15", []byte("f81d4fae7dec11d"), ErrLength},
		{"raw_17", append(orig[:], 0), ErrLength},
		{"raw_32", append(orig[:], orig[:]...), ErrDigit}, // a text form's length: read as text
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := orig
			err := u.Scan(tc.src)
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, tc.kind) || u != orig {
				t.Errorf("Scan(%x) = %v, left %v; want a *ParseError matching %v and the target unchanged", tc.src, err, u, tc.kind)
			}
			n := NullUUID{UUID: orig, Valid: true}
			if err := n.Scan(tc.src); !errors.Is(err, tc.kind) || n != (NullUUID{UUID: orig}) {
				t.Errorf("NullUUID.Scan(%x) = %v, left %+v", tc.src, err, n)
			}
		})
	}
}

func TestSQL(t *testing.T) {
	u := MustParse(good)
	for _, src := range []any{good, []byte(good), u[:], "urn:uuid:" + good, []byte("{" + good + "}")} {
		var got UUID
		if err := got.Scan(src); err != nil || got != u {
			t.Errorf("Scan(%v) = %v, %v", src, got, err)
		}
	}
	var bad UUID
	for _, src := range []any{"x", []byte("x"), int64(1), 1.5, true, nil} {
		if err := bad.Scan(src); err == nil {
			t.Errorf("Scan(%#v) succeeded", src)
		}
	}
	if v, err := u.Value(); err != nil || v != good {
		t.Errorf("Value() = %v, %v", v, err)
	}
	var n NullUUID
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Errorf("NullUUID.Scan(nil) = %+v, %v", n, err)
	}
	if v, err := n.Value(); err != nil || v != nil {
		t.Errorf("NullUUID{}.Value() = %v, %v", v, err)
	}
	if err := n.Scan(good); err != nil || !n.Valid || n.UUID != u {
		t.Errorf("NullUUID.Scan(good) = %+v, %v", n, err)
	}
	if v, err := n.Value(); err != nil || v != good {
		t.Errorf("NullUUID.Value() = %v, %v", v, err)
	}
}
