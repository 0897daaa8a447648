package sqlserveruuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/sqlserveruuid"
)

func BenchmarkCompare(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("00000000-0000-8000-8000-019000000002")
	y := uuid.MustParse("00000000-0000-8000-8000-019000000003")
	for b.Loop() {
		sqlserveruuid.Compare(x, y)
	}
}

func BenchmarkKey(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("00000000-0000-8000-8000-019000000002")
	for b.Loop() {
		sqlserveruuid.Key(x)
	}
}

func BenchmarkNewV8(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sqlserveruuid.NewV8()
	}
}
