package placement_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placement"
)

func BenchmarkPartitionText(b *testing.B) {
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	for _, p := range families {
		b.Run("partitioner="+p.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.PartitionText(u, 32)
			}
		})
	}
}

func BenchmarkRedisSlot(b *testing.B) {
	b.ReportAllocs()
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	for b.Loop() {
		placement.RedisSlotForm(u, uuid.FormCanonical)
	}
}

func BenchmarkCassandraToken(b *testing.B) {
	b.ReportAllocs()
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	for b.Loop() {
		placement.CassandraToken(u)
	}
}

func BenchmarkCassandraKeyToken(b *testing.B) {
	b.ReportAllocs()
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	bucket := []byte{0, 0, 0, 7}
	for b.Loop() {
		placement.CassandraKeyToken(u[:], bucket)
	}
}
