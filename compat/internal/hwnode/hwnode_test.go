package hwnode

import (
	"errors"
	"net"
	"testing"
)

func TestFirst(t *testing.T) {
	mac := func(b ...byte) net.HardwareAddr { return net.HardwareAddr(b) }
	tests := []struct {
		name   string
		ifs    []net.Interface
		err    error
		want   [6]byte
		random bool
	}{
		{"first", []net.Interface{{HardwareAddr: mac(0, 0x1b, 0x63, 0x84, 0x45, 0xe6)}, {HardwareAddr: mac(0, 1, 2, 3, 4, 5)}}, nil, [6]byte{0, 0x1b, 0x63, 0x84, 0x45, 0xe6}, false},
		// Loopback has no hardware address on most systems: skipped for that.
		{"skipsShort", []net.Interface{{Name: "lo"}, {HardwareAddr: mac(1, 2, 3, 4)}, {HardwareAddr: mac(0, 1, 2, 3, 4, 5)}}, nil, [6]byte{0, 1, 2, 3, 4, 5}, false},
		// Docker's bridge: locally administered, taken as google/uuid takes it.
		{"local", []net.Interface{{HardwareAddr: mac(0x02, 0x42, 0xac, 0x11, 0, 2)}}, nil, [6]byte{0x02, 0x42, 0xac, 0x11, 0, 2}, false},
		// An 8-byte address (InfiniBand GUIDs are 20): its first 6 bytes.
		{"long", []net.Interface{{HardwareAddr: mac(1, 2, 3, 4, 5, 6, 7, 8)}}, nil, [6]byte{1, 2, 3, 4, 5, 6}, false},
		{"none", []net.Interface{{Name: "lo"}}, nil, [6]byte{}, true},
		{"error", []net.Interface{{HardwareAddr: mac(0, 1, 2, 3, 4, 5)}}, errors.New("no"), [6]byte{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			f := &first{interfaces: func() ([]net.Interface, error) { calls++; return tt.ifs, tt.err }}
			got, err := f.NodeID()
			again, _ := f.NodeID()
			if err != nil || again != got || calls != 1 {
				t.Fatalf("NodeID twice = %x, %x, %v after %d listings; want one answer, kept", got, again, err, calls)
			}
			if tt.random {
				if got[0]&1 == 0 {
					t.Errorf("NodeID() = %x; want a random node with the multicast bit set", got)
				}
				return
			}
			if got != tt.want {
				t.Errorf("NodeID() = %x; want %x", got, tt.want)
			}
		})
	}
}
