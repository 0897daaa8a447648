package uuid

import (
	"testing"
	"time"
)

// TestV2Accessors reads a version 2 UUID (DCE 1.1 layout: UID 1000 in
// time_low, domain Person in clock_seq_low) and checks what the accessors
// give for it and for UUIDs of other versions.
func TestV2Accessors(t *testing.T) {
	u := MustParse("000003e8-92e8-21ed-8100-3fdb0085247e")
	d, okD := u.Domain()
	id, okID := u.LocalID()
	seq, _ := u.ClockSequence()
	node, _ := u.NodeID()
	ts, _ := u.Time()
	wantTime := gregorianTime(0x1ed92e8 << 32)
	if !okD || !okID || d != DomainPerson || id != 1000 || seq != 1 || node != [6]byte{0x3f, 0xdb, 0x00, 0x85, 0x24, 0x7e} || !ts.Equal(wantTime) {
		t.Errorf("%v: Domain %v, %v; LocalID %d, %v; clock sequence %d; node %x; time %v (want %v)", u, d, okD, id, okID, seq, node, ts, wantTime)
	}
	for _, s := range []string{
		"f81d4fae-7dec-11d0-a765-00a0c91e6bf6", // version 1
		"000003e8-92e8-21ed-c100-3fdb0085247e", // version 2 bits, Microsoft variant
		"00000000-0000-0000-0000-000000000000",
	} {
		u := MustParse(s)
		if d, ok := u.Domain(); ok || d != 0 {
			t.Errorf("%v.Domain() = %v, %v; want 0, false", u, d, ok)
		}
		if id, ok := u.LocalID(); ok || id != 0 {
			t.Errorf("%v.LocalID() = %v, %v; want 0, false", u, id, ok)
		}
	}
}

// TestV2Layout lays out version 2 fields and reads them back: the
// timestamp loses its low 32 bits and the clock sequence keeps 6.
func TestV2Layout(t *testing.T) {
	node := [6]byte{1, 2, 3, 4, 5, 6}
	for _, tc := range []struct {
		name  string
		ticks uint64
		seq   uint8
		d     Domain
		id    uint32
	}{
		{"zero", 0, 0, DomainPerson, 0},
		{"max", 1<<60 - 1, 0x3f, 0xff, 1<<32 - 1},
		{"seq-high-bits-dropped", 0x1ed92e8_12345678, 0xff, DomainOrg, 4242},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := v2Layout(tc.ticks, tc.seq, tc.d, tc.id, node)
			ticks, seq, d, id, n := v2Fields(u)
			if u.Version() != 2 || u.Variant() != VariantRFC9562 || ticks != tc.ticks&^0xffffffff || seq != tc.seq&0x3f || d != tc.d || id != tc.id || n != node {
				t.Errorf("v2Fields(v2Layout(%#x, %#x, %v, %d)) = %#x, %#x, %v, %d, %x (UUID %v)", tc.ticks, tc.seq, tc.d, tc.id, ticks, seq, d, id, n, u)
			}
		})
	}
}

func TestDomainString(t *testing.T) {
	for d, want := range map[Domain]string{DomainPerson: "Person", DomainGroup: "Group", DomainOrg: "Org", 3: "Domain3", 255: "Domain255"} {
		if got := d.String(); got != want {
			t.Errorf("Domain(%d).String() = %q; want %q", d, got, want)
		}
	}
}

// TestNewV2 checks the package-level NewV2, which reads the system clock.
func TestNewV2(t *testing.T) {
	before := time.Now()
	u := NewV2(DomainGroup, 4242)
	d, _ := u.Domain()
	id, _ := u.LocalID()
	ts, _ := u.Time()
	// The layout drops 2^32 ticks (7m10s) of the time.
	if u.Version() != 2 || d != DomainGroup || id != 4242 || ts.Before(before.Add(-430*time.Second)) {
		t.Errorf("NewV2(DomainGroup, 4242) = %v: domain %v, id %d, time %v (made after %v)", u, d, id, ts, before)
	}
}
