package uuid_test

import (
	"bytes"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	native "github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/compat/google/uuid"
	"github.com/afb7af96/uuid/compat/internal/compattest"
)

// count returns the bytes 0, 1, 2, ... n-1.
func count(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

func TestKnownValues(t *testing.T) {
	dns := []byte("www.example.com")
	random, err := uuid.NewRandomFromReader(bytes.NewReader(count(16)))
	if err != nil {
		t.Fatalf("NewRandomFromReader: %v", err)
	}
	compattest.Texts(t, [][3]string{
		// RFC 9562, Appendix A.2 and A.4, and Python's documented values.
		{"NewMD5-RFC9562-A.2", uuid.NewMD5(uuid.NameSpaceDNS, dns).String(), "5df41881-3aed-3515-88a7-2f4a814cf09e"},
		{"NewSHA1-RFC9562-A.4", uuid.NewSHA1(uuid.NameSpaceDNS, dns).String(), "2ed6657d-e927-568b-95e1-2665a8aea6a2"},
		{"NewMD5-python.org", uuid.NewMD5(uuid.NameSpaceDNS, []byte("python.org")).String(), "6fa459ea-ee8a-3ca4-894e-db77e160355e"},
		{"NewSHA1-python.org", uuid.NewSHA1(uuid.NameSpaceDNS, []byte("python.org")).String(), "886313e1-3b8a-5372-9b90-0c9aee199e5d"},
		{"NewHash-md5", uuid.NewHash(md5.New(), uuid.NameSpaceDNS, dns, 3).String(), "5df41881-3aed-3515-88a7-2f4a814cf09e"},
		{"NewHash-sha1", uuid.NewHash(sha1.New(), uuid.NameSpaceDNS, dns, 5).String(), "2ed6657d-e927-568b-95e1-2665a8aea6a2"},
		// RFC 9562, Appendix B.2.
		{"NewHash-sha256-v8", uuid.NewHash(sha256.New(), uuid.NameSpaceDNS, dns, 8).String(), "5c146b14-3c52-8afd-938a-375d0df1fbf6"},
		// google/uuid reads 16 bytes and sets the version and variant bits.
		{"NewRandomFromReader", random.String(), "00010203-0405-4607-8809-0a0b0c0d0e0f"},
		{"NameSpaceDNS", uuid.NameSpaceDNS.String(), "6ba7b810-9dad-11d1-80b4-00c04fd430c8"},
		{"NameSpaceURL", uuid.NameSpaceURL.String(), "6ba7b811-9dad-11d1-80b4-00c04fd430c8"},
		{"NameSpaceOID", uuid.NameSpaceOID.String(), "6ba7b812-9dad-11d1-80b4-00c04fd430c8"},
		{"NameSpaceX500", uuid.NameSpaceX500.String(), "6ba7b814-9dad-11d1-80b4-00c04fd430c8"},
		{"Nil", uuid.Nil.String(), "00000000-0000-0000-0000-000000000000"},
		{"Max", uuid.Max.String(), "ffffffff-ffff-ffff-ffff-ffffffffffff"},
		{"MustParse-urn", uuid.MustParse("URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6").String(), "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"},
		{"FromBytes", uuid.Must(uuid.FromBytes(count(16))).String(), "00010203-0405-0607-0809-0a0b0c0d0e0f"},
	})
}

func TestNewRandomFromReaderError(t *testing.T) {
	u, err := uuid.NewRandomFromReader(bytes.NewReader(count(15)))
	if err == nil || !errors.Is(err, native.ErrRandom) || u != uuid.Nil {
		t.Errorf("NewRandomFromReader(15 bytes) = %v, %v; want Nil and an error matching ErrRandom", u, err)
	}
}

func TestGenerators(t *testing.T) {
	compattest.Generators(t, []compattest.Generator{
		{Name: "New", New: func() (uuid.UUID, error) { return uuid.New(), nil }, Version: 4},
		{Name: "NewRandom", New: uuid.NewRandom, Version: 4},
		{Name: "NewString", New: func() (uuid.UUID, error) { return uuid.Parse(uuid.NewString()) }, Version: 4},
		{Name: "NewUUID", New: uuid.NewUUID, Version: 1},
		{Name: "NewV6", New: uuid.NewV6, Version: 6},
		{Name: "NewV7", New: uuid.NewV7, Version: 7},
		{Name: "NewDCESecurity", New: func() (uuid.UUID, error) { return uuid.NewDCESecurity(uuid.Org, 42) }, Version: 2},
		{Name: "NewDCEPerson", New: uuid.NewDCEPerson, Version: 2},
		{Name: "NewDCEGroup", New: uuid.NewDCEGroup, Version: 2},
	})
}

func TestDCEFields(t *testing.T) {
	u, _ := uuid.NewDCESecurity(uuid.Group, 1234)
	d, ok1 := u.Domain()
	id, ok2 := u.LocalID()
	if !ok1 || !ok2 || d != uuid.Group || id != 1234 {
		t.Errorf("NewDCESecurity(Group, 1234): Domain() = %v, %v; LocalID() = %v, %v", d, ok1, id, ok2)
	}
}

func TestParse(t *testing.T) {
	const want = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
	tests := []struct {
		in        string
		ok        bool
		badLength bool
	}{
		{"f81d4fae-7dec-11d0-a765-00a0c91e6bf6", true, false},
		{"F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", true, false},
		{"f81d4fae7dec11d0a76500a0c91e6bf6", true, false},
		{"{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}", true, false},
		{"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", true, false},
		{"Urn:Uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", true, false},
		{"", false, true},
		{"f81d4fae-7dec-11d0-a765-00a0c91e6bf", false, true},
		{"f81d4fae-7dec-11d0-a765-00a0c91e6bf6x", false, true},
		{"f81d4fae-7dec-11d0-a765-00a0c91e6bfz", false, false},
		{"f81d4fae+7dec-11d0-a765-00a0c91e6bf6", false, false},
		{"[f81d4fae-7dec-11d0-a765-00a0c91e6bf6]", false, false},
		{"urn:uuix:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, false},
		// google/uuid decides by length alone.
		{"not-a-uuid", false, true},
		{"{f81d4fae7dec11d0a76500a0c91e6bf6}", false, true},
		{" f81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, true},
		{"f81d4fae-7dec-11d0-a765-00a0c91e6bf6-f81d4fae-7dec-11d0-a765-00a0c91e6bf6", false, true},
		{"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", false, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.in), func(t *testing.T) {
			u, err := uuid.Parse(tt.in)
			ub, errb := uuid.ParseBytes([]byte(tt.in))
			if (err == nil) != tt.ok || u != ub || (errb == nil) != tt.ok {
				t.Fatalf("Parse(%q) = %v, %v; ParseBytes = %v, %v; want ok %v", tt.in, u, err, ub, errb, tt.ok)
			}
			if tt.ok && u.String() != want {
				t.Errorf("Parse(%q) = %v; want %s", tt.in, u, want)
			}
			verr := uuid.Validate(tt.in)
			if (verr == nil) != tt.ok {
				t.Errorf("Validate(%q) = %v; want ok %v", tt.in, verr, tt.ok)
			}
			if got := uuid.IsInvalidLengthError(err); got != tt.badLength {
				t.Errorf("IsInvalidLengthError(Parse(%q)) = %v; want %v", tt.in, got, tt.badLength)
			}
			if got := uuid.IsInvalidLengthError(verr); got != tt.badLength {
				t.Errorf("IsInvalidLengthError(Validate(%q)) = %v; want %v", tt.in, got, tt.badLength)
			}
		})
	}
}

func TestMust(t *testing.T) {
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	if got := uuid.Must(u, nil); got != u {
		t.Errorf("Must(%v, nil) = %v", u, got)
	}
	wantErr := errors.New("boom")
	defer func() {
		if r := recover(); r != wantErr {
			t.Errorf("Must(_, err) panicked with %v; want %v", r, wantErr)
		}
	}()
	uuid.Must(u, wantErr)
	t.Error("Must(_, err) did not panic")
}

// TestMustParsePanics checks that MustParse panics with a string, as
// google/uuid's does: "uuid: Parse(" + s + "): " and the error's text.
func TestMustParsePanics(t *testing.T) {
	const in = "nope"
	_, err := native.Parse(in)
	want := "uuid: Parse(" + in + "): " + err.Error()
	defer func() {
		if r := recover(); r != want {
			t.Errorf("MustParse(%q) panicked with %#v; want %q", in, r, want)
		}
	}()
	uuid.MustParse(in)
}

func TestUUIDsStrings(t *testing.T) {
	tests := []struct {
		name string
		in   uuid.UUIDs
		want []string
	}{
		{"nil", nil, []string{}},
		{"two", uuid.UUIDs{uuid.Nil, uuid.NameSpaceDNS}, []string{"00000000-0000-0000-0000-000000000000", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in.Strings()
			if fmt.Sprint(got) != fmt.Sprint(tt.want) || len(got) != len(tt.want) {
				t.Errorf("Strings() = %q; want %q", got, tt.want)
			}
		})
	}
}

func TestTimeUnixTime(t *testing.T) {
	const epoch = 0x01B21DD213814000 // 1970-01-01 in 100-ns intervals since 1582-10-15
	tests := []struct {
		name      string
		in        uuid.Time
		sec, nsec int64
	}{
		{"unix-epoch", epoch, 0, 0},
		{"one-tick", epoch + 1, 0, 100},
		{"1.2345678s", epoch + 12345678, 1, 234567800},
		// RFC 9562, Appendix A.1: 2022-02-22 19:22:22 UTC.
		{"rfc9562-a1", 0x1ec9414c232ab00, 1645557742, 0},
		{"gregorian-start", 0, -12219292800, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sec, nsec := tt.in.UnixTime()
			if sec != tt.sec || nsec != tt.nsec {
				t.Errorf("Time(%#x).UnixTime() = %d, %d; want %d, %d", int64(tt.in), sec, nsec, tt.sec, tt.nsec)
			}
		})
	}
}

func TestGetTime(t *testing.T) {
	before := time.Now()
	t1, seq, err := uuid.GetTime()
	t2, _, _ := uuid.GetTime()
	after := time.Now()
	if err != nil || seq&0xc000 != 0x8000 {
		t.Fatalf("GetTime() = %v, %v, %v", t1, seq, err)
	}
	if t2 <= t1 {
		t.Errorf("GetTime() went from %d to %d; want it to advance", t1, t2)
	}
	sec, nsec := t1.UnixTime()
	got := time.Unix(sec, nsec)
	// The default generator may count ahead of the clock by up to a second,
	// and lag time.Now by up to a millisecond where the wall clock moves in
	// milliseconds (js/wasm).
	if got.Before(before.Add(-time.Millisecond)) || got.After(after.Add(time.Second)) {
		t.Errorf("GetTime() = %v; want between %v and %v", got, before, after)
	}
	if cs := uuid.ClockSequence(); cs < 0 || cs >= 1<<14 {
		t.Errorf("ClockSequence() = %d; want a 14-bit value", cs)
	}
}

// TestFromGoogleV6 converts the version 6 UUID google/uuid's NewV6 writes
// for the time of RFC 9562, Appendix A.5 (its 64-bit timestamp in octets 0
// to 7, then the version over bits 12 to 15) to the layout of RFC 9562.
func TestFromGoogleV6(t *testing.T) {
	google := uuid.MustParse("01ec9414-c232-6b00-b3c8-9f6bdeced846")
	// google/uuid's Time reads 0x01ec9414c2326b00: the A.5 time with bits
	// 12 to 15 read as the version's 6, 1.6384 ms early.
	wantTime := time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC).Add(-1638400 * time.Nanosecond)
	got, err := uuid.FromGoogleV6(google)
	tm, ok := got.Time()
	if err != nil || got.String() != "1ec9414c-2326-6b00-b3c8-9f6bdeced846" || !ok || !tm.Equal(wantTime) {
		t.Errorf("FromGoogleV6(%v) = %v (time %v), %v; want 1ec9414c-2326-6b00-b3c8-9f6bdeced846 (time %v)", google, got, tm, err, wantTime)
	}
	v4 := uuid.MustParse("f81d4fae-7dec-41d0-a765-00a0c91e6bf6")
	if got, err := uuid.FromGoogleV6(v4); !errors.Is(err, native.ErrVersion) || got != uuid.Nil {
		t.Errorf("FromGoogleV6(v4) = %v, %v; want Nil and ErrVersion", got, err)
	}
}

// TestNodeID checks that version 1, 2 and 6 UUIDs carry NodeID, and that
// NodeID is the first hardware address of 6 bytes or more, as google/uuid's.
func TestNodeID(t *testing.T) {
	node := uuid.NodeID()
	v1, _ := uuid.NewUUID()
	v2, _ := uuid.NewDCEPerson()
	v6, _ := uuid.NewV6()
	for _, u := range []uuid.UUID{v1, v2, v6} {
		if got, ok := u.NodeID(); !ok || !bytes.Equal(node, got[:]) {
			t.Errorf("NodeID() = %x; %v carries %x", node, u, got)
		}
	}
	ifs, err := net.Interfaces()
	for _, ifc := range ifs {
		if err == nil && len(ifc.HardwareAddr) >= 6 {
			if !bytes.Equal(node, ifc.HardwareAddr[:6]) {
				t.Errorf("NodeID() = %x; want %x, the address of %s", node, ifc.HardwareAddr[:6], ifc.Name)
			}
			return
		}
	}
	if node[0]&1 == 0 {
		t.Errorf("NodeID() = %x, without an interface; want a random node with the multicast bit set", node)
	}
}

func TestVariantConstants(t *testing.T) {
	compattest.Variants(t, [4]uuid.Variant{uuid.Reserved, uuid.RFC4122, uuid.Microsoft, uuid.Future})
	for d, want := range map[uuid.Domain]string{uuid.Person: "Person", uuid.Group: "Group", uuid.Org: "Org"} {
		if d.String() != want {
			t.Errorf("Domain %d String() = %q; want %q", d, d.String(), want)
		}
	}
}

// TestDifferences pins some of the behaviour the package doc lists as
// different from google/uuid, so that the list stays true.
func TestDifferences(t *testing.T) {
	u := uuid.MustParse("f81d4fae-7dec-41d0-a765-00a0c91e6bf6")
	compattest.Texts(t, [][3]string{
		{"Version-String", u.Version().String(), "v4"},
		{"Variant-String", u.Variant().String(), "RFC 9562"},
		{"%v", fmt.Sprintf("%v", u), "f81d4fae-7dec-41d0-a765-00a0c91e6bf6"},
	})
	for _, src := range []any{nil, "", []byte{}} {
		v := u
		if err := v.Scan(src); err == nil || v != u {
			t.Errorf("Scan(%#v) = %v, leaving %v; want an error and the value unchanged", src, err, v)
		}
	}
	var n uuid.NullUUID
	if err := n.Scan(nil); err != nil || n.Valid {
		t.Errorf("NullUUID.Scan(nil) = %v, Valid %v; want nil, false", err, n.Valid)
	}
}

// TestAlias checks that values cross between the compat and native packages
// without conversion.
func TestAlias(t *testing.T) {
	var n native.UUID = uuid.NameSpaceDNS
	var c uuid.UUID = native.NamespaceDNS()
	var nn native.NullUUID = uuid.NullUUID{UUID: c, Valid: true}
	if n != c || nn.UUID != n || !nn.Valid {
		t.Errorf("NameSpaceDNS = %v; native NamespaceDNS() = %v; NullUUID %v", n, c, nn)
	}
}

// TestIsInvalidLengthErrorRule checks what docs/migrating.md says of
// IsInvalidLengthError: it is google/uuid's rule on the input's length, not
// errors.Is(err, ErrLength), which a byte that fits no form comes before.
func TestIsInvalidLengthErrorRule(t *testing.T) {
	for _, s := range []string{"not-a-uuid", "", "f81d4fae", "f81d4fae-7dec-11d0-a765-00a0c91e6bf", "f81d4fae-7dec-11d0-a765-00a0c91e6bfz",
		"[f81d4fae-7dec-11d0-a765-00a0c91e6bf6]", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "f81d4fae7dec11d0a76500a0c91e6bf6x"} {
		_, err := uuid.Parse(s)
		n := len(s)
		if got, want := uuid.IsInvalidLengthError(err), err != nil && n != 32 && n != 36 && n != 38 && n != 45; got != want {
			t.Errorf("IsInvalidLengthError(Parse(%q)) = %v; the length rule says %v", s, got, want)
		}
	}
	_, err := uuid.Parse("not-a-uuid")
	var pe *native.ParseError
	if !errors.As(err, &pe) || pe.Offset != 0 || !errors.Is(err, native.ErrDigit) || errors.Is(err, native.ErrLength) || !uuid.IsInvalidLengthError(err) {
		t.Errorf(`Parse("not-a-uuid") = %#v; want ErrDigit at offset 0, not ErrLength, and IsInvalidLengthError true`, err)
	}
}
