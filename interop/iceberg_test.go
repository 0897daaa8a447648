package interop

import (
	"math"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/iceberguuid"
	"github.com/twmb/murmur3"
)

// icebergGoBucket is bucket[n] as apache/iceberg-go computes it for a
// UUIDLiteral (transforms.go, BucketTransform.Apply): twmb/murmur3's
// Sum32 of the 16 bytes, the sign bit dropped, modulo n.
func icebergGoBucket(u uuid.UUID, n int32) int32 {
	return int32(murmur3.Sum32(u[:])) & math.MaxInt32 % n
}

// TestIcebergAgainstMurmur3 checks iceberguuid's Hash and Bucket against
// github.com/twmb/murmur3, the hash apache/iceberg-go's bucket transform
// calls, on edge UUIDs and 100 000 random ones.
func TestIcebergAgainstMurmur3(t *testing.T) {
	ids := make([]uuid.UUID, 100_000)
	uuid.FillV4(ids)
	ids = append(ids, uuid.UUID{}, uuid.Max(), uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7"))
	for _, u := range ids {
		if got, want := iceberguuid.Hash(u), int32(murmur3.Sum32(u[:])); got != want {
			t.Fatalf("Hash(%v) = %d; murmur3.Sum32 = %d", u, got, want)
		}
		for _, n := range []int32{1, 7, 16, 100, 1024, math.MaxInt32} {
			if got, want := iceberguuid.Bucket(u, int(n)), icebergGoBucket(u, n); got != int(want) {
				t.Fatalf("Bucket(%v, %d) = %d; iceberg-go's = %d", u, n, got, want)
			}
		}
	}
}

// BenchmarkIcebergBucket compares iceberguuid.Bucket with the same bucket
// through twmb/murmur3, as iceberg-go computes it.
func BenchmarkIcebergBucket(b *testing.B) {
	u := uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7")
	b.Run("impl=iceberguuid", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			iceberguuid.Bucket(u, 16)
		}
	})
	b.Run("impl=twmb-murmur3", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			icebergGoBucket(u, 16)
		}
	})
}
