package iceberguuid_test

import (
	"math"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/iceberguuid"
)

// FuzzHash checks Hash against slowHash and Bucket against the spec's
// pseudo-code for every UUID and every N, and that Bucket is -1 exactly
// when N is not positive.
func FuzzHash(f *testing.F) {
	f.Add(make([]byte, 16), 16)                                                            // the Nil UUID, whose hash is negative
	f.Add([]byte("\xf7\x9c\x3e\x09\x67\x7c\x4b\xbd\xa4\x79\x3f\x34\x9c\xb7\x85\xe7"), 100) // the spec's UUID, bucket 40
	f.Add([]byte("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"), 0)   // the Max UUID; N = 0 gives -1
	f.Add(make([]byte, 16), math.MaxInt32)                                                 // the widest N a table can have
	f.Add(make([]byte, 15), -3)                                                            // wrong length: skipped
	f.Fuzz(func(t *testing.T, b []byte, n int) {
		if len(b) != uuid.Size {
			return
		}
		u := uuid.UUID(b)
		h := iceberguuid.Hash(u)
		if want := slowHash(b); h != want {
			t.Fatalf("Hash(%v) = %d; slowHash = %d", u, h, want)
		}
		got := iceberguuid.Bucket(u, n)
		switch {
		case n <= 0:
			if got != -1 {
				t.Fatalf("Bucket(%v, %d) = %d; want -1", u, n, got)
			}
		case got != slowBucket(h, n) || got < 0 || got >= n:
			t.Fatalf("Bucket(%v, %d) = %d; want %d", u, n, got, slowBucket(h, n))
		}
	})
}
