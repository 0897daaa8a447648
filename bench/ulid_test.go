// ULID: github.com/afb7af96/uuid/ulid beside its Go peer.
//
//	lib=ours        github.com/afb7af96/uuid/ulid
//	lib=oklog       github.com/oklog/ulid/v2 v2.1.2; ParseStrict for Parse,
//	                the call that checks every character, as ours does
//	lib=oklogloose  oklog's Parse and UnmarshalText, which do not check
//	                the characters (a bad one decodes as garbage)
//
// Benchmark<Op> names start with ULID; see typeid_test.go for the layout.

package bench

import (
	"encoding"
	"math/big"
	"math/rand/v2"
	"testing"

	ourulid "github.com/afb7af96/uuid/ulid"
	"github.com/oklog/ulid/v2"
)

var (
	ulidText    [nIn]string // raw[i] as ULID text, upper case
	ulidBytes   [nIn][]byte // ulidText[i] as []byte
	ulidInvalid [nIn]string // near misses
)

func init() {
	r := rand.New(rand.NewChaCha8([32]byte{'u', 'l', 'i', 'd'}))
	const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	for i := range raw {
		n := new(big.Int).SetBytes(raw[i][:])
		var s [26]byte
		for k := 25; k >= 0; k-- {
			var d big.Int
			n.DivMod(n, big.NewInt(32), &d)
			s[k] = alphabet[d.Int64()]
		}
		ulidText[i] = string(s[:])
		ulidBytes[i] = []byte(ulidText[i])
		b := []byte(ulidText[i])
		switch i % 4 {
		case 0, 1, 2: // a bad digit
			b[r.IntN(26)] = "ILOU-_ "[r.IntN(7)]
		case 3: // one character short or long, or overflow
			switch i % 16 {
			case 3:
				b = b[:25]
			case 7:
				b = append(b, '0')
			default:
				b[0] = '8'
			}
		}
		ulidInvalid[i] = string(b)
	}
}

func checkULID(b *testing.B, i int, u [16]byte, err error) {
	b.Helper()
	if err != nil || u != raw[i] {
		b.Fatalf("parse(%q) = %x, %v; want %x", ulidText[i], u, err, raw[i])
	}
}

func checkULIDText(b *testing.B, got string, i int) {
	b.Helper()
	if got != ulidText[i] {
		b.Fatalf("text of %x = %q; want %q", raw[i], got, ulidText[i])
	}
}

func BenchmarkULIDParse(b *testing.B) {
	b.Run("lib=ours", func(b *testing.B) {
		for i, s := range ulidText {
			u, err := ourulid.Parse(s)
			checkULID(b, i, u, err)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ourulid.Parse(ulidText[i&mask])
			i++
		}
	})
	b.Run("lib=oklog", func(b *testing.B) {
		for i, s := range ulidText {
			u, err := ulid.ParseStrict(s)
			checkULID(b, i, u, err)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ulid.ParseStrict(ulidText[i&mask])
			i++
		}
	})
	b.Run("lib=oklogloose", func(b *testing.B) {
		for i, s := range ulidText {
			u, err := ulid.Parse(s)
			checkULID(b, i, u, err)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ulid.Parse(ulidText[i&mask])
			i++
		}
	})
}

func BenchmarkULIDParseInvalid(b *testing.B) {
	b.Run("lib=ours", func(b *testing.B) {
		for _, s := range ulidInvalid {
			if _, err := ourulid.Parse(s); err == nil {
				b.Fatalf("Parse(%q) succeeded", s)
			}
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ourulid.Parse(ulidInvalid[i&mask])
			i++
		}
	})
	b.Run("lib=oklog", func(b *testing.B) {
		for _, s := range ulidInvalid {
			if _, err := ulid.ParseStrict(s); err == nil {
				b.Fatalf("ParseStrict(%q) succeeded", s)
			}
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ulid.ParseStrict(ulidInvalid[i&mask])
			i++
		}
	})
}

func BenchmarkULIDUnmarshalText(b *testing.B) {
	b.Run("lib=ours", func(b *testing.B) {
		for i, s := range ulidBytes {
			var u ourulid.ULID
			err := u.UnmarshalText(s)
			checkULID(b, i, u, err)
		}
		b.ReportAllocs()
		var u ourulid.ULID
		i := 0
		for b.Loop() {
			u.UnmarshalText(ulidBytes[i&mask])
			i++
		}
	})
	b.Run("lib=oklogloose", func(b *testing.B) {
		for i, s := range ulidBytes {
			var u ulid.ULID
			err := u.UnmarshalText(s)
			checkULID(b, i, u, err)
		}
		b.ReportAllocs()
		var u ulid.ULID
		i := 0
		for b.Loop() {
			u.UnmarshalText(ulidBytes[i&mask])
			i++
		}
	})
}

func BenchmarkULIDString(b *testing.B) {
	ours := convert[ourulid.ULID](&raw)
	theirs := convert[ulid.ULID](&raw)
	b.Run("lib=ours", func(b *testing.B) {
		for i := range ours {
			checkULIDText(b, ours[i].String(), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = ours[i&mask].String()
			i++
		}
	})
	b.Run("lib=oklog", func(b *testing.B) {
		for i := range theirs {
			checkULIDText(b, theirs[i].String(), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = theirs[i&mask].String()
			i++
		}
	})
}

// BenchmarkULIDAppendText writes into a reused buffer: ours appends, oklog's
// MarshalTextTo fills a 26-byte slice.
func BenchmarkULIDAppendText(b *testing.B) {
	ours := convert[ourulid.ULID](&raw)
	theirs := convert[ulid.ULID](&raw)
	b.Run("lib=ours", func(b *testing.B) {
		var buf []byte
		for i := range ours {
			buf, _ = ours[i].AppendText(buf[:0])
			checkULIDText(b, string(buf), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			buf, _ = ours[i&mask].AppendText(buf[:0])
			i++
		}
	})
	b.Run("lib=oklog", func(b *testing.B) {
		buf := make([]byte, ulid.EncodedSize)
		for i := range theirs {
			if err := theirs[i].MarshalTextTo(buf); err != nil {
				b.Fatal(err)
			}
			checkULIDText(b, string(buf), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			theirs[i&mask].MarshalTextTo(buf)
			i++
		}
	})
}

func BenchmarkULIDMarshalText(b *testing.B) {
	ours := convert[ourulid.ULID](&raw)
	theirs := convert[ulid.ULID](&raw)
	marshal := func(b *testing.B, ms *[nIn]encoding.TextMarshaler) {
		for i := range ms {
			t, err := ms[i].MarshalText()
			if err != nil {
				b.Fatal(err)
			}
			checkULIDText(b, string(t), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ms[i&mask].MarshalText()
			i++
		}
	}
	b.Run("lib=ours", func(b *testing.B) { ms := textMarshalers(&ours); marshal(b, &ms) })
	b.Run("lib=oklog", func(b *testing.B) { ms := textMarshalers(&theirs); marshal(b, &ms) })
}
