// lib=bytes: bytes.Compare on the arrays, which is how users of
// github.com/google/uuid and github.com/gofrs/uuid/v5 (neither has a Compare
// method) order UUIDs.

package bench

import (
	"bytes"
	"slices"
	"testing"
)

func bytesCompare(a, b [16]byte) int { return bytes.Compare(a[:], b[:]) }

func init() {
	register("Compare", "bytes", func(b *testing.B) {
		checkCompare(b, bytesCompare)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			bytes.Compare(cmpA[i&mask][:], cmpB[i&mask][:])
			i++
		}
	})
	register("Sort", "bytes", func(b *testing.B) {
		src := sortInput()
		s := make([][16]byte, len(src))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			copy(s, src)
			b.StartTimer()
			slices.SortFunc(s, bytesCompare)
		}
		b.StopTimer()
		checkSorted(b, s)
	})
}
