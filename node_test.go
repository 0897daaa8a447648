package uuid

import (
	"errors"
	"net"
	"runtime"
	"testing"
)

// TestHardwareNodeChoice checks which node each list of interfaces gives.
func TestHardwareNodeChoice(t *testing.T) {
	mac := func(s string) net.HardwareAddr {
		hw, err := net.ParseMAC(s)
		if err != nil {
			t.Fatal(err)
		}
		return hw
	}
	ifc := func(name string, flags net.Flags, hw string) netInterface {
		i := netInterface{loopback: flags&net.FlagLoopback != 0}
		if hw != "" {
			i.addr = mac(hw)
		}
		return i
	}
	up := net.FlagUp
	for _, tc := range []struct {
		name string
		ifs  []netInterface
		err  error
		want string // "" for a random multicast node
	}{
		{"universal", []netInterface{ifc("eth0", up, "00:1b:21:3c:4d:5e")}, nil, "00:1b:21:3c:4d:5e"},
		{"local_skipped", []netInterface{ifc("docker0", up, "02:42:ac:11:00:02"), ifc("eth1", up, "3c:ec:ef:01:02:03")}, nil, "3c:ec:ef:01:02:03"},
		{"only_local", []netInterface{ifc("eth0", up, "02:fc:00:00:00:01"), ifc("ifb0", up, "5a:71:d0:00:00:01")}, nil, ""},
		{"multicast", []netInterface{ifc("x", up, "01:00:5e:00:00:01")}, nil, ""},
		{"zero", []netInterface{ifc("x", up, "00:00:00:00:00:00")}, nil, ""},
		{"loopback", []netInterface{ifc("lo", net.FlagLoopback, "00:1b:21:3c:4d:5e")}, nil, ""},
		{"eui64", []netInterface{ifc("ib0", up, "00:1b:21:ff:fe:3c:4d:5e")}, nil, ""},
		{"no_address", []netInterface{ifc("tun0", up, "")}, nil, ""},
		{"none", nil, nil, ""},
		{"error", []netInterface{ifc("eth0", up, "00:1b:21:3c:4d:5e")}, errors.New("no netlink"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := &hardwareNode{interfaces: func() ([]netInterface, error) { return tc.ifs, tc.err }}
			id, err := h.NodeID()
			if err != nil {
				t.Fatal(err)
			}
			again, _ := h.NodeID()
			switch {
			case again != id:
				t.Errorf("NodeID changed: %x then %x", id, again)
			case tc.want == "" && !isRandomNode(id):
				t.Errorf("NodeID = %x; want a random node with the multicast bit", id)
			case tc.want != "" && net.HardwareAddr(id[:]).String() != tc.want:
				t.Errorf("NodeID = %x; want %s", id, tc.want)
			}
		})
	}
}

func TestNodeSources(t *testing.T) {
	id, err := HardwareNode().NodeID()
	if err != nil || id == ([6]byte{}) {
		t.Errorf("HardwareNode() = %x, %v", id, err)
	}
	if (runtime.GOOS == "js" || runtime.GOOS == "wasip1") && !isRandomNode(id) {
		t.Errorf("HardwareNode() = %x under %s; want the random fallback (no interfaces there)", id, runtime.GOOS)
	}
	a, _ := RandomNode().NodeID()
	b, _ := RandomNode().NodeID()
	if a[0]&1 == 0 || b[0]&1 == 0 || a == b {
		t.Errorf("RandomNode() = %x, %x; want distinct multicast nodes", a, b)
	}
	if s, _ := StaticNode([6]byte{9, 8, 7, 6, 5, 4}).NodeID(); s != [6]byte{9, 8, 7, 6, 5, 4} {
		t.Errorf("StaticNode = %x", s)
	}
	u := NewV1()
	node, _ := u.NodeID()
	if hw, _ := defaultGenerator.greg.nodeID(); node != hw {
		t.Errorf("NewV1 node %x; want the default generator's %x", node, hw)
	}
}
