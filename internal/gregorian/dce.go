package gregorian

// DCE is the state of version 2 (DCE Security) UUIDs, whose layout keeps
// only the timestamp's high 28 bits (a period of 2^32 ticks, about 7m10s)
// and a 6-bit clock sequence. It hands out the 64 values of each period,
// then moves the period on by one rather than repeat one.
type DCE struct {
	period uint64 // timestamp >> 32 of the last v2 UUID
	count  uint8  // v2 UUIDs made in period
	seq    uint8  // random start of the clock sequence, 6 bits
}

// Reseed sets the random start of the clock sequence, and moves on to a
// new period if this one has handed out values, which another start could
// repeat.
func (s *DCE) Reseed(seq uint8) {
	s.seq = seq & 0x3f
	if s.count > 0 && s.period < MaxTicks>>32 {
		s.period, s.count = s.period+1, 0
	}
}

// Next returns the timestamp and clock sequence of the next v2 UUID for
// the clock reading now, and reports whether one was left.
func (s *DCE) Next(now uint64) (ticks uint64, seq uint8, ok bool) {
	switch p := now >> 32; {
	case p > s.period:
		s.period, s.count = p, 0
	case s.count == 64:
		if s.period == MaxTicks>>32 {
			return 0, 0, false
		}
		s.period, s.count = s.period+1, 0
	}
	seq = (s.seq + s.count) & 0x3f
	s.count++
	return s.period << 32, seq, true
}
