package mysqluuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/mysqluuid"
)

func BenchmarkCompare(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("6ccd780c-baba-1026-9564-5b8c656024db")
	y := uuid.MustParse("6ccd780d-baba-1026-9564-5b8c656024db")
	for b.Loop() {
		mysqluuid.Compare(x, y)
	}
}

func BenchmarkKey(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("6ccd780c-baba-1026-9564-5b8c656024db")
	for b.Loop() {
		mysqluuid.Key(x)
	}
}
