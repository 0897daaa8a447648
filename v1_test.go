package uuid_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// appendixATime is the instant of RFC 9562's examples, Appendix A.
var appendixATime = time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)

// appendixANode is the node of RFC 9562, Appendix A.1 and A.5.
var appendixANode = [6]byte{0x9f, 0x6b, 0xde, 0xce, 0xd8, 0x46}

// TestGeneratorNewV1At rebuilds RFC 9562, Appendix A.1 from its time,
// clock sequence and node, given as the Generator's random bytes and node.
func TestGeneratorNewV1At(t *testing.T) {
	g := uuid.NewGenerator(uuid.GeneratorOptions{
		Rand: bytes.NewReader([]byte{0x33, 0xc8}), // the clock sequence
		Node: uuid.StaticNode(appendixANode),
	})
	got, err := g.NewV1At(appendixATime)
	if want := uuid.MustParse("c232ab00-9414-11ec-b3c8-9f6bdeced846"); err != nil || got != want {
		t.Errorf("NewV1At(%v) = %v, %v; want %v", appendixATime, got, err, want)
	}
}

// TestNewV1At checks the package-level NewV1At: the time it is given, to
// the 100 ns the layout keeps.
func TestNewV1At(t *testing.T) {
	at := appendixATime.Add(123456789 * time.Nanosecond)
	u := uuid.NewV1At(at)
	if got, ok := u.Time(); u.Version() != 1 || !ok || !got.Equal(at.Truncate(100)) {
		t.Errorf("NewV1At(%v) = %v with time %v; want version 1 and %v", at, u, got, at.Truncate(100))
	}
}
