// lib=google: github.com/google/uuid. It has no AppendText and no Compare
// (lib=bytes stands in for Compare), and takes hashed names as []byte.

package bench

import (
	"testing"

	"github.com/google/uuid"
)

func init() {
	in := convert[uuid.UUID](&raw)
	parse := func(op string, inputs *[nIn]string) {
		register(op, "google", func(b *testing.B) {
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
	register("ParseInvalid", "google", func(b *testing.B) {
		checkInvalid(b, uuid.Parse)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			uuid.Parse(invalid[i&mask])
			i++
		}
	})
	register("UnmarshalText", "google", func(b *testing.B) {
		checkParseBytes(b, func(s []byte) (u uuid.UUID, err error) { return u, u.UnmarshalText(s) })
		b.ReportAllocs()
		var u uuid.UUID
		i := 0
		for b.Loop() {
			u.UnmarshalText(canonBytes[i&mask])
			i++
		}
	})
	register("String", "google", func(b *testing.B) {
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
	register("MarshalText", "google", func(b *testing.B) {
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
	register("ParseBytes", "google", func(b *testing.B) {
		checkParseBytes(b, uuid.ParseBytes)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			uuid.ParseBytes(canonBytes[i&mask])
			i++
		}
	})
	register("MarshalBinary", "google", func(b *testing.B) {
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
	register("NewV1", "google", func(b *testing.B) {
		u, err := uuid.NewUUID()
		if err != nil {
			b.Fatal(err)
		}
		checkNew(b, u, 1)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewUUID()
		}
	})
	register("NewV3", "google", func(b *testing.B) {
		name := []byte(v35Name)
		checkHash(b, uuid.NewMD5(uuid.NameSpaceDNS, name), 3)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewMD5(uuid.NameSpaceDNS, name)
		}
	})
	register("NewV4", "google", func(b *testing.B) {
		checkNew(b, uuid.New(), 4)
		b.ReportAllocs()
		for b.Loop() {
			uuid.New()
		}
	})
	register("NewV5", "google", func(b *testing.B) {
		name := []byte(v35Name)
		checkHash(b, uuid.NewSHA1(uuid.NameSpaceDNS, name), 5)
		b.ReportAllocs()
		for b.Loop() {
			uuid.NewSHA1(uuid.NameSpaceDNS, name)
		}
	})
	register("NewV6", "google", func(b *testing.B) {
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
	register("NewV7", "google", func(b *testing.B) {
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
	register("NewV4Parallel", "google", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				uuid.New()
			}
		})
	})
	register("NewV7Parallel", "google", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				uuid.NewV7()
			}
		})
	})
}
