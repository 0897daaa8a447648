package iceberguuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/iceberguuid"
)

func BenchmarkHash(b *testing.B) {
	b.ReportAllocs()
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	for b.Loop() {
		iceberguuid.Hash(u)
	}
}

func BenchmarkBucket(b *testing.B) {
	b.ReportAllocs()
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	for b.Loop() {
		iceberguuid.Bucket(u, 16)
	}
}
