// Package hwnode is the default node of version 1 UUIDs in
// github.com/google/uuid and github.com/gofrs/uuid, which the compat
// packages keep: the hardware address of the first network interface that
// has one, whether universally or locally administered.
package hwnode

import (
	"net"
	"sync"

	"github.com/afb7af96/uuid"
)

// First returns a [uuid.NodeSource] that answers the first 6 bytes of the
// hardware address of the first interface, in the order [net.Interfaces]
// lists them, whose address has at least 6 bytes, as google/uuid's NodeID
// and gofrs/uuid's default hardware address function choose it. Unlike
// [uuid.HardwareNode], it takes a locally administered address too. Where
// no interface has one, or the interfaces cannot be listed, it answers a
// random node with the multicast bit set ([uuid.RandomNode]; google/uuid's
// random node leaves that bit as drawn). The interfaces are listed once,
// and the answer kept.
func First() uuid.NodeSource { return &first{interfaces: net.Interfaces} }

type first struct {
	interfaces func() ([]net.Interface, error)
	once       sync.Once
	id         [6]byte
}

// NodeID implements [uuid.NodeSource]. It never fails.
func (f *first) NodeID() ([6]byte, error) {
	f.once.Do(func() {
		ifs, err := f.interfaces()
		for _, ifc := range ifs {
			if err == nil && len(ifc.HardwareAddr) >= 6 {
				f.id = [6]byte(ifc.HardwareAddr[:6])
				return
			}
		}
		f.id, _ = uuid.RandomNode().NodeID()
	})
	return f.id, nil
}
