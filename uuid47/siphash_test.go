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

func BenchmarkSipHash10(b *testing.B) {
	b.ReportAllocs()
	var msg [10]byte
	for b.Loop() {
		siphash24(1, 2, msg[:])
	}
}
