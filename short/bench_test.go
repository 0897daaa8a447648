package short_test

import (
	"math/rand/v2"
	"testing"

	"github.com/afb7af96/uuid"
)

// Benchmarks cycle through 64 varied UUIDs (Nil, Max and random values) so
// that branch predictors cannot learn one input. Peers are compared in the
// bench module.
const (
	nIn  = 64
	mask = nIn - 1
)

var benchIn = func() (in [nIn]uuid.UUID) {
	r := rand.New(rand.NewChaCha8([32]byte{'s', 'h', 'o', 'r', 't'}))
	in[1] = uuid.Max()
	for i := 2; i < nIn; i++ {
		for j := range in[i] {
			in[i][j] = byte(r.Uint32())
		}
	}
	return in
}()

func BenchmarkAppend(b *testing.B) {
	for _, e := range encodings {
		b.Run("enc="+e.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 32)
			i := 0
			for b.Loop() {
				buf = e.enc.Append(buf[:0], benchIn[i&mask])
				i++
			}
		})
	}
}

func BenchmarkString(b *testing.B) {
	for _, e := range encodings {
		b.Run("enc="+e.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				_ = e.enc.String(benchIn[i&mask])
				i++
			}
		})
	}
}

func BenchmarkParse(b *testing.B) {
	for _, e := range encodings {
		b.Run("enc="+e.name, func(b *testing.B) {
			var texts [nIn]string
			for i, u := range benchIn {
				texts[i] = e.enc.String(u)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				e.enc.Parse(texts[i&mask])
				i++
			}
		})
	}
}

func BenchmarkParseBytes(b *testing.B) {
	for _, e := range encodings {
		b.Run("enc="+e.name, func(b *testing.B) {
			var texts [nIn][]byte
			for i, u := range benchIn {
				texts[i] = e.enc.Append(nil, u)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				e.enc.ParseBytes(texts[i&mask])
				i++
			}
		})
	}
}

func BenchmarkParseInvalid(b *testing.B) {
	for _, e := range encodings {
		b.Run("enc="+e.name, func(b *testing.B) {
			var texts [nIn]string
			for i, u := range benchIn {
				t := []byte(e.enc.String(u))
				t[i%len(t)] = "!~ \xff"[i%4] // one byte that is no digit
				texts[i] = string(t)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				e.enc.Parse(texts[i&mask])
				i++
			}
		})
	}
}
