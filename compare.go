package uuid

import (
	"cmp"
	"encoding/binary"
)

// Compare returns -1 if u sorts before v, +1 if after, and 0 if they are
// equal. The order is that of the bytes, unsigned and most significant
// first, which is the order RFC 9562, Section 6.11 defines and the order in
// which versions 6 and 7 sort by creation time. Sort a slice with
// slices.SortFunc(ids, uuid.UUID.Compare).
func (u UUID) Compare(v UUID) int {
	be := binary.BigEndian
	if c := cmp.Compare(be.Uint64(u[:8]), be.Uint64(v[:8])); c != 0 {
		return c
	}
	return cmp.Compare(be.Uint64(u[8:]), be.Uint64(v[8:]))
}
