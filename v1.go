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
// handed out twice, whatever the clock does:
//   - UUIDs made within one 100-ns tick are counted into the following
//     ticks (RFC 4122, Section 4.2.1.2), so the timestamp may run ahead of
//     the clock during a burst, by at most one second; past that, NewV1 waits
//     for the clock, reading it in a loop (taking the Gregorian state's lock
//     for each try, so other callers of g are not held up). One generator
//     yields up to 10 million UUIDs a second.
//   - When the clock goes back by more than a second, the clock sequence is
//     incremented (RFC 9562, Section 6.1) and timestamps restart from the
//     clock; a smaller step back is counted through, as a burst is. So a
//     single wrong reading, however far in the future, costs one clock
//     sequence and no more.
//   - Should the clock go back so often that all 16384 clock sequences
//     have been used, timestamps continue above every one handed out so
//     far, however far ahead of the clock that is.
//
// The clock sequence starts at a random value, and is drawn afresh (with
// the node, if it is random) when the system clock's wall reading jumps
// against its monotonic reading, as after a restore from a snapshot (see
// [Generator]). With a state file, the file decides (see
// [GeneratorOptions.StateFile]). The error is non-nil only
// if the caller's Rand or Node source failed, the state file failed (a
// [*StateFileError]), or the clock reads past the last timestamp the
// layout holds and no clock sequence is left for it ([ErrExhausted]).
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
