package difftest

import (
	"bytes"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"hash"
	"hash/fnv"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	native "github.com/afb7af96/uuid"
	cgoogle "github.com/afb7af96/uuid/compat/google/uuid"
	google "github.com/google/uuid"
)

// valueCount is how many arbitrary 16-byte values the value surfaces get.
const valueCount = 20_000

// fmtSpecs are the format strings tried on every value: the verbs a UUID
// is printed with (s v q x X d) with every flag, width and precision, and
// every other letter, upper and lower case, with every flag and a width
// and precision or none.
var fmtSpecs = func() []string {
	var specs []string
	flagSets := []string{"", "-", "+", "#", " ", "0", "-#"}
	for verb := range 'z' + 1 {
		if !('a' <= verb && verb <= 'z' || 'A' <= verb && verb <= 'Z') {
			continue
		}
		widths, precs := []string{"", "10", "50"}, []string{"", ".8"}
		if strings.ContainsRune("svqxXd", verb) {
			widths, precs = []string{"", "0", "10", "40", "50"}, []string{"", ".0", ".8", ".36", ".40"}
		}
		for _, flags := range flagSets {
			for _, width := range widths {
				for _, prec := range precs {
					specs = append(specs, "%"+flags+width+prec+string(verb))
				}
			}
		}
	}
	return specs
}()

// fmtSurface names the surface of a format string by its class: the verb,
// the flags, and whether it has a width (w) and a precision (.p).
func fmtSurface(spec string) string {
	verb := spec[len(spec)-1:]
	body := strings.TrimPrefix(spec[:len(spec)-1], "%")
	flags := strings.TrimRight(body, "0123456789.")
	rest := body[len(flags):]
	// A leading 0 after the flags is the zero flag, not a width.
	if strings.HasPrefix(rest, "0") && !strings.HasPrefix(rest, "0.") && rest != "0" {
		flags += "0"
		rest = rest[1:]
	}
	class := "fmt %" + flags
	w, p, hasP := strings.Cut(rest, ".")
	if w != "" {
		class += "w"
	}
	if hasP {
		class += ".p"
		_ = p
	}
	return class + verb
}

// googleVariants names google/uuid's Variant constants by the library's.
var googleVariants = map[native.Variant]google.Variant{
	cgoogle.Reserved:  google.Reserved,
	cgoogle.RFC4122:   google.RFC4122,
	cgoogle.Microsoft: google.Microsoft,
	cgoogle.Future:    google.Future,
}

// gregorianTicks is t in google/uuid's Time unit.
func gregorianTicks(t time.Time) int64 {
	return t.Unix()*1e7 + int64(t.Nanosecond()/100) + 0x01B21DD213814000
}

// TestValuesGoogle compares what both packages make of arbitrary 16-byte
// values: text and binary forms, JSON, XML, slog, SQL values, fmt, and the
// fields.
func TestValuesGoogle(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "google"
	for i, b := range randomUUIDs(valueCount) {
		g, u := google.UUID(b), cgoogle.UUID(b)
		in := g.String()
		c.compare(lib, "String", in, u.String(), g.String())
		c.compare(lib, "URN", in, u.URN(), g.URN())
		ct, cerr := u.MarshalText()
		gt, gerr := g.MarshalText()
		c.compare(lib, "MarshalText", in, outcome(string(ct), cerr), outcome(string(gt), gerr))
		cb, cerr := u.MarshalBinary()
		gb, gerr := g.MarshalBinary()
		c.compare(lib, "MarshalBinary", in, outcome(cb, cerr), outcome(gb, gerr))
		cv, cerr := u.Value()
		gv, gerr := g.Value()
		c.compare(lib, "Value", in, outcome(cv, cerr), outcome(gv, gerr))
		cj, cerr := json.Marshal(u)
		gj, gerr := json.Marshal(g)
		c.compare(lib, "json.Marshal(UUID)", in, outcome(string(cj), cerr), outcome(string(gj), gerr))
		for _, valid := range []bool{true, false} {
			cn, gn := cgoogle.NullUUID{UUID: u, Valid: valid}, google.NullUUID{UUID: g, Valid: valid}
			nin := fmt.Sprintf("{%v %v}", in, valid)
			cj, cerr = json.Marshal(cn)
			gj, gerr = json.Marshal(gn)
			c.compare(lib, "json.Marshal(NullUUID)", nin, outcome(string(cj), cerr), outcome(string(gj), gerr))
			ct, cerr = cn.MarshalText()
			gt, gerr = gn.MarshalText()
			c.compare(lib, "NullUUID.MarshalText", nin, outcome(string(ct), cerr), outcome(string(gt), gerr))
			cb, cerr = cn.MarshalBinary()
			gb, gerr = gn.MarshalBinary()
			c.compare(lib, "NullUUID.MarshalBinary", nin, outcome(cb, cerr), outcome(gb, gerr))
			cv, cerr = cn.Value()
			gv, gerr = gn.Value()
			c.compare(lib, "NullUUID.Value", nin, outcome(cv, cerr), outcome(gv, gerr))
			if i < 100 {
				type rec[T any] struct{ ID T }
				cx, cerr := xml.Marshal(rec[cgoogle.NullUUID]{cn})
				gx, gerr := xml.Marshal(rec[google.NullUUID]{gn})
				c.compare(lib, "xml.Marshal(NullUUID)", nin, outcome(string(cx), cerr), outcome(string(gx), gerr))
				c.compare(lib, "slog(NullUUID)", nin, slogText(cn), slogText(gn))
				cm, cerr := json.Marshal(map[cgoogle.NullUUID]int{cn: 1})
				gm, gerr := json.Marshal(map[google.NullUUID]int{gn: 1})
				c.compare(lib, "json.Marshal(map key NullUUID)", nin, outcome(string(cm), cerr), outcome(string(gm), gerr))
			}
		}

		// Version and Variant, as numbers and as text.
		c.compare(lib, "Version", in, strconv.Itoa(int(u.Version())), strconv.Itoa(int(g.Version())))
		c.compare(lib, "Version.String", in, u.Version().String(), g.Version().String())
		c.compare(lib, "Variant", in, googleVariants[u.Variant()].String(), g.Variant().String())
		c.compare(lib, "Variant.String", in, u.Variant().String(), g.Variant().String())

		// The fields, where the library says the version has them.
		if tm, ok := u.Time(); ok {
			c.compare(lib, "Time", in, strconv.FormatInt(gregorianTicks(tm), 10), strconv.FormatInt(int64(g.Time()), 10))
		}
		if seq, ok := u.ClockSequence(); ok {
			c.compare(lib, "ClockSequence", in, strconv.Itoa(int(seq)), strconv.Itoa(g.ClockSequence()))
		}
		if node, ok := u.NodeID(); ok {
			c.compare(lib, "NodeID", in, fmt.Sprintf("%x", node[:]), fmt.Sprintf("%x", g.NodeID()))
		}
		if d, ok := u.Domain(); ok {
			c.compare(lib, "Domain", in, strconv.Itoa(int(d)), strconv.Itoa(int(g.Domain())))
		}
		if id, ok := u.LocalID(); ok {
			c.compare(lib, "ID", in, strconv.FormatUint(uint64(id), 10), strconv.FormatUint(uint64(g.ID()), 10))
		}

		// FromGoogleV6 reads the time google/uuid's Time reads.
		if g.Version() == 6 && b[0]>>4 == 0 && g.Variant() == google.RFC4122 {
			r, err := cgoogle.FromGoogleV6(u)
			tm, ok := r.Time()
			c.compare(lib, "FromGoogleV6.Time", in, outcome(gregorianTicks(tm), err)+strconv.FormatBool(ok), outcome(int64(g.Time()), nil)+"true")
		}

		if i < 300 {
			for _, spec := range fmtSpecs {
				c.compare(lib, fmtSurface(spec), spec+" "+in, fmt.Sprintf(spec, u), fmt.Sprintf(spec, g))
			}
		}
	}
}

// slogText is what slog's text handler writes for v, without time and
// level.
func slogText(v any) string {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == slog.LevelKey {
				return slog.Attr{}
			}
			return a
		},
	}))
	log.Info("m", "id", v)
	return buf.String()
}

// scanSources are the values database/sql drivers may pass to Scan, and
// some they may not, besides text.
func scanSources() []any {
	r := newRand()
	src := []any{nil, "", int64(5), float64(1.5), true, time.Unix(0, 0), [16]byte{1}, google.Max, struct{}{}}
	for n := range 41 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		src = append(src, b)
		if n <= 36 {
			src = append(src, []byte("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")[:n])
		}
	}
	return src
}

// TestScanBinaryGoogle compares Scan, FromBytes and UnmarshalBinary on
// every length from 0 to 40 and on other source types.
func TestScanBinaryGoogle(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "google"
	for _, src := range scanSources() {
		gx, cx := google.Max, cgoogle.Max
		gerr, cerr := gx.Scan(src), cx.Scan(src)
		c.compare(lib, "Scan", src, outcome(cx, cerr), outcome(gx, gerr))
		c.compare(lib, "IsInvalidLengthError(Scan)", src,
			strconv.FormatBool(cgoogle.IsInvalidLengthError(cerr)), strconv.FormatBool(google.IsInvalidLengthError(gerr)))
		gn, cn := google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr = gn.Scan(src), cn.Scan(src)
		c.compare(lib, "NullUUID.Scan", src, outcome(cn, cerr), outcome(gn, gerr))
		b, ok := src.([]byte)
		if !ok {
			continue
		}
		gu, gerr := google.FromBytes(b)
		cu, cerr := cgoogle.FromBytes(b)
		c.compare(lib, "FromBytes", b, outcome(cu, cerr), outcome(gu, gerr))
		gx, cx = google.Max, cgoogle.Max
		gerr, cerr = gx.UnmarshalBinary(b), cx.UnmarshalBinary(b)
		c.compare(lib, "UnmarshalBinary", b, outcome(cx, cerr), outcome(gx, gerr))
		gn, cn = google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr = gn.UnmarshalBinary(b), cn.UnmarshalBinary(b)
		c.compare(lib, "NullUUID.UnmarshalBinary", b, outcome(cn, cerr), outcome(gn, gerr))
	}
	// JSON values of every kind, through encoding/json.
	for _, data := range []string{`null`, `42`, `true`, `{}`, `[]`, `""`, `"null"`,
		`"\u006681d4fae-7dec-11d0-a765-00a0c91e6bf6"`, ` "f81d4fae-7dec-11d0-a765-00a0c91e6bf6" `} {
		gx, cx := google.Max, cgoogle.Max
		gerr, cerr := json.Unmarshal([]byte(data), &gx), json.Unmarshal([]byte(data), &cx)
		c.compare(lib, "json.Unmarshal(UUID)", data, outcome(cx, cerr), outcome(gx, gerr))
		gn, cn := google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr = json.Unmarshal([]byte(data), &gn), json.Unmarshal([]byte(data), &cn)
		c.compare(lib, "json.Unmarshal(NullUUID)", data, outcome(cn, cerr), outcome(gn, gerr))
	}
}

// TestNamesGoogle compares the name-based UUIDs and NewRandomFromReader.
func TestNamesGoogle(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "google"
	hashes := []struct {
		name string
		new  func() hash.Hash
	}{{"md5", md5.New}, {"sha1", sha1.New}, {"sha256", sha256.New}, {"sha512", sha512.New}, {"fnv32", func() hash.Hash { return fnv.New32() }}}
	names := texts(20_000)
	spaces := randomUUIDs(len(names))
	for i, name := range names {
		ns := spaces[i]
		in := fmt.Sprintf("%x, %q", ns, name)
		c.compare(lib, "NewMD5", in, cgoogle.NewMD5(ns, []byte(name)).String(), google.NewMD5(ns, []byte(name)).String())
		c.compare(lib, "NewSHA1", in, cgoogle.NewSHA1(ns, []byte(name)).String(), google.NewSHA1(ns, []byte(name)).String())
		h := hashes[i%len(hashes)]
		v := i % 17
		in = fmt.Sprintf("%s, %x, %q, %d", h.name, ns, name, v)
		c.compare(lib, "NewHash", in, cgoogle.NewHash(h.new(), ns, []byte(name), v).String(), google.NewHash(h.new(), ns, []byte(name), v).String())
		if i < 2000 {
			data := []byte(name)
			gu, gerr := google.NewRandomFromReader(bytes.NewReader(data))
			cu, cerr := cgoogle.NewRandomFromReader(bytes.NewReader(data))
			c.compare(lib, "NewRandomFromReader", data, outcome(cu, cerr), outcome(gu, gerr))
		}
	}
	for d := range 256 {
		c.compare(lib, "Domain.String", d, cgoogle.Domain(d).String(), google.Domain(d).String())
	}
}

// TestGeneratorsGoogle compares what can be compared of UUIDs made from the
// clock: versions and variants, the clock sequence GetTime returns, and how
// each package reads a version 1, 6 and 7 UUID the other made.
func TestGeneratorsGoogle(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "google"
	type gen struct {
		name   string
		ours   func() (native.UUID, error)
		theirs func() (google.UUID, error)
	}
	for _, g := range []gen{
		{"NewRandom", cgoogle.NewRandom, google.NewRandom},
		{"NewUUID", cgoogle.NewUUID, google.NewUUID},
		{"NewV6", cgoogle.NewV6, google.NewV6},
		{"NewV7", cgoogle.NewV7, google.NewV7},
		{"NewDCEPerson", cgoogle.NewDCEPerson, google.NewDCEPerson},
		{"NewDCEGroup", cgoogle.NewDCEGroup, google.NewDCEGroup},
	} {
		for range 100 {
			cu, cerr := g.ours()
			gu, gerr := g.theirs()
			shape := func(u [16]byte, err error) string {
				return fmt.Sprintf("version %d variant %s err %v", google.UUID(u).Version(), google.UUID(u).Variant(), err)
			}
			c.compare(lib, g.name+".shape", g.name, shape(cu, cerr), shape(gu, gerr))
			if g.name == "NewDCEPerson" || g.name == "NewDCEGroup" {
				c.compare(lib, g.name+".ID", g.name, fmt.Sprint(google.UUID(cu).ID(), google.UUID(cu).Domain()), fmt.Sprint(gu.ID(), gu.Domain()))
			}
			// Each value read by both packages: the time must agree.
			for _, u := range [][16]byte{cu, gu} {
				who := "ours"
				if u == gu {
					who = "google's"
				}
				if tm, ok := native.UUID(u).Time(); ok && g.name != "NewDCEPerson" && g.name != "NewDCEGroup" {
					c.compare(lib, g.name+".Time", who+" "+google.UUID(u).String(),
						strconv.FormatInt(gregorianTicks(tm), 10), strconv.FormatInt(int64(google.UUID(u).Time()), 10))
				}
			}
		}
	}
	for range 100 {
		_, cseq, cerr := cgoogle.GetTime()
		_, gseq, gerr := google.GetTime()
		c.compare(lib, "GetTime.seq&0xc000", "", outcome(cseq&0xc000, cerr), outcome(gseq&0xc000, gerr))
		c.compare(lib, "ClockSequence&^0x3fff", "", strconv.Itoa(cgoogle.ClockSequence()&^0x3fff), strconv.Itoa(google.ClockSequence()&^0x3fff))
		c.compare(lib, "NodeID.len", "", strconv.Itoa(len(cgoogle.NodeID())), strconv.Itoa(len(google.NodeID())))
	}
	// A v6 as google/uuid's NewV6 writes it, for a known time: FromGoogleV6
	// reads the time google/uuid's Time reads.
	r := newRand()
	for range 10_000 {
		ticks := r.Uint64() & (1<<60 - 1)
		var g google.UUID
		binary.BigEndian.PutUint64(g[:8], ticks)
		binary.BigEndian.PutUint64(g[8:], r.Uint64())
		g[6] = 0x60 | g[6]&0x0f
		g[8] = 0x80 | g[8]&0x3f
		v, err := cgoogle.FromGoogleV6(native.UUID(g))
		tm, _ := v.Time()
		c.compare(lib, "FromGoogleV6.Time", g.String(), outcome(gregorianTicks(tm), err), outcome(int64(g.Time()), nil))
		seq, _ := v.ClockSequence()
		node, _ := v.NodeID()
		c.compare(lib, "FromGoogleV6.ClockSequence+NodeID", g.String(), fmt.Sprintf("%d %x", seq, node[:]), fmt.Sprintf("%d %x", g.ClockSequence(), g.NodeID()))
	}
}
