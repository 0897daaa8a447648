package sqlserveruuid_test

import (
	"errors"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

func TestGUIDScan(t *testing.T) {
	want := uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff")
	wire := []byte{0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff}
	for _, tc := range []struct {
		name string
		src  any
		err  error // nil: want the UUID
	}{
		{"guid_bytes", wire, nil},
		{"text", "00112233-4455-6677-8899-aabbccddeeff", nil},
		{"text_bytes", []byte("00112233-4455-6677-8899-AABBCCDDEEFF"), nil},
		{"null", nil, uuid.ErrScanNull},
		{"int64", int64(5), uuid.ErrScanType},
		{"short_bytes", wire[:15], uuid.ErrLength},
		{"bad_text", "00112233-4455-6677-8899-aabbccddeefg", uuid.ErrDigit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := sqlserveruuid.GUID(uuid.Max())
			err := g.Scan(tc.src)
			switch {
			case tc.err == nil && (err != nil || uuid.UUID(g) != want):
				t.Errorf("Scan(%v) = %v, leaving %v; want %v", tc.src, err, g, want)
			case tc.err != nil && (!errors.Is(err, tc.err) || uuid.UUID(g) != uuid.Max()):
				t.Errorf("Scan(%v) = %v, leaving %v; want %v and the value unchanged", tc.src, err, g, tc.err)
			}
		})
	}
}

func TestGUIDValue(t *testing.T) {
	g := sqlserveruuid.GUID(uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff"))
	if v, err := g.Value(); v != "00112233-4455-6677-8899-aabbccddeeff" || err != nil {
		t.Errorf("Value() = %v, %v; want the text", v, err)
	}
	if s := g.String(); s != "00112233-4455-6677-8899-aabbccddeeff" {
		t.Errorf("String() = %q", s)
	}
}
