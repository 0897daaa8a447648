// lib=ours: github.com/afb7af96/uuid, through the replace directive in go.mod.

package bench

import (
	"slices"
	"testing"

	"github.com/afb7af96/uuid"
)

func init() {
	in := convert[uuid.UUID](&raw)
	parse := func(op string, inputs *[nIn]string) {
		register(op, "ours", func(b *testing.B) {
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
	register("ParseInvalid", "ours", func(b *testing.B) {
		checkInvalid(b, uuid.Parse)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			uuid.Parse(invalid[i&mask])
			i++
		}
	})
	register("UnmarshalText", "ours", func(b *testing.B) {
		checkParseBytes(b, func(s []byte) (u uuid.UUID, err error) { return u, u.UnmarshalText(s) })
		b.ReportAllocs()
		var u uuid.UUID
		i := 0
		for b.Loop() {
			u.UnmarshalText(canonBytes[i&mask])
			i++
		}
	})
	register("String", "ours", func(b *testing.B) {
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
	register("MarshalText", "ours", func(b *testing.B) {
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
	register("ParseBytes", "ours", func(b *testing.B) {
		checkParseBytes(b, uuid.ParseBytes)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			uuid.ParseBytes(canonBytes[i&mask])
			i++
		}
	})
	register("AppendText", "ours", func(b *testing.B) {
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
	register("MarshalBinary", "ours", func(b *testing.B) {
		ms := binaryMarshalers(&in)
		for i := range ms {
			checkBinary(b, ms[i].MarshalBinary, i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ms[i&mask].MarshalBinary()
			i++
		}
	})
	register("Compare", "ours", func(b *testing.B) {
		checkCompare(b, func(x, y [16]byte) int { return uuid.UUID(x).Compare(uuid.UUID(y)) })
		x, y := convert[uuid.UUID](&cmpA), convert[uuid.UUID](&cmpB)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			x[i&mask].Compare(y[i&mask])
			i++
		}
	})
	register("Sort", "ours", func(b *testing.B) {
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
	register("NewV1", "ours", func(b *testing.B) {
		checkNew(b, uuid.NewV1(), 1)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV1()
		}
	})
	register("NewV3", "ours", func(b *testing.B) {
		ns := uuid.NamespaceDNS()
		checkHash(b, uuid.NewV3(ns, v35Name), 3)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV3(ns, v35Name)
		}
	})
	register("NewV4", "ours", func(b *testing.B) {
		checkNew(b, uuid.NewV4(), 4)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV4()
		}
	})
	register("NewV5", "ours", func(b *testing.B) {
		ns := uuid.NamespaceDNS()
		checkHash(b, uuid.NewV5(ns, v35Name), 5)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV5(ns, v35Name)
		}
	})
	register("NewV6", "ours", func(b *testing.B) {
		checkNew(b, uuid.NewV6(), 6)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV6()
		}
	})
	register("NewV7", "ours", func(b *testing.B) {
		checkNew(b, uuid.NewV7(), 7)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV7()
		}
	})
	register("NewV4Parallel", "ours", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				uuid.NewV4()
			}
		})
	})
	register("NewV7Parallel", "ours", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				uuid.NewV7()
			}
		})
	})
	register("FillV4", "ours", func(b *testing.B) {
		dst := make([]uuid.UUID, nFill)
		uuid.FillV4(dst)
		checkFill(b, dst, 4)
		b.ReportAllocs()
		for b.Loop() {
			uuid.FillV4(dst)
		}
		reportPerUUID(b, nFill)
	})
	register("FillV7", "ours", func(b *testing.B) {
		dst := make([]uuid.UUID, nFill)
		uuid.FillV7(dst)
		checkFill(b, dst, 7)
		b.ReportAllocs()
		for b.Loop() {
			uuid.FillV7(dst)
		}
		reportPerUUID(b, nFill)
	})
}
