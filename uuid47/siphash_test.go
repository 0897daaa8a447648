package uuid47

import (
	"encoding/binary"
	"encoding/hex"
	"testing"

	"github.com/afb7af96/uuid/internal/dbtest"
)

// TestSipHashVectors checks siphash24 against the 64 vectors of its
// authors: key 00 01 … 0f, messages 00 01 … of length 0 to 63.
func TestSipHashVectors(t *testing.T) {
	rows := dbtest.Rows(t, "testdata/siphash24.txt")
	if len(rows) != 64 {
		t.Fatalf("testdata/siphash24.txt has %d vectors; want 64", len(rows))
	}
	var key [16]byte
	msg := make([]byte, 64)
	for i := range 16 {
		key[i] = byte(i)
	}
	for i := range msg {
		msg[i] = byte(i)
	}
	k := NewKey(key)
	for n, r := range rows {
		b, err := hex.DecodeString(r[0])
		if err != nil || len(b) != 8 {
			t.Fatalf("vector %d: %q is not 8 hex bytes", n, r[0])
		}
		want := binary.LittleEndian.Uint64(b)
		if got := siphash24(k.k0, k.k1, msg[:n]); got != want {
			t.Errorf("siphash24(key 00..0f, %d bytes) = %016x; want %016x", n, got, want)
		}
	}
}

// TestNewKeyWords pins how the 16 key bytes map to SipHash's key words:
// the SipHash paper's key 00 01 … 0f is k0 = 0x0706050403020100 and
// k1 = 0x0f0e0d0c0b0a0908, and the key text of the reference's
// PostgreSQL test is k0 = 0x7766554433221100, k1 = 0xffeeddccbbaa9988.
func TestNewKeyWords(t *testing.T) {
	var b [16]byte
	for i := range b {
		b[i] = byte(i)
	}
	if k := NewKey(b); k.k0 != 0x0706050403020100 || k.k1 != 0x0f0e0d0c0b0a0908 {
		t.Errorf("NewKey(00..0f) = {%#x, %#x}; want {0x0706050403020100, 0x0f0e0d0c0b0a0908}", k.k0, k.k1)
	}
	k, err := ParseKey("0011223344556677:8899aabbccddeeff")
	if err != nil || k.k0 != 0x7766554433221100 || k.k1 != 0xffeeddccbbaa9988 {
		t.Errorf("ParseKey(0011223344556677:8899aabbccddeeff) = {%#x, %#x}, %v; want {0x7766554433221100, 0xffeeddccbbaa9988}", k.k0, k.k1, err)
	}
}

// TestSipHashTwo checks the unrolled two-block siphash24Two against
// siphash24 for every message length it serves, 8 to 15 bytes, on the
// vectors' messages and on others.
func TestSipHashTwo(t *testing.T) {
	msg := make([]byte, 15)
	for seed := range 1000 {
		for i := range msg {
			msg[i] = byte(i + seed*31 + seed>>3*i)
		}
		k0, k1 := uint64(seed)*0x9e3779b97f4a7c15, uint64(seed)^0xdeadbeefcafe
		if seed == 0 {
			k0, k1 = 0x0706050403020100, 0x0f0e0d0c0b0a0908 // the vectors' key
			for i := range msg {
				msg[i] = byte(i)
			}
		}
		for n := 8; n <= 15; n++ {
			var last [8]byte
			copy(last[:], msg[8:n])
			last[7] = byte(n)
			m0, m1 := binary.LittleEndian.Uint64(msg), binary.LittleEndian.Uint64(last[:])
			if got, want := siphash24Two(k0, k1, m0, m1), siphash24(k0, k1, msg[:n]); got != want {
				t.Fatalf("siphash24Two(%#x, %#x, %x) = %016x; siphash24 gives %016x", k0, k1, msg[:n], got, want)
			}
		}
	}
}

func BenchmarkSipHash10(b *testing.B) {
	b.ReportAllocs()
	var msg [10]byte
	for b.Loop() {
		siphash24(1, 2, msg[:])
	}
}

func BenchmarkSipHashTwo(b *testing.B) {
	b.ReportAllocs()
	var m uint64
	for b.Loop() {
		m = siphash24Two(1, 2, m, 10<<56)
	}
}
