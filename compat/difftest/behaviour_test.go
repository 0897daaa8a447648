package difftest

import (
	"bytes"
	"database/sql/driver"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"net"
	"strconv"
	"testing"
	"time"

	cgofrs "github.com/afb7af96/uuid/compat/gofrs/uuid"
	cgoogle "github.com/afb7af96/uuid/compat/google/uuid"
	gofrs "github.com/gofrs/uuid/v5"
	google "github.com/google/uuid"
)

// nodeKind says what kind of node a version 1, 2 or 6 UUID carries: this
// host's first hardware address (the one both originals take by default),
// another address, or a random one with the multicast bit set or clear.
func nodeKind(node []byte) string {
	ifs, err := net.Interfaces()
	for _, ifc := range ifs {
		if err == nil && len(ifc.HardwareAddr) >= 6 {
			if bytes.Equal(node, ifc.HardwareAddr[:6]) {
				return "first interface"
			}
			break
		}
	}
	if node[0]&1 != 0 {
		return "multicast"
	}
	return "other unicast"
}

// TestNodeGoogle compares the node of google/uuid's package state: NodeID,
// and the nodes of NewUUID, NewDCESecurity and NewV6.
func TestNodeGoogle(t *testing.T) {
	c := newChecker(t)
	const lib = "google"
	// Random nodes differ whatever the package: compare their kind only.
	hw := nodeKind(google.NodeID()) == "first interface"
	if hw {
		c.compare(lib, "NodeID", "", hex.EncodeToString(cgoogle.NodeID()), hex.EncodeToString(google.NodeID()))
	}
	c.compare(lib, "NodeID kind", "", nodeKind(cgoogle.NodeID()), nodeKind(google.NodeID()))
	for _, g := range []struct {
		name         string
		ours, theirs func() ([16]byte, error)
	}{
		{"NewUUID", wrap(cgoogle.NewUUID), wrap(google.NewUUID)},
		{"NewDCEPerson", wrap(cgoogle.NewDCEPerson), wrap(google.NewDCEPerson)},
		{"NewV6", wrap(cgoogle.NewV6), wrap(google.NewV6)},
	} {
		cu, cerr := g.ours()
		gu, gerr := g.theirs()
		if hw {
			c.compare(lib, g.name+" node", g.name, outcome(hex.EncodeToString(cu[10:]), cerr), outcome(hex.EncodeToString(gu[10:]), gerr))
		}
		c.compare(lib, g.name+" node kind", g.name, nodeKind(cu[10:]), nodeKind(gu[10:]))
	}
}

// wrap turns a generator of either library into one of [16]byte.
func wrap[U ~[16]byte](f func() (U, error)) func() ([16]byte, error) {
	return func() ([16]byte, error) { u, err := f(); return [16]byte(u), err }
}

// gregorianStep says how the second of two version 1 UUIDs made one after
// the other differs from the first: in time, in clock sequence, or both.
func gregorianStep(a, b google.UUID) string {
	dt := int64(b.Time()) - int64(a.Time())
	ds := b.ClockSequence() - a.ClockSequence()
	switch {
	case dt > 0 && ds == 0:
		return "later tick, same sequence"
	case dt == 0 && ds != 0:
		return "same tick, next sequence"
	}
	return fmt.Sprintf("time %+d, sequence %+d", dt, ds)
}

// TestClockSequenceGoogle makes version 1 UUIDs back to back, so that many
// pairs fall in one 100-ns tick of the clock, and compares how each package
// keeps the second of a pair unique.
func TestClockSequenceGoogle(t *testing.T) {
	c := newChecker(t)
	const lib = "google"
	const n = 20_000
	ours, theirs := make([]google.UUID, n), make([]google.UUID, n)
	for i := range n {
		u, _ := cgoogle.NewUUID()
		ours[i] = google.UUID(u)
	}
	for i := range n {
		theirs[i], _ = google.NewUUID()
	}
	for i := 1; i < n; i++ {
		c.compare(lib, "NewUUID step", "back to back", gregorianStep(ours[i-1], ours[i]), gregorianStep(theirs[i-1], theirs[i]))
	}
}

// TestNodeGofrs compares the node of gofrs/uuid's default generator and of
// NewGen: NewV1's is the first hardware address; NewV6's is random.
func TestNodeGofrs(t *testing.T) {
	c := newChecker(t)
	const lib = "gofrs"
	for _, g := range []struct {
		name         string
		ours, theirs func() ([16]byte, error)
	}{
		{"NewV1", wrap(cgofrs.NewV1), wrap(gofrs.NewV1)},
		{"NewGen().NewV1", wrap(cgofrs.NewGen().NewV1), wrap(gofrs.NewGen().NewV1)},
		{"NewGenWithOptions().NewV1", wrap(cgofrs.NewGenWithOptions().NewV1), wrap(gofrs.NewGenWithOptions().NewV1)},
	} {
		cu, cerr := g.ours()
		fu, ferr := g.theirs()
		c.compare(lib, g.name+" node kind", g.name, outcome(nodeKind(cu[10:])+" "+strconv.FormatBool(cu[10]&1 == 1), cerr),
			outcome(nodeKind(fu[10:])+" "+strconv.FormatBool(fu[10]&1 == 1), ferr))
		if nodeKind(fu[10:]) == "first interface" {
			c.compare(lib, g.name+" node", g.name, outcome(hex.EncodeToString(cu[10:]), cerr), outcome(hex.EncodeToString(fu[10:]), ferr))
		}
	}
	// Random nodes: their kind, many times, so that a bit that is random
	// in one package shows.
	for range 64 {
		cu, cerr := cgofrs.NewV6()
		fu, ferr := gofrs.NewV6()
		c.compare(lib, "NewV6 node kind", "NewV6", outcome(nodeKind(cu[10:])+" "+strconv.FormatBool(cu[10]&1 == 1), cerr),
			outcome(nodeKind(fu[10:])+" "+strconv.FormatBool(fu[10]&1 == 1), ferr))
	}
}

// TestEpochRangeGofrs gives generators a clock outside what version 1 and
// 6 UUIDs hold (before 1582-10-15, after 5236) and compares the timestamp
// they write.
func TestEpochRangeGofrs(t *testing.T) {
	c := newChecker(t)
	const lib = "gofrs"
	for _, when := range []time.Time{
		time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1582, 10, 14, 23, 59, 59, 0, time.UTC),
		time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC),
		time.Date(5236, 3, 31, 0, 0, 0, 0, time.UTC),
		time.Date(6000, 1, 1, 0, 0, 0, 0, time.UTC),
	} {
		now := func() time.Time { return when }
		fg := gofrs.NewGenWithOptions(gofrs.WithEpochFunc(now))
		cg := cgofrs.NewGenWithOptions(cgofrs.WithEpochFunc(now))
		in := when.Format(time.RFC3339)
		cu, cerr := cg.NewV1()
		fu, ferr := fg.NewV1()
		cts, _ := gofrs.TimestampFromV1(gofrs.UUID(cu))
		fts, _ := gofrs.TimestampFromV1(fu)
		c.compare(lib, "Gen.NewV1 timestamp", in, outcome(uint64(cts), cerr), outcome(uint64(fts), ferr))
		cu, cerr = cg.NewV6()
		fu, ferr = fg.NewV6()
		cts, _ = gofrs.TimestampFromV6(gofrs.UUID(cu))
		fts, _ = gofrs.TimestampFromV6(fu)
		c.compare(lib, "Gen.NewV6 timestamp", in, outcome(uint64(cts), cerr), outcome(uint64(fts), ferr))
	}
}

// jsonInputs are the texts given to the JSON methods when called directly
// (not through encoding/json, which trims spaces and checks the syntax
// first): null and UUIDs with and without spaces, and JSON of other kinds.
func jsonInputs() []string {
	const u = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
	in := []string{`null`, ` null `, "\tnull\n", `nul`, `NULL`, `"null"`, `""`, `"` + u + `"`, ` "` + u + `" `,
		`"` + u + `" `, ` "` + u + `"`, `"` + u, u, `"{` + u + `}"`, `"urn:uuid:` + u + `"`, `"\u0066` + u[1:] + `"`,
		`42`, `true`, `{}`, `[]`, ``, `"`, `""""`}
	for _, s := range texts(2000) {
		in = append(in, strconv.Quote(s), `"`+s+`"`)
	}
	return in
}

// TestDirectMethodsGoogle calls the text, binary and JSON methods directly,
// as code that implements its own encoding calls them.
func TestDirectMethodsGoogle(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "google"
	for _, s := range jsonInputs() {
		b := []byte(s)
		gn, cn := google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr := gn.UnmarshalJSON(b), cn.UnmarshalJSON(b)
		c.compare(lib, "NullUUID.UnmarshalJSON", s, outcome(cn, cerr), outcome(gn, gerr))
		gn, cn = google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr = gn.UnmarshalText(b), cn.UnmarshalText(b)
		c.compare(lib, "NullUUID.UnmarshalText", s, outcome(cn, cerr), outcome(gn, gerr))
		gx, cx := google.Max, cgoogle.Max
		gerr, cerr = gx.UnmarshalText(b), cx.UnmarshalText(b)
		c.compare(lib, "UnmarshalText", s, outcome(cx, cerr), outcome(gx, gerr))
	}
	for _, b := range randomUUIDs(2000) {
		for _, valid := range []bool{true, false} {
			gn, cn := google.NullUUID{UUID: b, Valid: valid}, cgoogle.NullUUID{UUID: b, Valid: valid}
			gj, gerr := gn.MarshalJSON()
			cj, cerr := cn.MarshalJSON()
			in := fmt.Sprintf("{%x %v}", b, valid)
			c.compare(lib, "NullUUID.MarshalJSON", in, outcome(string(cj), cerr), outcome(string(gj), gerr))
			c.compare(lib, "fmt NullUUID", in, fmt.Sprintf("%v %+v", cn, cn), fmt.Sprintf("%v %+v", gn, gn))
		}
	}
}

// TestDirectMethodsGofrs is TestDirectMethodsGoogle for gofrs/uuid.
func TestDirectMethodsGofrs(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "gofrs"
	for _, s := range jsonInputs() {
		b := []byte(s)
		fn, cn := gofrs.NullUUID{UUID: gofrs.Max, Valid: true}, cgofrs.NullUUID{UUID: cgofrs.Max, Valid: true}
		ferr, cerr := fn.UnmarshalJSON(b), cn.UnmarshalJSON(b)
		c.compare(lib, "NullUUID.UnmarshalJSON", s, outcome(cn, cerr), outcome(fn, ferr))
		fx, cx := gofrs.Max, cgofrs.Max
		ferr, cerr = fx.UnmarshalText(b), cx.UnmarshalText(b)
		c.compare(lib, "UnmarshalText", s, outcome(cx, cerr), outcome(fx, ferr))
	}
	for _, b := range randomUUIDs(2000) {
		for _, valid := range []bool{true, false} {
			fn, cn := gofrs.NullUUID{UUID: b, Valid: valid}, cgofrs.NullUUID{UUID: b, Valid: valid}
			fj, ferr := fn.MarshalJSON()
			cj, cerr := cn.MarshalJSON()
			in := fmt.Sprintf("{%x %v}", b, valid)
			c.compare(lib, "NullUUID.MarshalJSON", in, outcome(string(cj), cerr), outcome(string(fj), ferr))
			c.compare(lib, "fmt NullUUID", in, fmt.Sprintf("%v %+v", cn, cn), fmt.Sprintf("%v %+v", fn, fn))
		}
	}
}

// driverValues are values of every type a database/sql driver may hand
// Scan (driver.Value: nil, int64, float64, bool, []byte, string and
// time.Time), with contents near a UUID's.
func driverValues() []driver.Value {
	const u = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
	raw, _ := hex.DecodeString("f81d4fae7dec11d0a76500a0c91e6bf6")
	return []driver.Value{nil, int64(0), int64(-1), int64(math.MaxInt64), float64(0), math.NaN(), true, false,
		time.Time{}, time.Unix(0, 0).UTC(), raw, []byte(u), []byte{}, "", u, string(raw), "null",
		"{" + u + "}", "urn:uuid:" + u, "f81d4fae7dec11d0a76500a0c91e6bf6"}
}

// TestDriverValues scans every driver value type into both packages' UUID
// and NullUUID.
func TestDriverValues(t *testing.T) {
	c := newChecker(t)
	for _, v := range driverValues() {
		gx, cx := google.Max, cgoogle.Max
		gerr, cerr := gx.Scan(v), cx.Scan(v)
		c.compare("google", "Scan", v, outcome(cx, cerr), outcome(gx, gerr))
		gn, cn := google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr = gn.Scan(v), cn.Scan(v)
		c.compare("google", "NullUUID.Scan", v, outcome(cn, cerr), outcome(gn, gerr))
		fx, fcx := gofrs.Max, cgofrs.Max
		ferr, fcerr := fx.Scan(v), fcx.Scan(v)
		c.compare("gofrs", "Scan", v, outcome(fcx, fcerr), outcome(fx, ferr))
		fn, fcn := gofrs.NullUUID{UUID: gofrs.Max, Valid: true}, cgofrs.NullUUID{UUID: cgofrs.Max, Valid: true}
		ferr, fcerr = fn.Scan(v), fcn.Scan(v)
		c.compare("gofrs", "NullUUID.Scan", v, outcome(fcn, fcerr), outcome(fn, ferr))
	}
}

// v7Step says how the second of two version 7 UUIDs made one after the
// other differs from the first: a later millisecond, or in the same one
// how rand_a (the 12 bits after the version) moved.
func v7Step(a, b [16]byte) string {
	msA, msB := binary.BigEndian.Uint64(a[:8])>>16, binary.BigEndian.Uint64(b[:8])>>16
	if msA != msB {
		return "new millisecond"
	}
	ra, rb := binary.BigEndian.Uint16(a[6:8])&0x0fff, binary.BigEndian.Uint16(b[6:8])&0x0fff
	switch {
	case rb == ra:
		return "same millisecond, rand_a kept"
	case rb == ra+1:
		return "same millisecond, rand_a plus one"
	}
	return fmt.Sprintf("same millisecond, rand_a %+d", int(rb)-int(ra))
}

// TestV7Google makes version 7 UUIDs back to back and compares how rand_a
// moves within a millisecond.
func TestV7Google(t *testing.T) {
	c := newChecker(t)
	const n = 20_000
	ours, theirs := make([][16]byte, n), make([][16]byte, n)
	for i := range n {
		u, _ := cgoogle.NewV7()
		ours[i] = u
	}
	for i := range n {
		u, _ := google.NewV7()
		theirs[i] = u
	}
	for i := 1; i < n; i++ {
		c.compare("google", "NewV7 step", "back to back", v7Step(ours[i-1], ours[i]), v7Step(theirs[i-1], theirs[i]))
	}
}

// TestV7Gofrs gives a Gen of each package a clock that stands still and
// compares how rand_a moves from one version 7 UUID to the next.
func TestV7Gofrs(t *testing.T) {
	c := newChecker(t)
	when := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	now := func() time.Time { return when }
	fg := gofrs.NewGenWithOptions(gofrs.WithEpochFunc(now))
	cg := cgofrs.NewGenWithOptions(cgofrs.WithEpochFunc(now))
	fprev, _ := fg.NewV7()
	cprev, _ := cg.NewV7()
	for range 1000 {
		fu, _ := fg.NewV7()
		cu, _ := cg.NewV7()
		c.compare("gofrs", "Gen.NewV7 step", "a clock standing still", v7Step(cprev, cu), v7Step(fprev, fu))
		fprev, cprev = fu, cu
	}
}
