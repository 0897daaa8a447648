package uuid

import (
	"crypto/rand"
	"sync"
)

// A NodeSource supplies the 48-bit node ID of version 1, 2 and 6 UUIDs
// (RFC 9562, Section 6.10). A [Generator] asks its source on first use and
// keeps the answer for its lifetime (but see [Generator] for a random node
// after a snapshot restore, and [GeneratorOptions.StateFile] for a random
// node with a state file). After an error it asks again at a later call,
// at most once a second of its clock, and returns the error meanwhile; a
// source that panics leaves the Generator as it was.
type NodeSource interface {
	NodeID() ([6]byte, error)
}

// HardwareNode returns the NodeSource that RFC 4122 and uuidgen -t use: the
// MAC address of a network interface. It takes the first interface
// (loopback excluded) whose 6-byte address is universally administered and
// unicast: the second-lowest and lowest bits of the first octet clear.
// Locally administered addresses are skipped because other hosts share
// them: every container on Docker's default bridge starts at
// 02:42:ac:11:00:02, and VMs cloned from one template keep theirs. Where
// there is no such address, it falls back to a random node with the
// multicast bit set (RFC 9562, Section 6.10), so it never fails. Under
// WebAssembly (js/wasm and wasip1) a program sees no network interfaces,
// so there HardwareNode always gives that random node. UUIDs made with a
// hardware node reveal the host's MAC address.
func HardwareNode() NodeSource { return &hardwareNode{interfaces: netInterfaces} }

type hardwareNode struct {
	interfaces func() ([]netInterface, error)
	once       sync.Once
	id         [6]byte
}

// netInterface is what [HardwareNode] needs to know of a network
// interface. The per-platform netInterfaces lists them: through package
// net where there are interfaces, and as none under WebAssembly, so that
// programs there do not link package net.
type netInterface struct {
	loopback bool
	addr     []byte // the hardware address, of any length
}

// NodeID implements NodeSource. The interfaces are listed once, and the
// answer kept.
func (h *hardwareNode) NodeID() ([6]byte, error) {
	h.once.Do(func() {
		ifs, err := h.interfaces()
		if id, ok := macAddress(ifs); ok && err == nil {
			h.id = id
			return
		}
		h.id = randomNode()
	})
	return h.id, nil
}

// macAddress returns the first universally administered unicast MAC
// address of a non-loopback interface in ifs.
func macAddress(ifs []netInterface) ([6]byte, bool) {
	for _, ifc := range ifs {
		if ifc.loopback || len(ifc.addr) != 6 {
			continue
		}
		id := [6]byte(ifc.addr)
		if id != ([6]byte{}) && id[0]&0x03 == 0 { // not local, not multicast
			return id, true
		}
	}
	return [6]byte{}, false
}

// isRandomNode reports whether id has the multicast bit set, which marks
// a node chosen at random rather than taken from a network card.
func isRandomNode(id [6]byte) bool { return id[0]&0x01 != 0 }

// RandomNode returns a NodeSource that answers with a node of 47 random
// bits from crypto/rand and the multicast bit set, so it cannot collide
// with a real MAC address (RFC 9562, Section 6.10). Each call of its NodeID
// draws a new node.
func RandomNode() NodeSource { return randomNodeSource{} }

type randomNodeSource struct{}

// NodeID implements NodeSource.
func (randomNodeSource) NodeID() ([6]byte, error) { return randomNode(), nil }

// randomNode returns a fresh random multicast node.
func randomNode() [6]byte {
	var b [6]byte
	rand.Read(b[:])
	return randomNodeFrom(b[:])
}

// randomNodeFrom makes a node from 6 random bytes by setting the multicast
// bit, the least significant bit of the first octet.
func randomNodeFrom(b []byte) [6]byte {
	id := [6]byte(b)
	id[0] |= 0x01
	return id
}

// StaticNode returns a NodeSource that always answers id.
func StaticNode(id [6]byte) NodeSource { return staticNode(id) }

type staticNode [6]byte

// NodeID implements NodeSource.
func (s staticNode) NodeID() ([6]byte, error) { return s, nil }
