package uuid_test

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	native "github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/compat/gofrs/uuid"
	"github.com/afb7af96/uuid/compat/internal/compattest"
)

// count returns the bytes start, start+1, ... for n bytes.
func count(start, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(start + i)
	}
	return b
}

func TestKnownValues(t *testing.T) {
	v8, err := uuid.NewV8(count(0, 6), count(6, 2), count(8, 8))
	if err != nil {
		t.Fatalf("NewV8: %v", err)
	}
	compattest.Texts(t, [][3]string{
		// RFC 9562, Appendix A.2 and A.4.
		{"NewV3-RFC9562-A.2", uuid.NewV3(uuid.NamespaceDNS, "www.example.com").String(), "5df41881-3aed-3515-88a7-2f4a814cf09e"},
		{"NewV5-RFC9562-A.4", uuid.NewV5(uuid.NamespaceDNS, "www.example.com").String(), "2ed6657d-e927-568b-95e1-2665a8aea6a2"},
		// The fields in order, version 8 over the high nibble of customB
		// and the variant over the high 2 bits of customC.
		{"NewV8", v8.String(), "00010203-0405-8607-8809-0a0b0c0d0e0f"},
		{"NamespaceDNS", uuid.NamespaceDNS.String(), "6ba7b810-9dad-11d1-80b4-00c04fd430c8"},
		{"NamespaceURL", uuid.NamespaceURL.String(), "6ba7b811-9dad-11d1-80b4-00c04fd430c8"},
		{"NamespaceOID", uuid.NamespaceOID.String(), "6ba7b812-9dad-11d1-80b4-00c04fd430c8"},
		{"NamespaceX500", uuid.NamespaceX500.String(), "6ba7b814-9dad-11d1-80b4-00c04fd430c8"},
		{"Nil", uuid.Nil.String(), "00000000-0000-0000-0000-000000000000"},
		{"Max", uuid.Max.String(), "ffffffff-ffff-ffff-ffff-ffffffffffff"},
		{"FromBytes", uuid.Must(uuid.FromBytes(count(0, 16))).String(), "00010203-0405-0607-0809-0a0b0c0d0e0f"},
		{"FromBytesOrNil", uuid.FromBytesOrNil(count(0, 16)).String(), "00010203-0405-0607-0809-0a0b0c0d0e0f"},
		{"FromBytesOrNil-short", uuid.FromBytesOrNil(count(0, 15)).String(), "00000000-0000-0000-0000-000000000000"},
		{"FromString", uuid.Must(uuid.FromString("{6BA7B810-9DAD-11D1-80B4-00C04FD430C8}")).String(), "6ba7b810-9dad-11d1-80b4-00c04fd430c8"},
		{"FromStringOrNil", uuid.FromStringOrNil("urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8").String(), "6ba7b810-9dad-11d1-80b4-00c04fd430c8"},
		{"FromStringOrNil-bad", uuid.FromStringOrNil("6ba7b810-9dad-11d1-80b4-00c04fd430cz").String(), "00000000-0000-0000-0000-000000000000"},
	})
}

func TestNewV8Lengths(t *testing.T) {
	tests := []struct{ a, b, c int }{{5, 2, 8}, {6, 1, 8}, {6, 2, 9}, {0, 0, 0}}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d,%d,%d", tt.a, tt.b, tt.c), func(t *testing.T) {
			u, err := uuid.NewV8(count(0, tt.a), count(0, tt.b), count(0, tt.c))
			if !errors.Is(err, uuid.ErrV8FieldLength) || u != uuid.Nil {
				t.Errorf("NewV8(%d, %d, %d bytes) = %v, %v; want Nil, ErrV8FieldLength", tt.a, tt.b, tt.c, u, err)
			}
		})
	}
}

func TestGenerators(t *testing.T) {
	gen := uuid.NewGen()
	compattest.Generators(t, []compattest.Generator{
		{Name: "NewV1", New: uuid.NewV1, Version: uuid.V1},
		{Name: "NewV4", New: uuid.NewV4, Version: uuid.V4},
		{Name: "NewV6", New: uuid.NewV6, Version: uuid.V6},
		{Name: "NewV7", New: uuid.NewV7, Version: uuid.V7},
		{Name: "Gen.NewV1", New: gen.NewV1, Version: uuid.V1},
		{Name: "Gen.NewV4", New: gen.NewV4, Version: uuid.V4},
		{Name: "Gen.NewV6", New: gen.NewV6, Version: uuid.V6},
		{Name: "Gen.NewV7", New: gen.NewV7, Version: uuid.V7},
	})
}

// TestGenOptions checks that the options reach the generator: a fixed clock,
// a fixed reader and a fixed hardware address give known fields.
func TestGenOptions(t *testing.T) {
	when := time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC) // RFC 9562, Appendix A.1 and A.5
	hw := net.HardwareAddr{0x9f, 0x6b, 0xde, 0xce, 0xd8, 0x46}
	newGen := func() *uuid.Gen {
		return uuid.NewGenWithOptions(
			uuid.WithEpochFunc(func() time.Time { return when }),
			uuid.WithRandomReader(bytes.NewReader(count(0, 64))),
			uuid.WithHWAddrFunc(func() (net.HardwareAddr, error) { return hw, nil }),
		)
	}
	v1, err := newGen().NewV1()
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := v1.Time(); !got.Equal(when) {
		t.Errorf("NewV1 time = %v; want %v", got, when)
	}
	if node, _ := v1.NodeID(); !bytes.Equal(node[:], hw) {
		t.Errorf("NewV1 node = %x; want %x", node, hw)
	}
	if got := v1.String()[:18]; got != "c232ab00-9414-11ec" {
		t.Errorf("NewV1 = %v; want the time fields of RFC 9562, Appendix A.1, c232ab00-9414-11ec", v1)
	}
	v4, err := uuid.NewGenWithOptions(uuid.WithRandomReader(bytes.NewReader(count(0, 16)))).NewV4()
	if err != nil || v4.String() != "00010203-0405-4607-8809-0a0b0c0d0e0f" {
		t.Errorf("NewV4 from bytes 0..15 = %v, %v; want 00010203-0405-4607-8809-0a0b0c0d0e0f", v4, err)
	}
	v7, err := uuid.NewGenWithOptions(uuid.WithEpochFunc(func() time.Time { return when })).NewV7()
	if got, _ := v7.Time(); err != nil || !got.Equal(when) {
		t.Errorf("NewV7 time = %v, %v; want %v", got, err, when)
	}
}

func TestHWAddrFallback(t *testing.T) {
	tests := []struct {
		name string
		hwaf uuid.HWAddrFunc
	}{
		{"error", func() (net.HardwareAddr, error) { return nil, errors.New("no interface") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := uuid.NewGenWithHWAF(tt.hwaf).NewV1()
			node, _ := u.NodeID()
			if err != nil || node[0]&1 != 1 {
				t.Errorf("NewV1() with a failing HWAddrFunc = %v, %v; want a random node with the multicast bit", u, err)
			}
		})
	}
}

// TestHWAddrShortLong checks that an address of another length than 6 is
// used as gofrs/uuid uses it: its first 6 bytes, padded with zeros.
func TestHWAddrShortLong(t *testing.T) {
	for _, tt := range []struct {
		name string
		hw   net.HardwareAddr
		want [6]byte
	}{
		{"short", net.HardwareAddr{2, 4, 6}, [6]byte{2, 4, 6}},
		{"empty", net.HardwareAddr{}, [6]byte{}},
		{"eui64", net.HardwareAddr{2, 4, 6, 8, 10, 12, 14, 16}, [6]byte{2, 4, 6, 8, 10, 12}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hwaf := func() (net.HardwareAddr, error) { return tt.hw, nil }
			u, err := uuid.NewGenWithHWAF(hwaf).NewV1()
			if node, ok := u.NodeID(); err != nil || !ok || node != tt.want {
				t.Errorf("NewV1() with HWAddrFunc giving %x = %v, %v; want node %x", tt.hw, u, err, tt.want)
			}
		})
	}
}

func TestTimestamp(t *testing.T) {
	a1 := uuid.Must(uuid.FromString("c232ab00-9414-11ec-b3c8-9f6bdeced846")) // RFC 9562, Appendix A.1
	a5 := uuid.Must(uuid.FromString("1ec9414c-232a-6b00-b3c8-9f6bdeced846")) // Appendix A.5
	a6 := uuid.Must(uuid.FromString("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")) // Appendix A.6
	when := time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)
	// The same values with the NCS and Microsoft variants: gofrs/uuid reads
	// the timestamp whatever the variant.
	ncs1, ms6, ncs7 := a1, a5, a6
	ncs1[8], ms6[8], ncs7[8] = 0x33, 0xc3, 0x18
	tests := []struct {
		name string
		from func(uuid.UUID) (uuid.Timestamp, error)
		in   uuid.UUID
		want uuid.Timestamp
		ok   bool
	}{
		{"V1", uuid.TimestampFromV1, a1, 0x1ec9414c232ab00, true},
		{"V6", uuid.TimestampFromV6, a5, 0x1ec9414c232ab00, true},
		{"V7", uuid.TimestampFromV7, a6, 0x1ec9414c232ab00, true},
		{"V1-NCS", uuid.TimestampFromV1, ncs1, 0x1ec9414c232ab00, true},
		{"V6-Microsoft", uuid.TimestampFromV6, ms6, 0x1ec9414c232ab00, true},
		{"V7-NCS", uuid.TimestampFromV7, ncs7, 0x1ec9414c232ab00, true},
		{"V1-of-v6", uuid.TimestampFromV1, a5, 0, false},
		{"V6-of-v1", uuid.TimestampFromV6, a1, 0, false},
		{"V7-of-v4", uuid.TimestampFromV7, uuid.Must(uuid.NewV4()), 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.from(tt.in)
			if (err == nil) != tt.ok || got != tt.want {
				t.Fatalf("TimestampFrom%s(%v) = %#x, %v; want %#x, ok %v", tt.name, tt.in, uint64(got), err, uint64(tt.want), tt.ok)
			}
			if !tt.ok {
				if !errors.Is(err, native.ErrVersion) {
					t.Errorf("error %v does not match ErrVersion", err)
				}
				return
			}
			if tm, err := got.Time(); err != nil || !tm.Equal(when) {
				t.Errorf("Timestamp(%#x).Time() = %v, %v; want %v", uint64(got), tm, err, when)
			}
		})
	}
}

func TestConstants(t *testing.T) {
	u := uuid.Must(uuid.NewV4())
	if u.Version() != uuid.V4 || u.Variant() != uuid.VariantRFC9562 || uuid.VariantRFC4122 != uuid.VariantRFC9562 {
		t.Errorf("NewV4() = %v: Version %v, Variant %v", u, u.Version(), u.Variant())
	}
	var b byte = uuid.V7 // the versions stay usable as bytes
	if b != 7 || uuid.Size != 16 || uuid.DomainGroup != native.DomainGroup {
		t.Errorf("V7 = %d, Size = %d, DomainGroup = %v", b, uuid.Size, uuid.DomainGroup)
	}
	compattest.Variants(t, [4]native.Variant{uuid.VariantNCS, uuid.VariantRFC9562, uuid.VariantMicrosoft, uuid.VariantFuture})
}

// TestDifferences pins some of the behaviour the package doc lists as
// different from gofrs/uuid, so that the list stays true.
func TestDifferences(t *testing.T) {
	u := uuid.Must(uuid.FromString("6ba7b810-9dad-41d1-80b4-00c04fd430c8"))
	compattest.Texts(t, [][3]string{
		{"Version-%v", fmt.Sprintf("%v", u.Version()), "v4"},
		{"Version-%d", fmt.Sprintf("%d", u.Version()), "4"},
		{"%x", fmt.Sprintf("%x", u), "6ba7b8109dad41d180b400c04fd430c8"},
		// gofrs/uuid printed [16]uint8{0x6b, …} (F9).
		{"%#v", fmt.Sprintf("%#v", u), `uuid.MustParse("6ba7b810-9dad-41d1-80b4-00c04fd430c8")`},
	})
	// gofrs/uuid accepts braces and the URN prefix around the 32-digit form.
	for _, s := range []string{"{6ba7b8109dad41d180b400c04fd430c8}", "urn:uuid:6ba7b8109dad41d180b400c04fd430c8"} {
		if _, err := uuid.FromString(s); err == nil {
			t.Errorf("FromString(%q) succeeded; the package doc says it fails (F1)", s)
		}
	}
}

func TestAlias(t *testing.T) {
	var n native.UUID = uuid.NamespaceDNS
	var g *native.Generator = uuid.NewGen()
	var nn native.NullUUID = uuid.NullUUID{UUID: n, Valid: true}
	if n != native.NamespaceDNS() || g == nil || nn.UUID != n {
		t.Errorf("NamespaceDNS = %v; NewGen() = %v; NullUUID %v", n, g, nn)
	}
}

// TestDefaultNode checks that NewV1, NewGen and NewGenWithOptions without
// WithHWAddrFunc take the first hardware address of 6 bytes or more, as
// gofrs/uuid's default hardware address function does.
func TestDefaultNode(t *testing.T) {
	var want []byte
	ifs, err := net.Interfaces()
	for _, ifc := range ifs {
		if err == nil && len(ifc.HardwareAddr) >= 6 {
			want = ifc.HardwareAddr[:6]
			break
		}
	}
	v1, _ := uuid.NewV1()
	g1, _ := uuid.NewGen().NewV1()
	g2, _ := uuid.NewGenWithOptions(uuid.WithHWAddrFunc(nil)).NewV1()
	for _, u := range []uuid.UUID{v1, g1, g2} {
		node, _ := u.NodeID()
		if want != nil && !bytes.Equal(node[:], want) || want == nil && node[0]&1 == 0 {
			t.Errorf("%v carries node %x; want %x (or a random multicast node if nil)", u, node, want)
		}
	}
}
