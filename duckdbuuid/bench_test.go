package duckdbuuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/duckdbuuid"
)

func BenchmarkCompare(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("01900000-0000-7000-8000-000000000002")
	y := uuid.MustParse("01900000-0000-7000-8000-000000000003")
	for b.Loop() {
		duckdbuuid.Compare(x, y)
	}
}

func BenchmarkKey(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("01900000-0000-7000-8000-000000000002")
	for b.Loop() {
		duckdbuuid.Key(x)
	}
}
