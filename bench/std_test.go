//go:build go1.27

// lib=std: the standard library's package uuid, new in Go 1.27. This file is
// built only by a Go 1.27+ toolchain (GOTOOLCHAIN=go1.27.0). The package has
// no ParseBytes, MarshalBinary or name-based or time-based versions.

package bench

import (
	"slices"
	"testing"
	"uuid"
)

func init() {
	in := convert[uuid.UUID](&raw)
	parse := func(op string, inputs *[nIn]string) {
		register(op, "std", func(b *testing.B) {
			checkParse(b, inputs, uuid.Parse)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				uuid.Parse(inputs[i&mask])
				i++
			}
		})
	}
	parse("Parse", &canon)
	parse("ParseURN", &urn)
	parse("ParseBraced", &braced)
	parse("ParseHex32", &hex32)
	parse("ParseUpper", &upper)
	register("ParseInvalid", "std", func(b *testing.B) {
		checkInvalid(b, uuid.Parse)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			uuid.Parse(invalid[i&mask])
			i++
		}
	})
	register("UnmarshalText", "std", func(b *testing.B) {
		checkParseBytes(b, func(s []byte) (u uuid.UUID, err error) { return u, u.UnmarshalText(s) })
		b.ReportAllocs()
		var u uuid.UUID
		i := 0
		for b.Loop() {
			u.UnmarshalText(canonBytes[i&mask])
			i++
		}
	})
	register("String", "std", func(b *testing.B) {
		for i := range in {
			checkText(b, in[i].String(), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = in[i&mask].String()
			i++
		}
	})
	register("MarshalText", "std", func(b *testing.B) {
		ms := textMarshalers(&in)
		for i := range ms {
			t, _ := ms[i].MarshalText()
			checkText(b, string(t), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ms[i&mask].MarshalText()
			i++
		}
	})
	register("AppendText", "std", func(b *testing.B) {
		for i := range in {
			t, _ := in[i].AppendText(nil)
			checkText(b, string(t), i)
		}
		b.ReportAllocs()
		buf := make([]byte, 0, 64)
		i := 0
		for b.Loop() {
			buf, _ = in[i&mask].AppendText(buf[:0])
			i++
		}
	})
	register("Compare", "std", func(b *testing.B) {
		checkCompare(b, func(x, y [16]byte) int { return uuid.UUID(x).Compare(uuid.UUID(y)) })
		x, y := convert[uuid.UUID](&cmpA), convert[uuid.UUID](&cmpB)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			x[i&mask].Compare(y[i&mask])
			i++
		}
	})
	register("Sort", "std", func(b *testing.B) {
		src := convertSlice[uuid.UUID](sortInput())
		s := make([]uuid.UUID, len(src))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			copy(s, src)
			b.StartTimer()
			slices.SortFunc(s, uuid.UUID.Compare)
		}
		b.StopTimer()
		checkSorted(b, s)
	})
	register("NewV4", "std", func(b *testing.B) {
		checkNew(b, uuid.NewV4(), 4)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV4()
		}
	})
	register("NewV7", "std", func(b *testing.B) {
		checkNew(b, uuid.NewV7(), 7)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV7()
		}
	})
	register("NewV4Parallel", "std", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				uuid.NewV4()
			}
		})
	})
	register("NewV7Parallel", "std", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				uuid.NewV7()
			}
		})
	})
}
