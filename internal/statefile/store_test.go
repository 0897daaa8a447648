//go:build unix && !aix && (!solaris || illumos)

package statefile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReopenRecovers: a path that briefly names something that cannot be
// a state file fails the reservations made meanwhile, and the next one
// after it is a file again succeeds.
func TestReopenRecovers(t *testing.T) {
	node := [6]byte{0x02, 0x00, 0x5e, 0x10, 0x00, 0x01}
	path := filepath.Join(t.TempDir(), "state")
	s := NewStore(OS, path)
	defer s.Close()
	reserve := func(from uint64) (uint64, uint16, error) {
		start, seq, _, _, err := s.Update(Claim{From: from, N: 64, Node: node, RandSeq: 7}, 0, noHistory)
		return start, seq, err
	}
	if _, _, err := reserve(1000); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o700); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, _, err := reserve(2000); err == nil {
			t.Fatal("reserve succeeded while the path is a directory")
		}
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	start, seq, err := reserve(3000)
	if err != nil || start != 3000 || seq != 7 {
		t.Fatalf("reserve after the path is free again = %d, %#x, %v; want 3000, 7, nil", start, seq, err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Decode(b, ID{})
	if i := tab.find(node); err != nil || i < 0 || tab.Slots[i].State.Bound(7) != 3064 {
		t.Errorf("table after recovery: %v, slot %d; want the node's clock sequence 7 bounded at 3064", err, i)
	}
}
