// TypeID: github.com/afb7af96/uuid/typeid beside its Go peers.
//
//	lib=ours         github.com/afb7af96/uuid/typeid
//	lib=jetify       go.jetify.com/typeid v1.3.0 (AnyID)
//	lib=jetifyalpha  go.jetify.com/typeid/v2 v2.0.0-alpha.3
//
// Benchmark<Op> names start with TypeID, and each has one sub-benchmark per
// library that has the operation, so `benchstat -col /lib` sets them side by
// side. Inputs are the shared raw values under varied prefixes; every body
// first checks its library's answers against a math/big reference.

package bench

import (
	"encoding"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/afb7af96/uuid"
	ourtypeid "github.com/afb7af96/uuid/typeid"
	jetify "go.jetify.com/typeid"
	jetifyalpha "go.jetify.com/typeid/v2"
)

var (
	tidPrefix  [nIn]string // varied prefixes, some empty
	tidText    [nIn]string // TypeID of tidPrefix[i] and raw[i]
	tidBytes   [nIn][]byte // tidText[i] as []byte
	tidInvalid [nIn]string // near misses
)

func init() {
	prefixes := []string{"user", "", "org", "pre_fix", "account_event", "x", "thisisalongerprefixname", "invoice"}
	r := rand.New(rand.NewChaCha8([32]byte{'t', 'i', 'd'}))
	const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"
	for i := range raw {
		p := prefixes[i%len(prefixes)]
		tidPrefix[i] = p
		n := new(big.Int).SetBytes(raw[i][:])
		var s [26]byte
		for k := 25; k >= 0; k-- {
			var d big.Int
			n.DivMod(n, big.NewInt(32), &d)
			s[k] = alphabet[d.Int64()]
		}
		if p != "" {
			tidText[i] = p + "_" + string(s[:])
		} else {
			tidText[i] = string(s[:])
		}
		tidBytes[i] = []byte(tidText[i])
		b := []byte(tidText[i])
		switch i % 4 {
		case 0, 1: // a bad suffix digit: upper case or a folded letter
			b[len(b)-1-r.IntN(26)] = "ilouA.-"[r.IntN(7)]
		case 2: // one character short or long
			if i%8 == 2 {
				b = b[:len(b)-1]
			} else {
				b = append(b, '0')
			}
		case 3: // a bad prefix
			if p == "" {
				b = append([]byte("_"), b...)
			} else {
				b[0] = 'A'
			}
		}
		tidInvalid[i] = string(b)
	}
}

func checkTypeID(b *testing.B, i int, prefix string, u []byte, err error) {
	b.Helper()
	if err != nil || prefix != tidPrefix[i] || string(u) != string(raw[i][:]) {
		b.Fatalf("parse(%q) = %q, %x, %v; want %q, %x", tidText[i], prefix, u, err, tidPrefix[i], raw[i])
	}
}

func checkTypeIDInvalid[T any](b *testing.B, parse func(string) (T, error)) {
	b.Helper()
	for _, s := range tidInvalid {
		if _, err := parse(s); err == nil {
			b.Fatalf("parse(%q) succeeded", s)
		}
	}
}

func checkTypeIDText(b *testing.B, got string, i int) {
	b.Helper()
	if got != tidText[i] {
		b.Fatalf("text of %q, %x = %q; want %q", tidPrefix[i], raw[i], got, tidText[i])
	}
}

// Typed inputs of each library, made from the text.
var (
	tidOurs  [nIn]ourtypeid.TypeID
	tidV1    [nIn]jetify.AnyID
	tidAlpha [nIn]jetifyalpha.TypeID
)

func init() {
	for i, s := range tidText {
		tidOurs[i] = ourtypeid.MustParse(s)
		tidV1[i] = jetify.Must(jetify.FromString(s))
		var err error
		if tidAlpha[i], err = jetifyalpha.Parse(s); err != nil {
			panic(err)
		}
	}
}

func BenchmarkTypeIDParse(b *testing.B) {
	b.Run("lib=ours", func(b *testing.B) {
		for i, s := range tidText {
			t, err := ourtypeid.Parse(s)
			u := t.UUID()
			checkTypeID(b, i, t.Prefix(), u[:], err)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ourtypeid.Parse(tidText[i&mask])
			i++
		}
	})
	b.Run("lib=jetify", func(b *testing.B) {
		for i, s := range tidText {
			t, err := jetify.FromString(s)
			checkTypeID(b, i, t.Prefix(), t.UUIDBytes(), err)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			jetify.FromString(tidText[i&mask])
			i++
		}
	})
	b.Run("lib=jetifyalpha", func(b *testing.B) {
		for i, s := range tidText {
			t, err := jetifyalpha.Parse(s)
			checkTypeID(b, i, t.Prefix(), t.Bytes(), err)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			jetifyalpha.Parse(tidText[i&mask])
			i++
		}
	})
}

func BenchmarkTypeIDParseInvalid(b *testing.B) {
	b.Run("lib=ours", func(b *testing.B) {
		checkTypeIDInvalid(b, ourtypeid.Parse)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ourtypeid.Parse(tidInvalid[i&mask])
			i++
		}
	})
	b.Run("lib=jetify", func(b *testing.B) {
		checkTypeIDInvalid(b, jetify.FromString)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			jetify.FromString(tidInvalid[i&mask])
			i++
		}
	})
	b.Run("lib=jetifyalpha", func(b *testing.B) {
		checkTypeIDInvalid(b, jetifyalpha.Parse)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			jetifyalpha.Parse(tidInvalid[i&mask])
			i++
		}
	})
}

func BenchmarkTypeIDUnmarshalText(b *testing.B) {
	b.Run("lib=ours", func(b *testing.B) {
		for i, s := range tidBytes {
			var t ourtypeid.TypeID
			err := t.UnmarshalText(s)
			u := t.UUID()
			checkTypeID(b, i, t.Prefix(), u[:], err)
		}
		b.ReportAllocs()
		var t ourtypeid.TypeID
		i := 0
		for b.Loop() {
			t.UnmarshalText(tidBytes[i&mask])
			i++
		}
	})
	b.Run("lib=jetify", func(b *testing.B) {
		for i, s := range tidBytes {
			var t jetify.AnyID
			err := t.UnmarshalText(s)
			checkTypeID(b, i, t.Prefix(), t.UUIDBytes(), err)
		}
		b.ReportAllocs()
		var t jetify.AnyID
		i := 0
		for b.Loop() {
			t.UnmarshalText(tidBytes[i&mask])
			i++
		}
	})
	b.Run("lib=jetifyalpha", func(b *testing.B) {
		for i, s := range tidBytes {
			var t jetifyalpha.TypeID
			err := t.UnmarshalText(s)
			checkTypeID(b, i, t.Prefix(), t.Bytes(), err)
		}
		b.ReportAllocs()
		var t jetifyalpha.TypeID
		i := 0
		for b.Loop() {
			t.UnmarshalText(tidBytes[i&mask])
			i++
		}
	})
}

func BenchmarkTypeIDString(b *testing.B) {
	b.Run("lib=ours", func(b *testing.B) {
		for i := range tidOurs {
			checkTypeIDText(b, tidOurs[i].String(), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = tidOurs[i&mask].String()
			i++
		}
	})
	b.Run("lib=jetify", func(b *testing.B) {
		for i := range tidV1 {
			checkTypeIDText(b, tidV1[i].String(), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = tidV1[i&mask].String()
			i++
		}
	})
	b.Run("lib=jetifyalpha", func(b *testing.B) {
		for i := range tidAlpha {
			checkTypeIDText(b, tidAlpha[i].String(), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = tidAlpha[i&mask].String()
			i++
		}
	})
}

func BenchmarkTypeIDAppendText(b *testing.B) {
	b.Run("lib=ours", func(b *testing.B) {
		var buf []byte
		for i := range tidOurs {
			buf, _ = tidOurs[i].AppendText(buf[:0])
			checkTypeIDText(b, string(buf), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			buf, _ = tidOurs[i&mask].AppendText(buf[:0])
			i++
		}
	})
	b.Run("lib=jetifyalpha", func(b *testing.B) {
		var buf []byte
		for i := range tidAlpha {
			buf, _ = tidAlpha[i].AppendText(buf[:0])
			checkTypeIDText(b, string(buf), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			buf, _ = tidAlpha[i&mask].AppendText(buf[:0])
			i++
		}
	})
}

func BenchmarkTypeIDMarshalText(b *testing.B) {
	marshal := func(b *testing.B, ms *[nIn]encoding.TextMarshaler) {
		for i := range ms {
			t, err := ms[i].MarshalText()
			if err != nil {
				b.Fatal(err)
			}
			checkTypeIDText(b, string(t), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ms[i&mask].MarshalText()
			i++
		}
	}
	b.Run("lib=ours", func(b *testing.B) { ms := textMarshalers(&tidOurs); marshal(b, &ms) })
	b.Run("lib=jetify", func(b *testing.B) { ms := textMarshalers(&tidV1); marshal(b, &ms) })
	b.Run("lib=jetifyalpha", func(b *testing.B) { ms := textMarshalers(&tidAlpha); marshal(b, &ms) })
}

// BenchmarkTypeIDEncode makes the text of a prefix and a UUID: the TypeID is
// built from its parts, then formatted into a reused buffer where the
// library can, else by String.
func BenchmarkTypeIDEncode(b *testing.B) {
	uuids := convert[uuid.UUID](&raw)
	b.Run("lib=ours", func(b *testing.B) {
		var buf []byte
		for i := range uuids {
			t, err := ourtypeid.FromUUID(tidPrefix[i], uuids[i])
			if err != nil {
				b.Fatal(err)
			}
			buf, _ = t.AppendText(buf[:0])
			checkTypeIDText(b, string(buf), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			t, _ := ourtypeid.FromUUID(tidPrefix[i&mask], uuids[i&mask])
			buf, _ = t.AppendText(buf[:0])
			i++
		}
	})
	b.Run("lib=jetify", func(b *testing.B) {
		for i := range raw {
			t, err := jetify.FromUUIDBytesWithPrefix(tidPrefix[i], raw[i][:])
			if err != nil {
				b.Fatal(err)
			}
			checkTypeIDText(b, t.String(), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			t, _ := jetify.FromUUIDBytesWithPrefix(tidPrefix[i&mask], raw[i&mask][:])
			_ = t.String()
			i++
		}
	})
	b.Run("lib=jetifyalpha", func(b *testing.B) {
		var buf []byte
		for i := range raw {
			t, err := jetifyalpha.FromBytes(tidPrefix[i], raw[i][:])
			if err != nil {
				b.Fatal(err)
			}
			buf, _ = t.AppendText(buf[:0])
			checkTypeIDText(b, string(buf), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			t, _ := jetifyalpha.FromBytes(tidPrefix[i&mask], raw[i&mask][:])
			buf, _ = t.AppendText(buf[:0])
			i++
		}
	})
}
