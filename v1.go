package uuid

import "time"

// NewV1 returns a version 1 UUID: the current Gregorian time, a clock
// sequence and the node of the default generator, which is the MAC address
// of a network interface (or a random multicast node if the host has none).
// See [Generator.NewV1] for the guarantees; NewV1 panics with
// [ErrExhausted] only if the clock reads after the year 5236. A v1 UUID
// reveals when and on which machine it was made; prefer [NewV7] or [NewV4]
// unless a protocol asks for v1.
func NewV1() UUID { return orPanic(defaultGenerator.NewV1()) }

// NewV1At returns a version 1 UUID for the time t, as
// [Generator.NewV1At] does with the default generator.
func NewV1At(t time.Time) UUID { return orPanic(defaultGenerator.NewV1At(t)) }

// NewV1 returns a version 1 UUID (RFC 9562, Section 5.1) from g's clock and
// node. Within one Generator, and with a state file across the processes of
// the host that share it, no (timestamp, clock sequence, node) triple is
// handed out twice, whatever the clock does, and no timestamp is more than
// a second after the clock:
//   - UUIDs made within one 100-ns tick are counted into the following
//     ticks (RFC 4122, Section 4.2.1.2), up to a second ahead of the
//     clock, so one generator yields up to 10 million UUIDs a second. A
//     burst that gets a second ahead waits for a moving clock, reading it
//     without holding up other callers; a clock that does not move at all
//     takes the next clock sequence at once instead.
//   - A clock that goes back by more than a second takes the next clock
//     sequence (RFC 9562, Section 6.1) and timestamps restart from the
//     clock; the clock sequence left behind keeps what it handed out. So a
//     single wrong reading, however far in the future, costs one clock
//     sequence and no more.
//
// The repository's docs/state-file.md states the rule in full, with its
// one exception, where uniqueness comes before the second's bound. The
// clock sequence starts at a random value, and is drawn afresh (with the
// node, if it is random) when the system clock's wall reading jumps
// against its monotonic reading, as after a restore from a snapshot (see
// [Generator]). The error is non-nil only if the caller's Rand or Node
// source failed, the state file failed (a [*StateFileError]), or the clock
// reads past the last timestamp the layout holds and no clock sequence is
// left for it ([ErrExhausted]).
func (g *Generator) NewV1() (UUID, error) {
	ticks, seq, node, err := g.nextGregorian()
	if err != nil {
		return UUID{}, err
	}
	return v1Layout(ticks, seq, node), nil
}

// NewV1At returns a version 1 UUID for the time t, clamped to the range the
// layout holds (1582-10-15 to 5236-03-31), with a random clock sequence and g's node. It
// neither reads nor changes g's clock state, so it offers no uniqueness
// guarantee beyond its 14 random bits: use it for tests and back-filling,
// not for keys. The error is non-nil only if the caller's Rand or Node
// source failed.
func (g *Generator) NewV1At(t time.Time) (UUID, error) {
	seq, err := g.entropy.randomSeq()
	if err != nil {
		return UUID{}, err
	}
	g.init()
	node, err := g.greg.nodeID()
	if err != nil {
		return UUID{}, err
	}
	return v1Layout(gregorianTicks(t), seq, node), nil
}
