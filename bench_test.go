package uuid

import (
	"crypto/md5"
	"crypto/sha1"
	"slices"
	"strings"
	"testing"
	"time"
)

// benchInputs are varied canonical UUIDs, so no branch predictor learns one.
var benchInputs = func() (in [64]UUID) {
	g := NewGenerator(GeneratorOptions{Rand: strings.NewReader(strings.Repeat("benchmark inputs", 64))})
	for i := range in {
		in[i], _ = g.NewV4()
		in[i][0] = byte(i * 37)
	}
	return in
}()

func benchStrings(f func(UUID) string) (out [64]string) {
	for i, u := range benchInputs {
		out[i] = f(u)
	}
	return out
}

func BenchmarkParse(b *testing.B) {
	forms := []struct {
		name string
		in   [64]string
	}{
		{"canonical", benchStrings(UUID.String)},
		{"upper", benchStrings(func(u UUID) string { return strings.ToUpper(u.String()) })},
		{"hex32", benchStrings(func(u UUID) string { return strings.ReplaceAll(u.String(), "-", "") })},
		{"braced", benchStrings(func(u UUID) string { return "{" + u.String() + "}" })},
		{"urn", benchStrings(UUID.URN)},
		{"invalid", benchStrings(func(u UUID) string { return u.String()[:35] + "g" })},
		{"short", benchStrings(func(u UUID) string { return u.String()[:35] })},
	}
	for _, f := range forms {
		b.Run("form="+f.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				Parse(f.in[i&63])
				i++
			}
		})
	}
}

// BenchmarkParseInvalid measures the error path: err=discarded as a
// validator that only tests the error for nil (the inlined Parse keeps the
// ParseError on its stack), err=kept as a caller that returns it (one
// allocation).
func BenchmarkParseInvalid(b *testing.B) {
	in := benchStrings(func(u UUID) string { return u.String()[:35] + "g" })
	b.Run("err=discarded", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			Parse(in[i&63])
			i++
		}
	})
	b.Run("err=kept", func(b *testing.B) {
		b.ReportAllocs()
		var errs [64]error
		i := 0
		for b.Loop() {
			_, errs[i&63] = Parse(in[i&63])
			i++
		}
	})
}

func BenchmarkParseBytes(b *testing.B) {
	var in [64][]byte
	for i, u := range benchInputs {
		in[i] = []byte(u.String())
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ParseBytes(in[i&63])
		i++
	}
}

func BenchmarkParseStrict(b *testing.B) {
	in := benchStrings(UUID.String)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ParseStrict(in[i&63])
		i++
	}
}

func BenchmarkUnmarshalText(b *testing.B) {
	var in [64][]byte
	for i, u := range benchInputs {
		in[i] = []byte(u.String())
	}
	b.ReportAllocs()
	var u UUID
	i := 0
	for b.Loop() {
		u.UnmarshalText(in[i&63])
		i++
	}
}

func BenchmarkString(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = benchInputs[i&63].String()
		i++
	}
}

func BenchmarkURN(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = benchInputs[i&63].URN()
		i++
	}
}

func BenchmarkAppendText(b *testing.B) {
	b.ReportAllocs()
	buf := make([]byte, 0, 64)
	i := 0
	for b.Loop() {
		buf, _ = benchInputs[i&63].AppendText(buf[:0])
		i++
	}
}

func BenchmarkMarshalText(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		benchInputs[i&63].MarshalText()
		i++
	}
}

func BenchmarkFromBytes(b *testing.B) {
	raw := benchInputs[0]
	for _, in := range []struct {
		name string
		b    []byte
	}{{"raw", raw[:]}, {"short", raw[:15]}} {
		b.Run("input="+in.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				FromBytes(in.b)
			}
		})
	}
}

func BenchmarkMarshalBinary(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		benchInputs[i&63].MarshalBinary()
		i++
	}
}

func BenchmarkAppendBinary(b *testing.B) {
	b.ReportAllocs()
	buf := make([]byte, 0, 64)
	i := 0
	for b.Loop() {
		buf, _ = benchInputs[i&63].AppendBinary(buf[:0])
		i++
	}
}

func BenchmarkCompare(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		benchInputs[i&63].Compare(benchInputs[(i+1)&63])
		i++
	}
}

func BenchmarkSort(b *testing.B) {
	g := NewGenerator(GeneratorOptions{})
	ids := make([]UUID, 100_000)
	for i := range ids {
		ids[i], _ = g.NewV4()
	}
	work := make([]UUID, len(ids))
	b.ReportAllocs()
	for b.Loop() {
		copy(work, ids)
		slices.SortFunc(work, UUID.Compare)
	}
}

func BenchmarkAccessors(b *testing.B) {
	u := MustParse("c232ab00-9414-11ec-b3c8-9f6bdeced846")
	b.Run("op=Time", func(b *testing.B) {
		for b.Loop() {
			u.Time()
		}
	})
	b.Run("op=Version", func(b *testing.B) {
		for b.Loop() {
			u.Version()
		}
	})
	b.Run("op=ToV6", func(b *testing.B) {
		for b.Loop() {
			u.ToV6()
		}
	})
}

func BenchmarkNewV1(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NewV1()
	}
}

func BenchmarkNewV2(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NewV2(DomainPerson, 1000)
	}
}

const v35Name = "www.example.com"

func BenchmarkNewV3(b *testing.B) {
	b.ReportAllocs()
	ns := NamespaceDNS()
	b.Run("lib=ours", func(b *testing.B) {
		for b.Loop() {
			NewV3(ns, v35Name)
		}
	})
	b.Run("lib=md5Sum", func(b *testing.B) {
		in := append(ns[:], v35Name...)
		for b.Loop() {
			md5.Sum(in)
		}
	})
}

func BenchmarkNewV4(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NewV4()
	}
}

func BenchmarkNewV4Parallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			NewV4()
		}
	})
}

func BenchmarkNewV5(b *testing.B) {
	b.ReportAllocs()
	ns := NamespaceDNS()
	b.Run("lib=ours", func(b *testing.B) {
		for b.Loop() {
			NewV5(ns, v35Name)
		}
	})
	b.Run("lib=sha1Sum", func(b *testing.B) {
		in := append(ns[:], v35Name...)
		for b.Loop() {
			sha1.Sum(in)
		}
	})
}

func BenchmarkNewV6(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NewV6()
	}
}

func BenchmarkNewV7(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NewV7()
	}
}

func BenchmarkNewV7Parallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			NewV7()
		}
	})
}

func BenchmarkFillV7(b *testing.B) {
	b.ReportAllocs()
	dst := make([]UUID, 1024)
	for b.Loop() {
		FillV7(dst)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(dst)), "ns/uuid")
}

// BenchmarkNewV1Sustained measures v1 throughput over a whole second, the
// period over which the format's ceiling of 10 million a second applies.
func BenchmarkNewV1Sustained(b *testing.B) {
	g := NewGenerator(GeneratorOptions{})
	for b.Loop() {
		n := 0
		start := time.Now()
		for time.Since(start) < time.Second {
			for range 1000 {
				g.NewV1()
			}
			n += 1000
		}
		b.ReportMetric(float64(n)/time.Since(start).Seconds(), "uuids/s")
	}
}
