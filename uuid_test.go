package uuid

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// vector is one line of testdata/vectors.txt.
type vector struct {
	kind   string
	text   string
	keys   map[string]string
	source string
	line   int
}

func (v vector) name() string {
	return fmt.Sprintf("line%d_%s_%s", v.line, v.kind, v.text[:8])
}

// hexKey returns the 0x-prefixed hex value of key k.
func (v vector) hexKey(t *testing.T, k string) uint64 {
	t.Helper()
	s, ok := v.keys[k]
	if !ok {
		t.Fatalf("%s: no key %s", v.name(), k)
	}
	n, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
	if err != nil {
		t.Fatalf("%s: key %s: %v", v.name(), k, err)
	}
	return n
}

func loadVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("testdata/vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	source := ""
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "":
			continue
		case strings.HasPrefix(text, "#"):
			if !strings.HasPrefix(text, "#   ") && !strings.HasPrefix(text, "# ") {
				continue
			}
			source = strings.TrimPrefix(text, "# ")
			continue
		}
		fields := strings.Fields(text)
		v := vector{kind: fields[0], text: fields[1], keys: map[string]string{}, source: source, line: line}
		for _, kv := range fields[2:] {
			k, val, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("line %d: bad field %q", line, kv)
			}
			v.keys[k] = val
		}
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 30 {
		t.Fatalf("only %d vectors in testdata/vectors.txt", len(vs))
	}
	return vs
}

func namespaceByName(t *testing.T, s string) UUID {
	t.Helper()
	switch s {
	case "dns":
		return NamespaceDNS()
	case "url":
		return NamespaceURL()
	case "oid":
		return NamespaceOID()
	case "x500":
		return NamespaceX500()
	}
	u, err := Parse(s)
	if err != nil {
		t.Fatalf("bad ns %q: %v", s, err)
	}
	return u
}

func node48(t *testing.T, s string) [6]byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != 6 {
		t.Fatalf("bad node %q", s)
	}
	return [6]byte(b)
}

// TestVectors checks every accessor, layout and constructor against every
// vector of the specifications.
func TestVectors(t *testing.T) {
	for _, v := range loadVectors(t) {
		t.Run(v.name(), func(t *testing.T) {
			u, err := Parse(v.text)
			if err != nil {
				t.Fatalf("Parse(%q) = %v (%s)", v.text, err, v.source)
			}
			if got := u.String(); got != v.text {
				t.Errorf("String() = %q; want %q", got, v.text)
			}
			if up, err := Parse(strings.ToUpper(v.text)); err != nil || up != u {
				t.Errorf("Parse(upper) = %v, %v; want %v", up, err, u)
			}
			wantVer, _ := strconv.Atoi(v.keys["ver"])
			if got := u.Version(); got != Version(wantVer) {
				t.Errorf("Version() = %v; want %d", got, wantVer)
			}
			wantVar := map[string]Variant{"ncs": VariantNCS, "rfc9562": VariantRFC9562, "microsoft": VariantMicrosoft, "future": VariantFuture}[v.keys["var"]]
			if got := u.Variant(); got != wantVar {
				t.Errorf("Variant() = %v; want %v", got, wantVar)
			}
			checkTimeFields(t, v, u)
			checkConstruction(t, v, u)
			if s, ok := v.keys["int"]; ok {
				want, _ := new(big.Int).SetString(s, 10)
				if got := new(big.Int).SetBytes(u[:]); got.Cmp(want) != 0 {
					t.Errorf("integer form = %v; want %v", got, want)
				}
			}
		})
	}
}

// checkTimeFields checks Time, ClockSequence and NodeID, and that the
// layout functions rebuild all 128 bits from the vector's fields.
func checkTimeFields(t *testing.T, v vector, u UUID) {
	t.Helper()
	gotTime, hasTime := u.Time()
	gotSeq, hasSeq := u.ClockSequence()
	gotNode, hasNode := u.NodeID()
	ver := u.Version()
	if u.Variant() != VariantRFC9562 {
		ver = 0
	}
	wantHasTime := ver == 1 || ver == 2 || ver == 6 || ver == 7
	wantHasNode := ver == 1 || ver == 2 || ver == 6
	if hasTime != wantHasTime || hasSeq != wantHasNode || hasNode != wantHasNode {
		t.Errorf("Time/ClockSequence/NodeID ok = %v/%v/%v; want %v/%v/%v", hasTime, hasSeq, hasNode, wantHasTime, wantHasNode, wantHasNode)
	}
	if ts, ok := v.keys["time"]; ok && hasTime {
		want, err := time.Parse(time.RFC3339Nano, ts)
		if err != nil {
			t.Fatal(err)
		}
		if ver == 7 {
			// The vectors' time is unix_ts_ms; Time adds rand_a read as
			// the sub-millisecond fraction (RFC 9562, Section 6.2, Method
			// 3): its first nanosecond, ⌈rand_a·10⁶/4096⌉.
			randA := v.hexKey(t, "randa")
			want = want.Add(time.Duration((randA*1e6 + 4095) / 4096))
		}
		if !gotTime.Equal(want) || gotTime.Location() != time.UTC {
			t.Errorf("Time() = %v; want %v", gotTime, want)
		}
	}
	if _, ok := v.keys["ticks"]; ok && (ver == 1 || ver == 6) {
		ticks, seq, node := v.hexKey(t, "ticks"), uint16(v.hexKey(t, "seq")), node48(t, v.keys["node"])
		if gotSeq != seq {
			t.Errorf("ClockSequence() = %#x; want %#x", gotSeq, seq)
		}
		if gotNode != node {
			t.Errorf("NodeID() = %x; want %x", gotNode, node)
		}
		layout := v1Layout
		if ver == 6 {
			layout = v6Layout
		}
		if got := layout(ticks, seq, node); got != u {
			t.Errorf("layout(%#x, %#x, %x) = %v; want %v", ticks, seq, node, got, u)
		}
		if back := gregorianTicks(gregorianTime(ticks)); back != ticks {
			t.Errorf("gregorianTicks(gregorianTime(%#x)) = %#x", ticks, back)
		}
	}
	if p, ok := v.keys["pair"]; ok {
		pair := MustParse(p)
		conv, other := u.ToV6, pair.ToV1
		if ver == 6 {
			conv, other = u.ToV1, pair.ToV6
		}
		if got, err := conv(); err != nil || got != pair {
			t.Errorf("conversion of %v = %v, %v; want %v", u, got, err, pair)
		}
		if got, err := other(); err != nil || got != u {
			t.Errorf("conversion of pair %v = %v, %v; want %v", pair, got, err, u)
		}
	}
	if _, ok := v.keys["ms"]; ok {
		ms, ra, rb := v.hexKey(t, "ms"), v.hexKey(t, "randa"), v.hexKey(t, "randb")
		if got := v7Layout(ms, uint16(ra), rb); got != u {
			t.Errorf("v7Layout(%#x, %#x, %#x) = %v; want %v", ms, ra, rb, got, u)
		}
		if got := v7Millis(u); got != ms {
			t.Errorf("v7Millis = %#x; want %#x", got, ms)
		}
	}
}

// checkConstruction rebuilds name-based, custom and well-known vectors
// through the public constructors.
func checkConstruction(t *testing.T, v vector, u UUID) {
	t.Helper()
	switch v.kind {
	case "v3", "v5", "v8hash":
		ns, name := namespaceByName(t, v.keys["ns"]), v.keys["name"]
		var got UUID
		switch v.kind {
		case "v3":
			got = NewV3(ns, name)
		case "v5":
			got = NewV5(ns, name)
		default:
			got = NewV8Hash(sha256.New(), ns, name)
		}
		if got != u {
			t.Errorf("%s(%v, %q) = %v; want %v", v.kind, ns, name, got, u)
		}
		if e, ok := v.keys["erratum"]; ok && got == MustParse(e) {
			t.Errorf("%s(%v, %q) reproduces the published erratum %v", v.kind, ns, name, e)
		}
	case "v8":
		var custom [16]byte
		binary.BigEndian.PutUint64(custom[0:], v.hexKey(t, "custa")<<16|v.hexKey(t, "custb"))
		binary.BigEndian.PutUint64(custom[8:], v.hexKey(t, "custc"))
		if got := NewV8(custom); got != u {
			t.Errorf("NewV8(%x) = %v; want %v", custom, got, u)
		}
	case "nil":
		if u != Nil() || !u.IsZero() || u != (UUID{}) {
			t.Errorf("Nil() = %v, IsZero = %v", Nil(), u.IsZero())
		}
	case "max":
		if u != Max() || u.IsZero() {
			t.Errorf("Max() = %v; want %v", Max(), u)
		}
	case "namespace":
		if got := namespaceByName(t, v.keys["ns"]); got != u {
			t.Errorf("Namespace%s() = %v; want %v", strings.ToUpper(v.keys["ns"]), got, u)
		}
	}
}

// TestIntegerForm pins the integer form of RFC 9562, Figure 3.
func TestIntegerForm(t *testing.T) {
	u := MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	want := "329800735698586629295641978511506172918"
	if got := new(big.Int).SetBytes(u[:]).String(); got != want {
		t.Errorf("integer form = %s; want %s", got, want)
	}
}

// TestErratum pins the RFC 4122 Appendix B erratum: the published v3
// value for www.widgets.com is not the MD5 name-based UUID.
func TestErratum(t *testing.T) {
	got := NewV3(NamespaceDNS(), "www.widgets.com")
	if got == MustParse("e902893a-9d22-3c7e-a7b8-d6e313b71d9f") {
		t.Fatalf("NewV3 reproduces the erratum")
	}
	if want := MustParse("3d813cbb-47fb-32ba-91df-831e1593ac29"); got != want {
		t.Errorf("NewV3(DNS, www.widgets.com) = %v; want %v", got, want)
	}
}

func TestBinary(t *testing.T) {
	u := MustParse(good)
	b, err := u.MarshalBinary()
	if err != nil || !bytes.Equal(b, u[:]) {
		t.Errorf("MarshalBinary = %x, %v", b, err)
	}
	if got, err := FromBytes(b); err != nil || got != u {
		t.Errorf("FromBytes = %v, %v", got, err)
	}
	b, _ = u.AppendBinary([]byte{0xaa})
	if !bytes.Equal(b, append([]byte{0xaa}, u[:]...)) {
		t.Errorf("AppendBinary = %x", b)
	}
	var v UUID
	if err := v.UnmarshalBinary(u[:]); err != nil || v != u {
		t.Errorf("UnmarshalBinary = %v, %v", v, err)
	}
}

// TestBinaryLength checks the error for binary input of the wrong length:
// it matches ErrLength, names the length, is not a *ParseError (which is
// for text), and leaves the receiver alone.
func TestBinaryLength(t *testing.T) {
	orig := MustParse(good)
	for _, n := range []int{0, 1, 15, 17, 36, 300} {
		b := make([]byte, n)
		_, errFrom := FromBytes(b)
		_, errLE := FromBytesLE(b)
		u := orig
		errUnmarshal := u.UnmarshalBinary(b)
		if u != orig {
			t.Errorf("UnmarshalBinary(%d bytes) changed the receiver to %v", n, u)
		}
		for i, err := range []error{errFrom, errLE, errUnmarshal} {
			var pe *ParseError
			if err != ErrLength || errors.As(err, &pe) {
				t.Errorf("call %d with %d bytes: %v; want ErrLength itself", i, n, err)
			}
		}
	}
	short := make([]byte, 15)
	if a := testing.AllocsPerRun(100, func() { _, _ = FromBytes(short) }); a != 0 {
		t.Errorf("FromBytes(15 bytes): %v allocations; want 0", a)
	}
}

// TestGUIDByteOrder checks the Microsoft GUID layout: the first three
// fields little-endian, as Windows' GUID struct stores them.
func TestGUIDByteOrder(t *testing.T) {
	u := MustParse("00112233-4455-6677-8899-aabbccddeeff")
	want := [16]byte{0x33, 0x22, 0x11, 0x00, 0x55, 0x44, 0x77, 0x66, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff}
	if got := u.BytesLE(); got != want {
		t.Errorf("BytesLE() = %x; want %x", got, want)
	}
	if got, err := FromBytesLE(want[:]); err != nil || got != u {
		t.Errorf("FromBytesLE(%x) = %v, %v; want %v", want, got, err, u)
	}
}

func TestVariantAllRows(t *testing.T) {
	for b := range 256 {
		var u UUID
		u[8] = byte(b)
		var want Variant
		switch {
		case b < 0x80:
			want = VariantNCS
		case b < 0xc0:
			want = VariantRFC9562
		case b < 0xe0:
			want = VariantMicrosoft
		default:
			want = VariantFuture
		}
		if got := u.Variant(); got != want {
			t.Errorf("octet 8 = %#02x: Variant() = %v; want %v", b, got, want)
		}
	}
	for v, s := range map[Variant]string{VariantNCS: "NCS", VariantRFC9562: "RFC 9562", VariantMicrosoft: "Microsoft", VariantFuture: "Future", 9: "Variant(9)"} {
		if v.String() != s {
			t.Errorf("Variant(%d).String() = %q; want %q", v, v.String(), s)
		}
	}
	if Version(7).String() != "v7" || Version(0).String() != "v0" {
		t.Errorf("Version.String() = %q, %q", Version(7), Version(0))
	}
	if DomainPerson.String() != "Person" || DomainGroup.String() != "Group" || DomainOrg.String() != "Org" || Domain(9).String() != "Domain9" {
		t.Error("Domain.String() wrong")
	}
}

// TestAccessorsNeedRFCVariant checks that layout accessors refuse a UUID
// whose version nibble looks right but whose variant is not RFC 9562.
func TestAccessorsNeedRFCVariant(t *testing.T) {
	u := MustParse("c232ab00-9414-11ec-33c8-9f6bdeced846") // v1 nibble, NCS variant
	if _, ok := u.Time(); ok {
		t.Error("Time() ok for NCS variant")
	}
	if _, ok := u.NodeID(); ok {
		t.Error("NodeID() ok for NCS variant")
	}
	if _, ok := u.ClockSequence(); ok {
		t.Error("ClockSequence() ok for NCS variant")
	}
	if _, err := u.ToV6(); !errors.Is(err, ErrVersion) {
		t.Error("ToV6() of NCS variant succeeded")
	}
	if _, err := MustParse("1ec9414c-232a-6b00-b3c8-9f6bdeced846").ToV6(); !errors.Is(err, ErrVersion) {
		t.Error("ToV6() of a v6 succeeded")
	}
	if _, err := MustParse("c232ab00-9414-11ec-b3c8-9f6bdeced846").ToV1(); !errors.Is(err, ErrVersion) {
		t.Error("ToV1() of a v1 succeeded")
	}
	for _, s := range []string{"919108f7-52d1-4320-9bac-f847db4148a8", "2ed6657d-e927-568b-95e1-2665a8aea6a2"} {
		u := MustParse(s)
		if _, ok := u.Time(); ok {
			t.Errorf("%s: Time() ok", s)
		}
		if _, ok := u.ClockSequence(); ok {
			t.Errorf("%s: ClockSequence() ok", s)
		}
		if _, ok := u.Domain(); ok {
			t.Errorf("%s: Domain() ok", s)
		}
	}
}

func TestJSON(t *testing.T) {
	u := MustParse(good)
	type rec struct {
		ID   UUID     `json:"id"`
		Opt  NullUUID `json:"opt"`
		None NullUUID `json:"none"`
		Zero UUID     `json:"zero,omitzero"`
	}
	b, err := json.Marshal(rec{ID: u, Opt: NullUUID{UUID: u, Valid: true}})
	want := `{"id":"` + good + `","opt":"` + good + `","none":null}`
	if err != nil || string(b) != want {
		t.Fatalf("json.Marshal = %s, %v; want %s", b, err, want)
	}
	var r rec
	if err := json.Unmarshal([]byte(want), &r); err != nil || r.ID != u || r.Opt != (NullUUID{u, true}) || r.None.Valid {
		t.Errorf("json.Unmarshal = %+v, %v", r, err)
	}
	// JSON escapes are decoded before parsing.
	if err := json.Unmarshal([]byte(`{"opt":"\u0066`+good[1:]+`"}`), &r); err != nil || r.Opt.UUID != u {
		t.Errorf("escaped JSON string: %+v, %v", r, err)
	}
	if err := json.Unmarshal([]byte(`{"id":"nope"}`), &r); err == nil {
		t.Error("json.Unmarshal of a bad id succeeded")
	}
	m := map[UUID]int{u: 1}
	if b, err := json.Marshal(m); err != nil || string(b) != `{"`+good+`":1}` {
		t.Errorf("map key: %s, %v", b, err)
	}
}

// Package-level sinks make results escape, as they do for real callers.
var (
	stringSink string
	bytesSink  []byte
)

// TestAllocs pins the allocation counts of the hot paths.
// Sinks that keep results alive, and a Parse the compiler cannot inline.
var (
	errSink   error
	boolSink  bool
	parseFunc = Parse
)

func TestAllocs(t *testing.T) {
	const bad = "f81d4fae-7dec-11d0-a765-00a0c91e6bfz"
	badBytes := []byte(bad)
	u := MustParse(good)
	b := []byte(good)
	dst := make([]byte, 0, 64)
	var sink UUID
	long := strings.Repeat("n", shortName)
	for _, tc := range []struct {
		name string
		want float64
		f    func()
	}{
		{"Parse", 0, func() { sink, _ = Parse(good) }},
		{"Parse_value", 0, func() { sink, errSink = parseFunc(good) }}, // not inlined
		{"ParseError", 1, func() { sink, errSink = Parse(bad) }},       // the error, kept
		{"ParseError_value", 1, func() { sink, errSink = parseFunc(bad) }},
		{"ParseError_nil_check", 0, func() { _, err := Parse(bad); boolSink = err != nil }},
		{"ParseStrictError", 1, func() { sink, errSink = ParseStrict(bad) }},
		{"ParseBytesError", 2, func() { sink, errSink = ParseBytes(badBytes) }}, // the error and its copy of the input
		{"FromBytesError", 0, func() { sink, errSink = FromBytes(b[:15]) }},
		{"ParseURN", 0, func() { sink, _ = Parse("urn:uuid:" + good) }},
		{"ParseBytes", 0, func() { sink, _ = ParseBytes(b) }},
		{"UnmarshalText", 0, func() { _ = sink.UnmarshalText(b) }},
		{"AppendText", 0, func() { dst, _ = u.AppendText(dst[:0]) }},
		{"AppendBinary", 0, func() { dst, _ = u.AppendBinary(dst[:0]) }},
		{"AppendForm", 0, func() { dst = u.AppendForm(dst[:0], FormURN) }},
		{"Compare", 0, func() { _ = u.Compare(sink) }},
		{"Version", 0, func() { _ = u.Version() }},
		{"Variant", 0, func() { _ = u.Variant() }},
		{"Time", 0, func() { _, _ = u.Time() }},
		{"ClockSequence", 0, func() { _, _ = u.ClockSequence() }},
		{"NodeID", 0, func() { _, _ = u.NodeID() }},
		{"ToV6", 0, func() { sink, _ = u.ToV6() }},
		{"BytesLE", 0, func() { _ = u.BytesLE() }},
		{"NewV3", 0, func() { sink = NewV3(u, "www.example.com") }},
		{"NewV5", 0, func() { sink = NewV5(u, "www.example.com") }},
		{"NewV5_64", 0, func() { sink = NewV5(u, long) }},
		{"NewV4", 0, func() { sink = NewV4() }},
		{"NewV7", 0, func() { sink = NewV7() }},
		{"NewV6", 0, func() { sink = NewV6() }},
		{"NewV1", 0, func() { sink = NewV1() }},
		{"String", 1, func() { stringSink = u.String() }},
		{"URN", 1, func() { stringSink = u.URN() }},
		{"MarshalText", 1, func() { bytesSink, _ = u.MarshalText() }},
	} {
		if raceEnabled && strings.HasPrefix(tc.name, "NewV") && tc.name != "NewV3" && !strings.HasPrefix(tc.name, "NewV5") {
			continue // crypto/rand's buffer escapes under the race detector
		}
		if raceEnabled && tc.name == "ParseError_nil_check" {
			continue // the race detector's instrumentation lets the error escape
		}
		if got := testing.AllocsPerRun(1000, tc.f); got != tc.want {
			t.Errorf("%s: %v allocs; want %v", tc.name, got, tc.want)
		}
	}
}

// TestDocLength bounds the package doc and the Generator type's doc, which
// state the contract: each rule once, the details in docs/ (issues 22 and
// 34). Words are counted as strings.Fields counts them.
func TestDocLength(t *testing.T) {
	fset := token.NewFileSet()
	for _, tc := range []struct {
		file, name string // name "" is the package doc
		max        int
	}{
		{"uuid.go", "", 450},
		{"generator.go", "Generator", 200},
	} {
		f, err := parser.ParseFile(fset, tc.file, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		doc := f.Doc
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE && gd.Specs[0].(*ast.TypeSpec).Name.Name == tc.name {
				doc = gd.Doc
			}
		}
		if n := len(strings.Fields(doc.Text())); n > tc.max {
			t.Errorf("the doc of %s in %s has %d words; the bound is %d", cmp.Or(tc.name, "the package"), tc.file, n, tc.max)
		}
	}
}
