package bench

// lib=floor: the least work each operation needs, written plainly, as a
// yardstick for the libraries. Floors skip what an API must add on top
// (descriptive errors, interfaces, options); they do not skip what the
// operation itself needs (validation, version and variant bits, uniqueness).

import (
	"cmp"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
	"unsafe"
)

var errFloor = errors.New("invalid UUID")

// unhex maps a hex digit of either case to its value and any other byte to
// 0xff.
var unhex = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xff
	}
	for i, c := range "0123456789abcdef" {
		t[c] = byte(i)
		t[c-'a'+'A'] = byte(i)
	}
	return t
}()

// hexOffsets are the offsets of the 16 digit pairs in the canonical form.
var hexOffsets = [16]byte{0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34}

// floorParse accepts the forms every Parse here accepts: canonical, braced,
// "urn:uuid:" (prefix in any case) and 32 hex digits.
func floorParse[T string | []byte](s T) (u [16]byte, err error) {
	switch len(s) {
	case 36:
	case 38:
		if s[0] != '{' || s[37] != '}' {
			return u, errFloor
		}
		s = s[1:37]
	case 45:
		if s[0]|0x20 != 'u' || s[1]|0x20 != 'r' || s[2]|0x20 != 'n' || s[3] != ':' ||
			s[4]|0x20 != 'u' || s[5]|0x20 != 'u' || s[6]|0x20 != 'i' || s[7]|0x20 != 'd' || s[8] != ':' {
			return u, errFloor
		}
		s = s[9:]
	case 32:
		for i := range u {
			hi, lo := unhex[s[2*i]], unhex[s[2*i+1]]
			if hi|lo == 0xff {
				return u, errFloor
			}
			u[i] = hi<<4 | lo
		}
		return u, nil
	default:
		return u, errFloor
	}
	if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return u, errFloor
	}
	for i, x := range hexOffsets {
		hi, lo := unhex[s[x]], unhex[s[x+1]]
		if hi|lo == 0xff {
			return u, errFloor
		}
		u[i] = hi<<4 | lo
	}
	return u, nil
}

func floorUnmarshalText(u *[16]byte, b []byte) error {
	v, err := floorParse(b)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

const hexDigits = "0123456789abcdef"

func floorEncode(dst *[36]byte, u [16]byte) {
	dst[8], dst[13], dst[18], dst[23] = '-', '-', '-', '-'
	for i, x := range hexOffsets {
		dst[x] = hexDigits[u[i]>>4]
		dst[x+1] = hexDigits[u[i]&0x0f]
	}
}

func floorString(u [16]byte) string {
	var buf [36]byte
	floorEncode(&buf, u)
	return string(buf[:])
}

func floorAppendText(dst []byte, u [16]byte) ([]byte, error) {
	var buf [36]byte
	floorEncode(&buf, u)
	return append(dst, buf[:]...), nil
}

// floorUUID carries the methods that are timed through interfaces.
type floorUUID [16]byte

func (u floorUUID) MarshalText() ([]byte, error) {
	b := make([]byte, 36)
	floorEncode((*[36]byte)(b), u)
	return b, nil
}

func (u floorUUID) MarshalBinary() ([]byte, error) {
	b := make([]byte, 16)
	copy(b, u[:])
	return b, nil
}

func floorCompare(a, b [16]byte) int {
	if c := cmp.Compare(binary.BigEndian.Uint64(a[:8]), binary.BigEndian.Uint64(b[:8])); c != 0 {
		return c
	}
	return cmp.Compare(binary.BigEndian.Uint64(a[8:]), binary.BigEndian.Uint64(b[8:]))
}

func setVersion(u *[16]byte, v byte) {
	u[6] = u[6]&0x0f | v<<4
	u[8] = u[8]&0x3f | 0x80
}

// floorNewV4 is the per-call floor the issue sets NewV4 against: one 16-byte
// crypto/rand read and the version bits, nothing kept between calls.
func floorNewV4() (u [16]byte) {
	rand.Read(u[:])
	setVersion(&u, 4)
	return u
}

// randBuf hands out crypto/rand bytes read 4 KiB at a time. Not safe for
// concurrent use: parallel bodies keep one per goroutine.
type randBuf struct {
	buf [4096]byte
	off int
}

func (r *randBuf) newV4() (u [16]byte) {
	if r.off == 0 || r.off == len(r.buf) {
		rand.Read(r.buf[:])
		r.off = 0
	}
	copy(u[:], r.buf[r.off:])
	r.off += 16
	setVersion(&u, 4)
	return u
}

// floorNewV7: 48 bits of Unix milliseconds and 74 random bits; the random
// bits alone keep values unique, so there is no shared state.
func floorNewV7() (u [16]byte) {
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(time.Now().UnixMilli()))
	copy(u[:6], ms[2:])
	rand.Read(u[6:])
	setVersion(&u, 7)
	return u
}

// floorFillV4 fills dst with one crypto/rand read, straight into its
// memory, and sets the version bits.
func floorFillV4(dst [][16]byte) {
	rand.Read(unsafe.Slice(&dst[0][0], 16*len(dst)))
	for i := range dst {
		setVersion(&dst[i], 4)
	}
}

// floorFillV7: one clock read and one crypto/rand read for the batch; the
// 12-bit rand_a field counts up through the batch (at most 4096 UUIDs), so
// the batch is strictly increasing, as successive NewV7 calls would be.
func floorFillV7(dst [][16]byte) {
	ms := uint64(time.Now().UnixMilli())
	rand.Read(unsafe.Slice(&dst[0][0], 16*len(dst)))
	for i := range dst {
		binary.BigEndian.PutUint64(dst[i][:8], ms<<16|uint64(i))
		setVersion(&dst[i], 7)
	}
}

func floorHash(md5v bool, ns [16]byte, name string) (u [16]byte) {
	var buf [64]byte
	b := append(append(buf[:0], ns[:]...), name...)
	if md5v {
		sum := md5.Sum(b)
		copy(u[:], sum[:])
		setVersion(&u, 3)
	} else {
		sum := sha1.Sum(b)
		copy(u[:], sum[:16])
		setVersion(&u, 5)
	}
	return u
}

func floorNewV3(ns [16]byte, name string) [16]byte { return floorHash(true, ns, name) }
func floorNewV5(ns [16]byte, name string) [16]byte { return floorHash(false, ns, name) }

var floorNamespaceDNS = [16]byte{0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}

// Time-based v1 and v6 have no random bits, so uniqueness needs the last
// timestamp under a lock; node and clock sequence are fixed at start.
var floorClock struct {
	sync.Mutex
	last uint64
	seq  uint16
	node [6]byte
}

func init() {
	var b [8]byte
	rand.Read(b[:])
	floorClock.seq = binary.BigEndian.Uint16(b[:]) & 0x3fff
	copy(floorClock.node[:], b[2:])
	floorClock.node[0] |= 0x01 // multicast bit: a random node
}

// gregorianOffset is 1582-10-15 to 1970-01-01 in 100 ns intervals.
const gregorianOffset = 0x01b21dd213814000

func floorTimestamp() uint64 {
	ts := uint64(time.Now().UnixNano()/100) + gregorianOffset
	floorClock.Lock()
	if ts <= floorClock.last {
		ts = floorClock.last + 1
	}
	floorClock.last = ts
	floorClock.Unlock()
	return ts
}

func floorNewV1() (u [16]byte) {
	ts := floorTimestamp()
	binary.BigEndian.PutUint32(u[0:], uint32(ts))
	binary.BigEndian.PutUint16(u[4:], uint16(ts>>32))
	binary.BigEndian.PutUint16(u[6:], uint16(ts>>48)&0x0fff|0x1000)
	binary.BigEndian.PutUint16(u[8:], floorClock.seq|0x8000)
	copy(u[10:], floorClock.node[:])
	return u
}

func floorNewV6() (u [16]byte) {
	ts := floorTimestamp()
	binary.BigEndian.PutUint32(u[0:], uint32(ts>>28))
	binary.BigEndian.PutUint16(u[4:], uint16(ts>>12))
	binary.BigEndian.PutUint16(u[6:], uint16(ts)&0x0fff|0x6000)
	binary.BigEndian.PutUint16(u[8:], floorClock.seq|0x8000)
	copy(u[10:], floorClock.node[:])
	return u
}

func init() {
	parse := func(op string, inputs *[nIn]string) {
		register(op, "floor", func(b *testing.B) {
			checkParse(b, inputs, floorParse[string])
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				floorParse(inputs[i&mask])
				i++
			}
		})
	}
	parse("Parse", &canon)
	parse("ParseURN", &urn)
	parse("ParseBraced", &braced)
	parse("ParseHex32", &hex32)
	parse("ParseUpper", &upper)

	register("ParseBytes", "floor", func(b *testing.B) {
		checkParseBytes(b, floorParse[[]byte])
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			floorParse(canonBytes[i&mask])
			i++
		}
	})
	register("ParseInvalid", "floor", func(b *testing.B) {
		checkInvalid(b, floorParse[string])
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			floorParse(invalid[i&mask])
			i++
		}
	})
	register("UnmarshalText", "floor", func(b *testing.B) {
		checkParseBytes(b, func(s []byte) (u [16]byte, err error) { return u, floorUnmarshalText(&u, s) })
		b.ReportAllocs()
		var u [16]byte
		i := 0
		for b.Loop() {
			floorUnmarshalText(&u, canonBytes[i&mask])
			i++
		}
	})
	register("String", "floor", func(b *testing.B) {
		for i := range raw {
			checkText(b, floorString(raw[i]), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			_ = floorString(raw[i&mask])
			i++
		}
	})
	register("AppendText", "floor", func(b *testing.B) {
		for i := range raw {
			t, _ := floorAppendText(nil, raw[i])
			checkText(b, string(t), i)
		}
		b.ReportAllocs()
		buf := make([]byte, 0, 64)
		i := 0
		for b.Loop() {
			buf, _ = floorAppendText(buf[:0], raw[i&mask])
			i++
		}
	})
	register("MarshalText", "floor", func(b *testing.B) {
		in := convert[floorUUID](&raw)
		ms := textMarshalers(&in)
		for i := range ms {
			t, _ := ms[i].MarshalText()
			checkText(b, string(t), i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ms[i&mask].MarshalText()
			i++
		}
	})
	register("MarshalBinary", "floor", func(b *testing.B) {
		in := convert[floorUUID](&raw)
		ms := binaryMarshalers(&in)
		for i := range ms {
			checkBinary(b, ms[i].MarshalBinary, i)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ms[i&mask].MarshalBinary()
			i++
		}
	})
	register("Compare", "floor", func(b *testing.B) {
		checkCompare(b, floorCompare)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			floorCompare(cmpA[i&mask], cmpB[i&mask])
			i++
		}
	})
	register("Sort", "floor", func(b *testing.B) {
		src := sortInput()
		s := make([][16]byte, len(src))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			copy(s, src)
			b.StartTimer()
			slices.SortFunc(s, floorCompare)
		}
		b.StopTimer()
		checkSorted(b, s)
	})
	// copyonly times what the Sort bodies do with the timer stopped, to show
	// that it is small beside the sort itself.
	register("Sort", "copyonly", func(b *testing.B) {
		src := sortInput()
		s := make([][16]byte, len(src))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			copy(s, src)
		}
	})
	register("NewV1", "floor", func(b *testing.B) {
		checkNew(b, floorNewV1(), 1)
		b.ReportAllocs()
		for b.Loop() {
			floorNewV1()
		}
	})
	register("NewV3", "floor", func(b *testing.B) {
		checkHash(b, floorNewV3(floorNamespaceDNS, v35Name), 3)
		b.ReportAllocs()
		for b.Loop() {
			floorNewV3(floorNamespaceDNS, v35Name)
		}
	})
	register("NewV4", "floor", func(b *testing.B) {
		checkNew(b, floorNewV4(), 4)
		b.ReportAllocs()
		for b.Loop() {
			floorNewV4()
		}
	})
	register("NewV4", "floorbuf", func(b *testing.B) {
		var r randBuf
		checkNew(b, r.newV4(), 4)
		b.ReportAllocs()
		for b.Loop() {
			r.newV4()
		}
	})
	register("NewV4Parallel", "floor", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				floorNewV4()
			}
		})
	})
	register("NewV4Parallel", "floorbuf", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			r := new(randBuf)
			for pb.Next() {
				r.newV4()
			}
		})
	})
	register("NewV5", "floor", func(b *testing.B) {
		checkHash(b, floorNewV5(floorNamespaceDNS, v35Name), 5)
		b.ReportAllocs()
		for b.Loop() {
			floorNewV5(floorNamespaceDNS, v35Name)
		}
	})
	register("NewV6", "floor", func(b *testing.B) {
		checkNew(b, floorNewV6(), 6)
		b.ReportAllocs()
		for b.Loop() {
			floorNewV6()
		}
	})
	register("NewV7", "floor", func(b *testing.B) {
		checkNew(b, floorNewV7(), 7)
		b.ReportAllocs()
		for b.Loop() {
			floorNewV7()
		}
	})
	register("NewV7Parallel", "floor", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				floorNewV7()
			}
		})
	})
	register("FillV4", "floor", func(b *testing.B) {
		dst := make([][16]byte, nFill)
		floorFillV4(dst)
		checkFill(b, dst, 4)
		b.ReportAllocs()
		for b.Loop() {
			floorFillV4(dst)
		}
		reportPerUUID(b, nFill)
	})
	register("FillV7", "floor", func(b *testing.B) {
		dst := make([][16]byte, nFill)
		floorFillV7(dst)
		checkFill(b, dst, 7)
		b.ReportAllocs()
		for b.Loop() {
			floorFillV7(dst)
		}
		reportPerUUID(b, nFill)
	})
}
