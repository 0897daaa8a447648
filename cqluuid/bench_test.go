package cqluuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/cqluuid"
)

func BenchmarkCompare(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("486f3a88-775b-11e3-ae07-d231feb1dc81")
	y := uuid.MustParse("486f3a88-775b-11e3-ae07-d231feb1dc82")
	for b.Loop() {
		cqluuid.Compare(x, y)
	}
}

func BenchmarkKey(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("486f3a88-775b-11e3-ae07-d231feb1dc81")
	for b.Loop() {
		cqluuid.Key(x)
	}
}

func BenchmarkCompareTimeUUID(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("486f3a88-775b-11e3-ae07-d231feb1dc81")
	y := uuid.MustParse("486f3a88-775b-11e3-ae07-d231feb1dc82")
	for b.Loop() {
		cqluuid.CompareTimeUUID(x, y)
	}
}

func BenchmarkTimeUUIDKey(b *testing.B) {
	b.ReportAllocs()
	x := uuid.MustParse("486f3a88-775b-11e3-ae07-d231feb1dc81")
	for b.Loop() {
		cqluuid.TimeUUIDKey(x)
	}
}
