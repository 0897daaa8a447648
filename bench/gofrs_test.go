// lib=gofrs: github.com/gofrs/uuid/v5. It has no ParseBytes (UnmarshalText is its
// []byte parser), no AppendText and no Compare (lib=bytes stands in).

package bench

import (
	"testing"

	"github.com/gofrs/uuid/v5"
)

func init() {
	in := convert[uuid.UUID](&raw)
	parse := func(op string, inputs *[nIn]string) {
		register(op, "gofrs", func(b *testing.B) {
			checkParse(b, inputs, uuid.FromString)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				uuid.FromString(inputs[i&mask])
				i++
			}
		})
	}
	parse("Parse", &canon)
	parse("ParseURN", &urn)
	parse("ParseBraced", &braced)
	parse("ParseHex32", &hex32)
	parse("ParseUpper", &upper)
	register("ParseInvalid", "gofrs", func(b *testing.B) {
		checkInvalid(b, uuid.FromString)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			uuid.FromString(invalid[i&mask])
			i++
		}
	})
	register("UnmarshalText", "gofrs", func(b *testing.B) {
		checkParseBytes(b, func(s []byte) (u uuid.UUID, err error) { return u, u.UnmarshalText(s) })
		b.ReportAllocs()
		var u uuid.UUID
		i := 0
		for b.Loop() {
			u.UnmarshalText(canonBytes[i&mask])
			i++
		}
	})
	register("String", "gofrs", func(b *testing.B) {
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
	register("MarshalText", "gofrs", func(b *testing.B) {
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
	register("MarshalBinary", "gofrs", func(b *testing.B) {
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
	register("NewV1", "gofrs", func(b *testing.B) {
		u, err := uuid.NewV1()
		if err != nil {
			b.Fatal(err)
		}
		checkNew(b, u, 1)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV1()
		}
	})
	register("NewV3", "gofrs", func(b *testing.B) {
		checkHash(b, uuid.NewV3(uuid.NamespaceDNS, v35Name), 3)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV3(uuid.NamespaceDNS, v35Name)
		}
	})
	register("NewV4", "gofrs", func(b *testing.B) {
		u, err := uuid.NewV4()
		if err != nil {
			b.Fatal(err)
		}
		checkNew(b, u, 4)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV4()
		}
	})
	register("NewV5", "gofrs", func(b *testing.B) {
		checkHash(b, uuid.NewV5(uuid.NamespaceDNS, v35Name), 5)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV5(uuid.NamespaceDNS, v35Name)
		}
	})
	register("NewV6", "gofrs", func(b *testing.B) {
		u, err := uuid.NewV6()
		if err != nil {
			b.Fatal(err)
		}
		checkNew(b, u, 6)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV6()
		}
	})
	register("NewV7", "gofrs", func(b *testing.B) {
		u, err := uuid.NewV7()
		if err != nil {
			b.Fatal(err)
		}
		checkNew(b, u, 7)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewV7()
		}
	})
	register("NewV4Parallel", "gofrs", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				uuid.NewV4()
			}
		})
	})
	register("NewV7Parallel", "gofrs", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				uuid.NewV7()
			}
		})
	})
}
