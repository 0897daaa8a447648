package uuid

import (
	"io"
	"net"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/compat/internal/hwnode"
)

// Gen is the library's [uuid.Generator]. It has the methods NewV1, NewV4,
// NewV6 and NewV7 of gofrs/uuid's Gen (and FillV4, FillV7, NewV2), but not
// NewV3 and NewV5, which need no generator (use the functions), nor the
// ...AtTime methods and NewV8.
//
//go:fix inline
type Gen = uuid.Generator

// Generator is the part of gofrs/uuid's Generator interface that a
// [*uuid.Generator] implements.
type Generator interface {
	NewV1() (UUID, error)
	NewV4() (UUID, error)
	NewV6() (UUID, error)
	NewV7() (UUID, error)
}

var _ Generator = (*Gen)(nil)

// HWAddrFunc supplies the hardware (MAC) address of version 1 UUIDs.
type HWAddrFunc func() (net.HardwareAddr, error)

// EpochFunc supplies the current time.
type EpochFunc func() time.Time

// A GenOption configures the generator NewGenWithOptions makes.
type GenOption func(*uuid.GeneratorOptions)

// NewGen returns a new generator with the system clock, crypto/rand and, as
// in gofrs/uuid, the hardware address of the first network interface that
// has one as the node of version 1 UUIDs (see [NewV1]).
func NewGen() *Gen { return NewGenWithOptions() }

// NewGenWithHWAF returns a new generator whose version 1 and 6 UUIDs carry
// the address hwaf supplies; see WithHWAddrFunc.
func NewGenWithHWAF(hwaf HWAddrFunc) *Gen { return NewGenWithOptions(WithHWAddrFunc(hwaf)) }

// NewGenWithOptions returns a new generator configured by opts. Without
// [WithHWAddrFunc], version 1 UUIDs carry the node [NewGen] gives them.
func NewGenWithOptions(opts ...GenOption) *Gen {
	o := uuid.GeneratorOptions{Node: hwnode.First()}
	for _, opt := range opts {
		opt(&o)
	}
	return uuid.NewGenerator(o)
}

// WithHWAddrFunc makes the generator ask hwaf for the node of its version 1
// UUIDs, as gofrs/uuid does: the first 6 bytes it returns, padded with
// zeros if it returns fewer; if hwaf fails, the node is random, with the
// multicast bit set. Version 6 UUIDs keep a random clock sequence and node,
// as in gofrs/uuid. A nil hwaf means the default, as for [NewGen].
func WithHWAddrFunc(hwaf HWAddrFunc) GenOption {
	return func(o *uuid.GeneratorOptions) {
		o.Node = hwnode.First()
		if hwaf != nil {
			o.Node = hwafNode(hwaf)
		}
	}
}

// WithEpochFunc makes the generator read the time from epochf; nil means
// the system clock. A time outside what version 1 and 6 UUIDs hold (from
// 1582-10-15 into the year 5236) is clamped to that range, where
// gofrs/uuid wraps it around (F15).
func WithEpochFunc(epochf EpochFunc) GenOption {
	return func(o *uuid.GeneratorOptions) { o.Now = epochf }
}

// WithRandomReader makes the generator read its random bits from reader;
// nil means crypto/rand.
func WithRandomReader(reader io.Reader) GenOption {
	return func(o *uuid.GeneratorOptions) { o.Rand = reader }
}

// hwafNode is a [uuid.NodeSource] that asks a HWAddrFunc and falls back to a
// random node, as gofrs/uuid does.
type hwafNode HWAddrFunc

func (f hwafNode) NodeID() ([6]byte, error) {
	var node [6]byte
	if hw, err := f(); err == nil {
		copy(node[:], hw)
		return node, nil
	}
	return uuid.RandomNode().NodeID()
}
