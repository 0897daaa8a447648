package uuid

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestLayoutVectors feeds the fields of the RFC vectors to the layout
// functions, and their UUIDs to the field readers: all 128 bits each way.
func TestLayoutVectors(t *testing.T) {
	n := 0
	for _, v := range loadVectors(t) {
		if v.keys["var"] != "rfc9562" {
			continue
		}
		u := MustParse(v.text)
		switch ver := v.keys["ver"]; {
		case (ver == "1" || ver == "6") && v.keys["ticks"] != "":
			ticks, seq, node := v.hexKey(t, "ticks"), uint16(v.hexKey(t, "seq")), node48(t, v.keys["node"])
			layout, fields := v1Layout, v1Fields
			if ver == "6" {
				layout, fields = v6Layout, v6Fields
			}
			if got := layout(ticks, seq, node); got != u {
				t.Errorf("%s: v%sLayout(%#x, %#x, %x) = %v; want %v", v.name(), ver, ticks, seq, node, got, u)
			}
			if gt, gs, gn := fields(u); gt != ticks || gs != seq || gn != node {
				t.Errorf("%s: v%sFields = %#x, %#x, %x; want %#x, %#x, %x", v.name(), ver, gt, gs, gn, ticks, seq, node)
			}
			n++
		case ver == "7" && v.keys["ms"] != "":
			ms, ra, rb := v.hexKey(t, "ms"), uint16(v.hexKey(t, "randa")), v.hexKey(t, "randb")
			if got := v7Layout(ms, ra, rb); got != u {
				t.Errorf("%s: v7Layout(%#x, %#x, %#x) = %v; want %v", v.name(), ms, ra, rb, got, u)
			}
			if gm, ga, gb := v7Fields(u); gm != ms || ga != ra || gb != rb {
				t.Errorf("%s: v7Fields = %#x, %#x, %#x; want %#x, %#x, %#x", v.name(), gm, ga, gb, ms, ra, rb)
			}
			n++
		}
	}
	if n < 3 {
		t.Fatalf("only %d time-based vectors with fields; want the RFC's v1, v6 and v7", n)
	}
}

// TestVersionBits checks that versionBits, the only writer of the version
// and variant, changes those 6 bits and no other.
func TestVersionBits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 1000 {
		hi, lo := r.Uint64(), r.Uint64()
		v := Version(r.IntN(16))
		h, l := versionBits(hi, lo, v)
		var u UUID
		binary.BigEndian.PutUint64(u[0:], h)
		binary.BigEndian.PutUint64(u[8:], l)
		if u.Version() != v || u.Variant() != VariantRFC9562 || (h^hi)&^0xf000 != 0 || (l^lo)&^(3<<62) != 0 {
			t.Fatalf("versionBits(%#x, %#x, %d) = %#x, %#x", hi, lo, v, h, l)
		}
		if w := u.withVersion(v); w != u {
			t.Fatalf("withVersion(%d) of %v = %v", v, u, w)
		}
	}
}
