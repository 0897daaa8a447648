package uuid

// The Gregorian state of versions 1, 2 and 6: which timestamp and clock
// sequence come next. Everything here is a plain state transition that
// takes the clock's reading, now, as an argument and reads no clock,
// random source or lock; the Generator holds the lock and does the reading.

// maxAhead is how far, in 100-ns ticks, timestamps may run ahead of the
// clock during a burst before the generator waits for the clock: one
// second, so a burst of 10 million UUIDs succeeds even with a clock that
// stands still. It is also how far behind a bound the clock may be and
// still count as not having gone back.
const maxAhead = ticksPerSecond

// stallReads is how many times a generator that has run maxAhead ahead
// reads a clock that does not move at all before it takes the clock for
// stopped and moves to a new clock sequence instead of waiting.
const stallReads = 1 << 20

// resume is the rule for a clock that went back (RFC 9562, Section 6.1;
// RFC 4122, Section 4.2.1), and the only place that decides it: both the
// state in memory and the state file apply it. end bounds the timestamps
// handed out with the current clock sequence and node (all are below it),
// now is the clock, and ahead is how far ahead of the clock those
// timestamps can run without the clock having gone back: maxAhead in
// memory, maxAhead plus a block in the state file (fileAhead). resume
// returns where the timestamps continue and whether the clock sequence
// must change first:
//   - now >= end: the clock is past all of them; continue at now.
//   - end-now <= ahead: the clock is behind them by no more than they may
//     run ahead of it; continue at end, with the same clock sequence.
//   - end-now > ahead: the clock went back (or end comes from the
//     future); restart at now with the next clock sequence.
func resume(end, now, ahead uint64) (start uint64, nextSeq bool) {
	switch {
	case now >= end:
		return now, false
	case end-now <= ahead:
		return end, false
	}
	return now, true
}

// waitForClock reports whether a generator whose timestamps have run
// maxAhead ahead of the clock should wait for the clock to catch up:
// unless the clock went back (by more than maxAhead since lastNow, its
// reading at the last timestamp; a smaller step is a wobble that the wait
// absorbs), or stalled says it has been read stallReads times without
// moving past lastNow, so that it has stopped.
func waitForClock(now, lastNow uint64, stalled bool) bool {
	wentBack := now < lastNow && lastNow-now > maxAhead
	stopped := stalled && now <= lastNow
	return !wentBack && !stopped
}

// A step says what a state transition did.
type step uint8

const (
	stepDone      step = iota // a timestamp was handed out
	stepWait                  // read the clock again and retry
	stepExhausted             // no timestamp is left; see ErrExhausted
)

// gregorianState is the state of versions 1 and 6 kept in memory: the
// current clock sequence and the timestamps handed out with it. No
// (timestamp, clock sequence) pair is handed out twice, whatever the
// clock does.
//
// Each change of clock sequence starts a run. The runs of one epoch use
// distinct clock sequences, and every timestamp of an epoch lies at or
// above its floor, which is above every timestamp of earlier epochs. So
// when a clock that keeps going back has used all 16384 clock sequences,
// a new epoch starts above every timestamp handed out so far, and no pair
// comes round again.
type gregorianState struct {
	seq     uint16 // clock sequence of the current run, 14 bits
	lastNow uint64 // the clock's reading at the last timestamp handed out
	end     uint64 // the current run's timestamps are below end
	high    uint64 // all timestamps handed out are below high
	floor   uint64 // the current epoch's timestamps are at or above floor
	runs    uint16 // runs of the current epoch after its first
}

// next returns the next timestamp and clock sequence for the clock
// reading now. UUIDs within one tick are counted into the following ticks
// (RFC 4122, Section 4.2.1.2), up to maxAhead ahead of the clock; past
// that next asks for the clock to be read again (stepWait), unless stalled
// is set and the clock has not moved past its reading at the last
// timestamp: then it is stopped, and a new clock sequence makes every
// timestamp new again.
func (s *gregorianState) next(now uint64, stalled bool) (ticks uint64, seq uint16, st step) {
	clock := max(now, s.floor) // below the floor, the floor stands in for the clock
	start, nextSeq := resume(s.end, clock, maxAhead)
	if nextSeq && waitForClock(now, s.lastNow, stalled) && now >= s.floor {
		return 0, 0, stepWait // a burst, not a clock that went back
	}
	if start > maxGregorianTicks {
		start, nextSeq = clock, true // counted past the last tick
	}
	if nextSeq {
		if s.runs == 1<<14-1 {
			s.floor, s.runs = s.high, 0 // every clock sequence used: a new epoch
		} else {
			s.runs++
		}
		s.seq = (s.seq + 1) & 0x3fff
		start = max(now, s.floor)
	}
	if start > maxGregorianTicks {
		return 0, 0, stepExhausted
	}
	s.lastNow, s.end = now, start+1
	s.high = max(s.high, s.end)
	return start, s.seq, stepDone
}

// v6Hold keeps version 6 timestamps from going back: each is above the
// one before it, so values are strictly increasing. After the clock steps
// back, the timestamp holds and counts on until the clock catches up.
type v6Hold struct {
	next uint64 // the lowest timestamp still allowed
}

// take returns the timestamp to use for the one proposed, and reports
// whether there was one below the 60-bit ceiling.
func (h *v6Hold) take(ticks uint64) (uint64, bool) {
	ticks = max(ticks, h.next)
	if ticks > maxGregorianTicks {
		return 0, false
	}
	h.next = ticks + 1
	return ticks, true
}

// dceState is the state of version 2 (DCE Security) UUIDs, whose layout
// keeps only the timestamp's high 28 bits (a period of 2^32 ticks, about
// 7m10s) and a 6-bit clock sequence. It hands out the 64 values of each
// period, then moves the period on by one rather than repeat one.
type dceState struct {
	period uint64 // timestamp >> 32 of the last v2 UUID
	count  uint8  // v2 UUIDs made in period
	seq    uint8  // random start of the clock sequence, 6 bits
}

// next returns the timestamp and clock sequence of the next v2 UUID for
// the clock reading now, and reports whether one was left.
func (s *dceState) next(now uint64) (ticks uint64, seq uint8, ok bool) {
	switch p := now >> 32; {
	case p > s.period:
		s.period, s.count = p, 0
	case s.count == 64:
		if s.period == maxGregorianTicks>>32 {
			return 0, 0, false
		}
		s.period, s.count = s.period+1, 0
	}
	seq = (s.seq + s.count) & 0x3f
	s.count++
	return s.period << 32, seq, true
}
