package uuid

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// FuzzParse checks Parse against the reference parser, ParseBytes,
// UnmarshalText and ParseStrict, the round trip through String, and the
// shape of every error.
func FuzzParse(f *testing.F) {
	for _, tc := range parseCases {
		if len(tc.in) < 1000 {
			f.Add(tc.in) // the differential table: every form and near miss
		}
	}
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430c8")          // NamespaceDNS
	f.Add("URN:uuid:6BA7B810-9DAD-11D1-80B4-00C04FD430C8") // odd-case URN
	f.Add("[6ba7b810-9dad-11d1-80b4-00c04fd430c8]")        // wrong brackets
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430c")           // 35 bytes
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430c80")         // 37 bytes
	f.Add("6ba7b810-9dad-11d1-80b4-00c04fd430c\u00e9")     // non-ASCII
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		ref, refOK := referenceParse(s)
		if (err == nil) != refOK || u != ref {
			t.Fatalf("Parse(%q) = %v, %v; reference says %v, %v", s, u, err, ref, refOK)
		}
		ub, errb := ParseBytes([]byte(s))
		if ub != u || (errb == nil) != (err == nil) {
			t.Fatalf("ParseBytes(%q) = %v, %v; Parse = %v, %v", s, ub, errb, u, err)
		}
		var ut UUID
		if errt := ut.UnmarshalText([]byte(s)); ut != u || (errt == nil) != (err == nil) {
			t.Fatalf("UnmarshalText(%q) = %v, %v", s, ut, errt)
		}
		us, errs := ParseStrict(s)
		if wantStrict := err == nil && len(s) == canonicalLen; (errs == nil) != wantStrict || (wantStrict && us != u) {
			t.Fatalf("ParseStrict(%q) = %v, %v; Parse = %v, %v", s, us, errs, u, err)
		}
		if err == nil {
			str := u.String()
			if len(str) != canonicalLen || strings.ToLower(str) != str {
				t.Fatalf("String() = %q: want 36 lowercase characters", str)
			}
			if back, err := Parse(str); err != nil || back != u {
				t.Fatalf("Parse(String()) = %v, %v; want %v", back, err, u)
			}
			return
		}
		if u != (UUID{}) {
			t.Fatalf("failed Parse(%q) returned %v; want Nil", s, u)
		}
		for _, body := range []string{canonicalBody, hexBody} {
			fastOff, fastKind := diagnoseBody(s, body)
			slowOff, slowKind := scanBody(s, body)
			if fastOff != slowOff || fastKind != slowKind {
				t.Fatalf("diagnoseBody(%q, %q) = %d, %v; scanBody says %d, %v", s, body, fastOff, fastKind, slowOff, slowKind)
			}
		}
		var pe, peb *ParseError
		if errors.As(err, &pe) && errors.As(errb, &peb) && *pe != *peb {
			t.Fatalf("Parse(%q) = %#v; ParseBytes says %#v", s, *pe, *peb)
		}
		for _, e := range []error{err, errb, errs} {
			var pe *ParseError
			if !errors.As(e, &pe) {
				t.Fatalf("error %T %v; want *ParseError", e, e)
			}
			if pe.Offset < -1 || pe.Offset >= max(len(s), 1) {
				t.Fatalf("Parse(%q): Offset %d out of range", s, pe.Offset)
			}
			// The kind fits the offset: a bad length has none, and the
			// byte at it is not what the kind says was wanted. It is the
			// one kind errors.Is matches.
			kind := pe.Unwrap()
			switch {
			case pe.Offset == -1 && kind == ErrLength:
			case pe.Offset >= 0 && kind == ErrDigit && !isHex(s[pe.Offset]):
			case pe.Offset >= 0 && kind == ErrHyphen && s[pe.Offset] != '-':
			case pe.Offset >= 0 && kind == ErrSuffix && s[pe.Offset] != '}':
			case pe.Offset >= 0 && kind == ErrPrefix && pe.Offset < len("urn:uuid:"):
			default:
				t.Fatalf("Parse(%q): kind %v at offset %d", s, kind, pe.Offset)
			}
			for _, k := range []error{ErrLength, ErrPrefix, ErrSuffix, ErrHyphen, ErrDigit} {
				if errors.Is(e, k) != (k == kind) {
					t.Fatalf("Parse(%q) of kind %v: errors.Is(err, %v) = %v", s, kind, k, !(k == kind))
				}
			}
			if len(pe.Input) > maxErrInput+len("…") || !strings.HasPrefix(s, strings.TrimSuffix(pe.Input, "…")) {
				t.Fatalf("Parse(%q): Input %q is not a bounded prefix", s, pe.Input)
			}
			if len(e.Error()) > 4*maxErrInput+100 {
				t.Fatalf("error message of %d bytes", len(e.Error()))
			}
		}
	})
}

// FuzzBinary checks the binary and text encodings against each other.
func FuzzBinary(f *testing.F) {
	f.Add(make([]byte, 16))                                                           // Nil
	f.Add([]byte(strings.Repeat("\xff", 16)))                                         // Max
	f.Add([]byte("\xc2\x32\xab\x00\x94\x14\x11\xec\xb3\xc8\x9f\x6b\xde\xce\xd8\x46")) // RFC 9562 A.1
	f.Add([]byte("short"))                                                            // wrong length
	f.Fuzz(func(t *testing.T, b []byte) {
		u, err := FromBytes(b)
		if len(b) != Size {
			var pe *ParseError
			if !errors.Is(err, ErrLength) || errors.As(err, &pe) || u != (UUID{}) {
				t.Fatalf("FromBytes(%d bytes) = %v, %v; want Nil and an ErrLength that is not a *ParseError", len(b), u, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		m, _ := u.MarshalBinary()
		if string(m) != string(b) {
			t.Fatalf("MarshalBinary = %x; want %x", m, b)
		}
		var v UUID
		if err := v.UnmarshalBinary(m); err != nil || v != u {
			t.Fatalf("UnmarshalBinary round trip = %v, %v", v, err)
		}
		le := u.BytesLE()
		if back, err := FromBytesLE(le[:]); err != nil || back != u {
			t.Fatalf("FromBytesLE(BytesLE()) = %v, %v; want %v", back, err, u)
		}
		at, _ := u.AppendText(nil)
		mt, _ := u.MarshalText()
		h := hex.EncodeToString(b)
		want := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		if string(at) != want || string(mt) != want || u.String() != want || u.URN() != "urn:uuid:"+want {
			t.Fatalf("AppendText %q, MarshalText %q, String %q; want %q", at, mt, u.String(), want)
		}
	})
}

// FuzzNullUUIDJSON checks NullUUID.UnmarshalJSON against encoding/json:
// it succeeds exactly when data is one JSON value, with any JSON white
// space around it, that is null or a string Parse accepts; JSON of another
// type gives a *ParseError matching ErrPrefix, and a failure sets Valid to false.
func FuzzNullUUIDJSON(f *testing.F) {
	f.Add([]byte(`null`))                                              // null
	f.Add([]byte(" \t\r\nnull\n"))                                     // null in white space
	f.Add([]byte(`"f81d4fae-7dec-11d0-a765-00a0c91e6bf6"`))            // the fast path
	f.Add([]byte(` "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6" `)) // a URN in white space
	f.Add([]byte(`"\u006681d4fae-7dec-11d0-a765-00a0c91e6bf6"`))       // an escape
	f.Add([]byte(`"f81d4fae-7dec-11d0-a765-00a0c91e6bf6" "x"`))        // two values
	f.Add([]byte("\"f81d4fae-7dec-11d0-a765-00a0c91e6b\tf\""))         // a raw control byte
	f.Add([]byte(`42`))                                                // a number
	f.Add([]byte(`{"a":1}`))                                           // an object
	f.Add([]byte("\vnull"))                                            // not JSON white space
	f.Fuzz(func(t *testing.T, data []byte) {
		keep := NullUUID{UUID: Max(), Valid: true}
		n := keep
		err := n.UnmarshalJSON(data)
		var v any
		jerr := json.Unmarshal(data, &v)
		var want NullUUID
		wantOK := false
		switch v := v.(type) {
		case nil:
			wantOK = jerr == nil
		case string:
			u, perr := Parse(v)
			want, wantOK = NullUUID{UUID: u, Valid: true}, perr == nil
		default:
			if !errors.Is(err, ErrPrefix) {
				t.Fatalf("UnmarshalJSON(%q) = %v; want a *ParseError matching ErrPrefix for a %T", data, err, v)
			}
		}
		if wantOK {
			if err != nil || n != want {
				t.Fatalf("UnmarshalJSON(%q) = %v, %+v; want %+v", data, err, n, want)
			}
			return
		}
		if err == nil || n != (NullUUID{UUID: keep.UUID}) {
			t.Fatalf("UnmarshalJSON(%q) = %v, left %+v; want an error, UUID unchanged and Valid false", data, err, n)
		}
	})
}

// FuzzCompare checks that Compare orders as the canonical strings do and
// is antisymmetric.
func FuzzCompare(f *testing.F) {
	f.Add(make([]byte, 16), make([]byte, 16))                                                               // equal
	f.Add([]byte(strings.Repeat("\xff", 16)), make([]byte, 16))                                             // Max vs Nil
	f.Add([]byte("0123456789abcdef"), []byte("0123456789abcdeg"))                                           // differ in the last byte
	f.Add([]byte("\x80\x00\x00\x00\x00\x00\x00\x00"+"01234567"), []byte("\x7f"+strings.Repeat("\xff", 15))) // sign bit
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if len(a) != Size || len(b) != Size {
			return
		}
		ua, ub := UUID(a), UUID(b)
		want := strings.Compare(ua.String(), ub.String())
		if got := ua.Compare(ub); got != want {
			t.Fatalf("%v.Compare(%v) = %d; strings.Compare = %d", ua, ub, got, want)
		}
		if ua.Compare(ub) != -ub.Compare(ua) {
			t.Fatalf("Compare is not antisymmetric for %v, %v", ua, ub)
		}
	})
}

// FuzzLayout checks that decoding each time-based layout gives back its
// inputs, with version and variant set.
func FuzzLayout(f *testing.F) {
	f.Add(uint64(0x1ec9414c232ab00), uint16(0x33c8), uint64(0x9f6bdeced846), uint64(0x17f22e279b0), uint16(0xcc3), uint64(0x18c4dc0c0c07398f)) // RFC 9562 A.1/A.6
	f.Add(uint64(0), uint16(0), uint64(0), uint64(0), uint16(0), uint64(0))                                                                    // all zero
	f.Add(^uint64(0), ^uint16(0), ^uint64(0), ^uint64(0), ^uint16(0), ^uint64(0))                                                              // all ones, beyond the fields
	f.Fuzz(func(t *testing.T, ticks uint64, seq uint16, node48, ms uint64, randA uint16, randB uint64) {
		ticks &= maxGregorianTicks
		seq &= 0x3fff
		ms &= 1<<48 - 1
		var node [6]byte
		for i := range node {
			node[i] = byte(node48 >> (40 - 8*i))
		}
		for _, u := range []UUID{v1Layout(ticks, seq, node), v6Layout(ticks, seq, node)} {
			if u.Variant() != VariantRFC9562 {
				t.Fatalf("%v: variant %v", u, u.Variant())
			}
			gotTime, ok := u.Time()
			if !ok || gregorianTicks(gotTime) != ticks {
				t.Fatalf("%v (v%d): Time() = %v, %v; want ticks %#x", u, u.Version(), gotTime, ok, ticks)
			}
			if s, ok := u.ClockSequence(); !ok || s != seq {
				t.Fatalf("%v: ClockSequence() = %#x, %v; want %#x", u, s, ok, seq)
			}
			if n, ok := u.NodeID(); !ok || n != node {
				t.Fatalf("%v: NodeID() = %x, %v; want %x", u, n, ok, node)
			}
		}
		v1, v6 := v1Layout(ticks, seq, node), v6Layout(ticks, seq, node)
		if v1.Version() != 1 || v6.Version() != 6 {
			t.Fatalf("versions %d, %d", v1.Version(), v6.Version())
		}
		if got, err := v1.ToV6(); err != nil || got != v6 {
			t.Fatalf("ToV6(%v) = %v, %v; want %v", v1, got, err, v6)
		}
		if got, err := v6.ToV1(); err != nil || got != v1 {
			t.Fatalf("ToV1(%v) = %v, %v; want %v", v6, got, err, v1)
		}
		u7 := v7Layout(ms, randA, randB)
		if u7.Version() != 7 || u7.Variant() != VariantRFC9562 || v7Millis(u7) != ms {
			t.Fatalf("v7Layout(%#x, …) = %v", ms, u7)
		}
		// Time reads rand_a as the sub-millisecond fraction: the first
		// nanosecond of that 1/4096 ms, which converts back to it.
		got, ok := u7.Time()
		if sub := got.Sub(time.UnixMilli(int64(ms))); !ok || sub < 0 || sub >= time.Millisecond ||
			unixMillis12(got) != ms<<fracBits|uint64(randA&0x0fff) {
			t.Fatalf("v7 Time() = %v, %v; want ms %#x and fraction %#x", got, ok, ms, randA&0x0fff)
		}
		want7 := [16]byte(u7)
		if uint16(want7[6]&0x0f)<<8|uint16(want7[7]) != randA&0x0fff || (uint16(want7[8])<<8|uint16(want7[9]))>>8&0x3f != uint16(randB>>56)&0x3f {
			t.Fatalf("v7Layout lost rand bits: %v", u7)
		}
		u2 := v2Layout(ticks, uint8(seq), Domain(randA), uint32(randB), node)
		if d, ok := u2.Domain(); !ok || d != Domain(randA&0xff) {
			t.Fatalf("v2 Domain() = %v, %v", d, ok)
		}
		if id, ok := u2.LocalID(); !ok || id != uint32(randB) {
			t.Fatalf("v2 LocalID() = %v, %v", id, ok)
		}
		if s, ok := u2.ClockSequence(); !ok || s != seq&0x3f {
			t.Fatalf("v2 ClockSequence() = %v, %v; want %v", s, ok, seq&0x3f)
		}
	})
}

// FuzzGeneratorClock drives one Generator with a clock that jumps anywhere
// in time.Time's range, both ends included, back and forth: each 9 bytes
// of script say which generator to call (v1, v6 or v7) and, as a signed
// number of seconds and nanoseconds, where the clock is. v1 and v6 (with
// the node, so that only the Gregorian state keeps them apart) never
// repeat; v7 never goes back, unless the clock reads more than a day
// (maxHold) behind its last timestamp, and repeats nothing it made since it
// last went back (its random bits are all zero here, so only the counter
// keeps values apart); random v6 never goes back unless the clock reads
// more than a day behind it. ErrExhausted is the only error allowed, and
// only while the clock reads the last timestamp of the layout: a wrong
// reading never leaves a generator failing once the clock is sane again.
func FuzzGeneratorClock(f *testing.F) {
	// Around now, the two ceilings, time.Time's ends, and oscillation.
	f.Add([]byte("\x00\x00\x00\x00\x00\x63\x00\x00\x00\x01\x00\x00\x00\x00\x63\x00\x00\x00\x02\x00\x00\x00\x00\x63\x00\x00\x00"))
	f.Add([]byte("\x00\x00\x00\x00\x25\x0f\x05\x00\x00\x01\x00\x00\x00\x25\x0f\x05\x00\x00\x02\x00\x00\x00\x25\x0f\x05\x00\x00\x00\x00\x00\x00\x00\x63\x00\x00\x00"))
	f.Add([]byte("\x00\x7f\xff\xff\xff\xff\xff\xff\xff\x00\x80\x00\x00\x00\x00\x00\x00\x00\x02\x7f\xff\xff\xff\xff\xff\xff\xff\x02\x80\x00\x00\x00\x00\x00\x00\x00"))
	f.Add([]byte("\x02\x00\x00\x04\x53\x0f\x05\x00\x00\x02\x00\x00\x04\x53\x0f\x05\x00\x00\x02\x00\x00\x00\x00\x63\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, script []byte) {
		var now time.Time
		g := NewGenerator(GeneratorOptions{
			Now:    func() time.Time { return now },
			Rand:   constRandom{},
			Node:   StaticNode([6]byte{0x02, 1, 2, 3, 4, 5}),
			V6Node: true,
		})
		// Random v6 (no V6Node) gets the same clock: its random bits are
		// zeros here, so only the order is checked, as for v7.
		random6 := NewGenerator(GeneratorOptions{Now: func() time.Time { return now }, Rand: constRandom{}})
		var last6 UUID
		seen := map[UUID]bool{}
		var last [8]UUID
		for len(script) >= 9 {
			op, x := script[0]%3, int64(binary.BigEndian.Uint64(script[1:9]))
			script = script[9:]
			// The high bits choose seconds, the low 30 nanoseconds.
			now = time.Unix(x>>30, x&(1<<30-1)%1e9)
			for range 1 + int(op) { // a few calls per clock reading
				v := []Version{1, 6, 7}[op]
				var u UUID
				var err error
				switch v {
				case 1:
					u, err = g.NewV1()
				case 6:
					u, err = g.NewV6()
					r, rerr := random6.NewV6()
					if rerr == nil && last6 != (UUID{}) && r.Compare(last6) <= 0 {
						lt, _, _ := v6Fields(last6)
						if holds(lt, gregorianTicks(now), maxHoldTicks) {
							t.Fatalf("random v6 at %v went back: %v after %v", now, r, last6)
						}
					}
					if rerr == nil {
						last6 = r
					}
				case 7:
					u, err = g.NewV7()
				}
				atEnd := gregorianTicks(now) == maxGregorianTicks
				if v == 7 {
					atEnd = unixMillis(now) == maxUnixMillis
				}
				if err != nil {
					if !errors.Is(err, ErrExhausted) || !atEnd {
						t.Fatalf("v%d at %v: %v", v, now, err)
					}
					continue
				}
				back := false // the clock reads more than maxHold behind the last v7
				if l := last[v]; v == 7 && l != (UUID{}) {
					lm, _, _ := v7Fields(l)
					back = !holds(lm, unixMillis(now), maxHoldMillis)
				}
				if v == 7 && back {
					for k := range seen {
						if k.Version() == 7 {
							delete(seen, k)
						}
					}
				}
				if u.Version() != v || seen[u] {
					t.Fatalf("v%d at %v made %v again (or of the wrong version)", v, now, u)
				}
				seen[u] = true
				if v == 7 && last[v] != (UUID{}) && u.Compare(last[v]) <= 0 && !back {
					t.Fatalf("v%d at %v went back: %v after %v", v, now, u, last[v])
				}
				last[v] = u
			}
		}
	})
}

// constRandom is a random source of zeros, so that only the generator's
// state keeps UUIDs apart.
type constRandom struct{}

func (constRandom) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
