package cqluuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/dbtest"
)

// slowCompare is a uuid column's order written the slow way, as Cassandra's
// first UUIDType did it: compare the versions; for two version 1 UUIDs,
// compare the timestamp bytes one at a time from the most significant
// (byte 6's low nibble, 7, 4, 5, 0, 1, 2, 3); then compare all 16 bytes in
// order, unsigned.
func slowCompare(a, b uuid.UUID) int {
	if va, vb := int(a[6]>>4), int(b[6]>>4); va != vb {
		return sign(va - vb)
	}
	if a[6]>>4 == 1 {
		if d := int(a[6]&0xf) - int(b[6]&0xf); d != 0 {
			return sign(d)
		}
		for _, i := range []int{7, 4, 5, 0, 1, 2, 3} {
			if d := int(a[i]) - int(b[i]); d != 0 {
				return sign(d)
			}
		}
	}
	for i := range 16 {
		if d := int(a[i]) - int(b[i]); d != 0 {
			return sign(d)
		}
	}
	return 0
}

// slowCompareTimeUUID is a timeuuid column's order written the slow way:
// the version nibble, then the timestamp as a number, then the last 8 bytes
// one at a time as signed bytes.
func slowCompareTimeUUID(a, b uuid.UUID) int {
	if va, vb := int(a[6]>>4), int(b[6]>>4); va != vb {
		return sign(va - vb)
	}
	ts := func(u uuid.UUID) uint64 {
		var t uint64
		for _, i := range []int{6, 7, 4, 5, 0, 1, 2, 3} {
			t = t<<8 | uint64(u[i])
		}
		return t & (1<<60 - 1)
	}
	if ta, tb := ts(a), ts(b); ta != tb {
		if ta < tb {
			return -1
		}
		return +1
	}
	for i := 8; i < 16; i++ {
		if d := int(int8(a[i])) - int(int8(b[i])); d != 0 {
			return sign(d)
		}
	}
	return 0
}

func sign(d int) int {
	switch {
	case d < 0:
		return -1
	case d > 0:
		return +1
	}
	return 0
}

// FuzzCompare checks Compare, Key, CompareTimeUUID and TimeUUIDKey against
// the slow references.
func FuzzCompare(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16)) // equal Nil UUIDs
	f.Add([]byte("\xfe\xd3\x50\x80\x0e\xfb\x11\xee\xa1\xca\x00\x00\x64\x90\xe9\xa4"),
		[]byte("\x00\x00\x02\x57\x0e\xfc\x11\xee\x95\x47\x00\x00\x64\x90\xe9\xa6")) // python-driver#231
	f.Add([]byte("\x00\x00\x00\x00\x00\x00\x10\x00\x80\x00\x00\x00\x00\x00\x00\x01"),
		[]byte("\x00\x00\x00\x00\x00\x00\x10\x00\x80\x00\x00\x00\x00\x00\x00\xff")) // signed against unsigned node byte
	f.Add([]byte("\xff\xff\xff\xff\xff\xff\x4f\xff\xbf\xff\xff\xff\xff\xff\xff\xff"),
		[]byte("\x00\x00\x00\x00\x00\x00\x70\x00\x80\x00\x00\x00\x00\x00\x00\x00")) // v4 against v7
	f.Add([]byte("short"), make([]byte, 16)) // wrong length: skipped
	dbtest.FuzzPairs(f, func(t *testing.T, a, b uuid.UUID) {
		uuidOrder.Check(t, a, b, slowCompare(a, b))
		timeUUIDOrder.Check(t, a, b, slowCompareTimeUUID(a, b))
	})
}
