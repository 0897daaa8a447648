package difftest

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"net"
	"strconv"
	"testing"
	"time"

	native "github.com/afb7af96/uuid"
	cgofrs "github.com/afb7af96/uuid/compat/gofrs/uuid"
	gofrs "github.com/gofrs/uuid/v5"
)

// TestValuesGofrs compares what both packages make of arbitrary 16-byte
// values: text and binary forms, JSON, SQL values, fmt, Version, Variant
// and the timestamp functions.
func TestValuesGofrs(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "gofrs"
	for i, b := range randomUUIDs(valueCount) {
		f, u := gofrs.UUID(b), cgofrs.UUID(b)
		in := f.String()
		c.compare(lib, "String", in, u.String(), f.String())
		ct, cerr := u.MarshalText()
		ft, ferr := f.MarshalText()
		c.compare(lib, "MarshalText", in, outcome(string(ct), cerr), outcome(string(ft), ferr))
		cb, cerr := u.MarshalBinary()
		fb, ferr := f.MarshalBinary()
		c.compare(lib, "MarshalBinary", in, outcome(cb, cerr), outcome(fb, ferr))
		cv, cerr := u.Value()
		fv, ferr := f.Value()
		c.compare(lib, "Value", in, outcome(cv, cerr), outcome(fv, ferr))
		cj, cerr := json.Marshal(u)
		fj, ferr := json.Marshal(f)
		c.compare(lib, "json.Marshal(UUID)", in, outcome(string(cj), cerr), outcome(string(fj), ferr))
		c.compare(lib, "IsZero", in, strconv.FormatBool(u.IsZero()), strconv.FormatBool(f.IsZero()))
		for _, valid := range []bool{true, false} {
			cn, fn := cgofrs.NullUUID{UUID: u, Valid: valid}, gofrs.NullUUID{UUID: f, Valid: valid}
			nin := fmt.Sprintf("{%v %v}", in, valid)
			cj, cerr = json.Marshal(cn)
			fj, ferr = json.Marshal(fn)
			c.compare(lib, "json.Marshal(NullUUID)", nin, outcome(string(cj), cerr), outcome(string(fj), ferr))
			cv, cerr = cn.Value()
			fv, ferr = fn.Value()
			c.compare(lib, "NullUUID.Value", nin, outcome(cv, cerr), outcome(fv, ferr))
			if i < 100 {
				type rec[T any] struct{ ID T }
				cx, cerr := xml.Marshal(rec[cgofrs.NullUUID]{cn})
				fx, ferr := xml.Marshal(rec[gofrs.NullUUID]{fn})
				c.compare(lib, "xml.Marshal(NullUUID)", nin, outcome(string(cx), cerr), outcome(string(fx), ferr))
				c.compare(lib, "slog(NullUUID)", nin, slogText(cn), slogText(fn))
				cm, cerr := json.Marshal(map[cgofrs.NullUUID]int{cn: 1})
				//lint:ignore SA1026 the error gofrs/uuid's NullUUID gives as a key is what is compared
				fm, ferr := json.Marshal(map[gofrs.NullUUID]int{fn: 1})
				c.compare(lib, "json.Marshal(map key NullUUID)", nin, outcome(string(cm), cerr), outcome(string(fm), ferr))
			}
		}

		c.compare(lib, "Version", in, strconv.Itoa(int(u.Version())), strconv.Itoa(int(f.Version())))
		c.compare(lib, "Variant", in, strconv.Itoa(int(u.Variant())), strconv.Itoa(int(f.Variant())))
		c.compare(lib, "Version printed", in, fmt.Sprint(u.Version()), fmt.Sprint(f.Version()))
		c.compare(lib, "Variant printed", in, fmt.Sprint(u.Variant()), fmt.Sprint(f.Variant()))

		for _, tf := range []struct {
			name   string
			ours   func(native.UUID) (cgofrs.Timestamp, error)
			theirs func(gofrs.UUID) (gofrs.Timestamp, error)
		}{
			{"TimestampFromV1", cgofrs.TimestampFromV1, gofrs.TimestampFromV1},
			{"TimestampFromV6", cgofrs.TimestampFromV6, gofrs.TimestampFromV6},
			{"TimestampFromV7", cgofrs.TimestampFromV7, gofrs.TimestampFromV7},
		} {
			cts, cerr := tf.ours(u)
			fts, ferr := tf.theirs(f)
			c.compare(lib, tf.name, in, outcome(uint64(cts), cerr), outcome(uint64(fts), ferr))
			if cerr != nil && ferr != nil {
				c.compare(lib, tf.name+".errtext", in, cerr.Error(), ferr.Error())
				c.compare(lib, tf.name+" errors.Is", in, strconv.FormatBool(errors.Is(cerr, native.ErrVersion)), "true")
			}
			if cerr == nil && ferr == nil {
				ctm, cerr := cts.Time()
				ftm, ferr := gofrs.Timestamp(cts).Time()
				c.compare(lib, "Timestamp.Time", strconv.FormatUint(uint64(cts), 10), outcome(ctm, cerr), outcome(ftm, ferr))
			}
		}

		if i < 300 {
			for _, spec := range fmtSpecs {
				c.compare(lib, fmtSurface(spec), spec+" "+in, fmt.Sprintf(spec, u), fmt.Sprintf(spec, f))
			}
		}
	}
}

// TestScanBinaryGofrs compares Scan, FromBytes, FromBytesOrNil and
// UnmarshalBinary on every length from 0 to 40 and on other source types.
func TestScanBinaryGofrs(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "gofrs"
	for _, src := range append(scanSources(), gofrs.Max) {
		fx, cx := gofrs.Max, cgofrs.Max
		ferr, cerr := fx.Scan(src), cx.Scan(src)
		c.compare(lib, "Scan", src, outcome(cx, cerr), outcome(fx, ferr))
		fn, cn := gofrs.NullUUID{UUID: gofrs.Max, Valid: true}, cgofrs.NullUUID{UUID: cgofrs.Max, Valid: true}
		ferr, cerr = fn.Scan(src), cn.Scan(src)
		c.compare(lib, "NullUUID.Scan", src, outcome(cn, cerr), outcome(fn, ferr))
		b, ok := src.([]byte)
		if !ok {
			continue
		}
		fu, ferr := gofrs.FromBytes(b)
		cu, cerr := cgofrs.FromBytes(b)
		c.compare(lib, "FromBytes", b, outcome(cu, cerr), outcome(fu, ferr))
		c.compare(lib, "FromBytesOrNil", b, cgofrs.FromBytesOrNil(b).String(), gofrs.FromBytesOrNil(b).String())
		fx, cx = gofrs.Max, cgofrs.Max
		ferr, cerr = fx.UnmarshalBinary(b), cx.UnmarshalBinary(b)
		c.compare(lib, "UnmarshalBinary", b, outcome(cx, cerr), outcome(fx, ferr))
	}
	for _, data := range []string{`null`, `42`, `true`, `{}`, `[]`, `""`, `"null"`,
		`"\u006681d4fae-7dec-11d0-a765-00a0c91e6bf6"`, ` "f81d4fae-7dec-11d0-a765-00a0c91e6bf6" `} {
		fx, cx := gofrs.Max, cgofrs.Max
		ferr, cerr := json.Unmarshal([]byte(data), &fx), json.Unmarshal([]byte(data), &cx)
		c.compare(lib, "json.Unmarshal(UUID)", data, outcome(cx, cerr), outcome(fx, ferr))
		fn, cn := gofrs.NullUUID{UUID: gofrs.Max, Valid: true}, cgofrs.NullUUID{UUID: cgofrs.Max, Valid: true}
		ferr, cerr = json.Unmarshal([]byte(data), &fn), json.Unmarshal([]byte(data), &cn)
		c.compare(lib, "json.Unmarshal(NullUUID)", data, outcome(cn, cerr), outcome(fn, ferr))
	}
}

// TestNamesGofrs compares the name-based UUIDs and NewV8.
func TestNamesGofrs(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "gofrs"
	names := texts(20_000)
	spaces := randomUUIDs(len(names))
	r := newRand()
	for i, name := range names {
		ns := spaces[i]
		in := fmt.Sprintf("%x, %q", ns, name)
		c.compare(lib, "NewV3", in, cgofrs.NewV3(ns, name).String(), gofrs.NewV3(ns, name).String())
		c.compare(lib, "NewV5", in, cgofrs.NewV5(ns, name).String(), gofrs.NewV5(ns, name).String())
		if i < 5000 {
			a, b, cc := make([]byte, 5+r.IntN(3)), make([]byte, 1+r.IntN(3)), make([]byte, 7+r.IntN(3))
			for _, s := range [][]byte{a, b, cc} {
				for j := range s {
					s[j] = byte(r.Uint32())
				}
			}
			in := fmt.Sprintf("%x, %x, %x", a, b, cc)
			cu, cerr := cgofrs.NewV8(a, b, cc)
			fu, ferr := gofrs.NewV8(a, b, cc)
			c.compare(lib, "NewV8", in, outcome(cu, cerr), outcome(fu, ferr))
			if cerr != nil && ferr != nil {
				c.compare(lib, "NewV8 errors.Is", in, strconv.FormatBool(errors.Is(cerr, cgofrs.ErrV8FieldLength)), strconv.FormatBool(errors.Is(ferr, gofrs.ErrV8FieldLength)))
				c.compare(lib, "NewV8.errtext", in, cerr.Error(), ferr.Error())
			}
		}
	}
}

// TestGeneratorsGofrs gives generators of both packages the same clock,
// random bytes and hardware address, and compares what they must agree on:
// version, variant, timestamp, and the node of version 1 UUIDs.
func TestGeneratorsGofrs(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "gofrs"
	r := newRand()
	hwafs := []struct {
		name string
		hw   net.HardwareAddr
		err  error
	}{
		{"mac", net.HardwareAddr{0x02, 0x11, 0x22, 0x33, 0x44, 0x55}, nil},
		{"short", net.HardwareAddr{0x02, 0x11, 0x22}, nil},
		{"empty", net.HardwareAddr{}, nil},
		{"eui64", net.HardwareAddr{0x02, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77}, nil},
		{"error", nil, errors.New("no interface")},
	}
	for i := range 2000 {
		when := time.Unix(int64(r.Uint64N(1<<32)), int64(r.Uint64N(1e9))).UTC()
		random := make([]byte, 1024)
		for j := range random {
			random[j] = byte(r.Uint32())
		}
		hw := hwafs[i%len(hwafs)]
		hwaf := func() (net.HardwareAddr, error) { return hw.hw, hw.err }
		// A new pair of generators for each version, so that each UUID is
		// the first its generator makes.
		gens := func() (*gofrs.Gen, *cgofrs.Gen) {
			fg := gofrs.NewGenWithOptions(gofrs.WithEpochFunc(func() time.Time { return when }),
				gofrs.WithRandomReader(bytes.NewReader(random)), gofrs.WithHWAddrFunc(hwaf))
			cg := cgofrs.NewGenWithOptions(cgofrs.WithEpochFunc(func() time.Time { return when }),
				cgofrs.WithRandomReader(bytes.NewReader(random)), cgofrs.WithHWAddrFunc(hwaf))
			return fg, cg
		}
		in := fmt.Sprintf("%v, %s", when.Format(time.RFC3339Nano), hw.name)
		for _, g := range []struct {
			name   string
			ours   func(*cgofrs.Gen) (native.UUID, error)
			theirs func(*gofrs.Gen) (gofrs.UUID, error)
			ts     func(gofrs.UUID) (gofrs.Timestamp, error)
		}{
			{"Gen.NewV1", (*cgofrs.Gen).NewV1, (*gofrs.Gen).NewV1, gofrs.TimestampFromV1},
			{"Gen.NewV4", (*cgofrs.Gen).NewV4, (*gofrs.Gen).NewV4, nil},
			{"Gen.NewV6", (*cgofrs.Gen).NewV6, (*gofrs.Gen).NewV6, gofrs.TimestampFromV6},
			{"Gen.NewV7", (*cgofrs.Gen).NewV7, (*gofrs.Gen).NewV7, gofrs.TimestampFromV7},
		} {
			fg, cg := gens()
			cu, cerr := g.ours(cg)
			fu, ferr := g.theirs(fg)
			shape := func(u [16]byte, err error) string {
				v := gofrs.UUID(u)
				s := fmt.Sprintf("version %d variant %d err %v", v.Version(), v.Variant(), err != nil)
				if g.ts != nil {
					ts, _ := g.ts(v)
					s += fmt.Sprintf(" timestamp %d", ts)
				}
				if g.name == "Gen.NewV1" && hw.err == nil {
					s += fmt.Sprintf(" node %x", u[10:])
				}
				return s
			}
			c.compare(lib, g.name, in, shape(cu, cerr), shape(fu, ferr))
			if hw.err == nil {
				// The same reader, clock and address: the same UUID.
				c.compare(lib, g.name+" exact", in, outcome(cu, cerr), outcome(fu, ferr))
			}
			// A second UUID while the clock stands still.
			cu, cerr = g.ours(cg)
			fu, ferr = g.theirs(fg)
			c.compare(lib, g.name+" again", in, shape(cu, cerr), shape(fu, ferr))
		}
	}
}
