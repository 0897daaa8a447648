package typeid_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/typeid"
)

type validCase struct {
	Name   string `json:"name"`
	TypeID string `json:"typeid"`
	Prefix string `json:"prefix"`
	UUID   string `json:"uuid"`
}

type invalidCase struct {
	Name   string `json:"name"`
	TypeID string `json:"typeid"`
}

func readJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// readYAMLCases reads the name and typeid of each case of typeid-go's
// invalid.yml, a list of maps with one-line, double-quoted typeid values.
func readYAMLCases(t testing.TB, name string) []invalidCase {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []invalidCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if n, ok := strings.CutPrefix(line, "- name: "); ok {
			cases = append(cases, invalidCase{Name: n})
		} else if v, ok := strings.CutPrefix(strings.TrimSpace(line), "typeid: "); ok && len(cases) > 0 {
			s, err := strconv.Unquote(v)
			if err != nil {
				t.Fatalf("%s: %q: %v", name, line, err)
			}
			cases[len(cases)-1].TypeID = s
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func TestSpecValid(t *testing.T) {
	var cases []validCase
	readJSON(t, "valid.json", &cases)
	if len(cases) != 9 {
		t.Fatalf("valid.json has %d cases, want 9", len(cases))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			want := uuid.MustParse(c.UUID)
			got, err := typeid.Parse(c.TypeID)
			if err != nil || got.Prefix() != c.Prefix || got.UUID() != want {
				t.Fatalf("Parse(%q) = %q, %v, %v; want %q, %v", c.TypeID, got.Prefix(), got.UUID(), err, c.Prefix, want)
			}
			if s := got.String(); s != c.TypeID {
				t.Errorf("String() = %q; want %q", s, c.TypeID)
			}
			made, err := typeid.FromUUID(c.Prefix, want)
			if err != nil || made != got {
				t.Errorf("FromUUID(%q, %v) = %v, %v; want %v", c.Prefix, want, made, err, got)
			}
			var u typeid.TypeID
			if err := u.UnmarshalText([]byte(c.TypeID)); err != nil || u != got {
				t.Errorf("UnmarshalText(%q) = %v, %v; want %v", c.TypeID, u, err, got)
			}
			var s, b typeid.TypeID
			if err := s.Scan(c.TypeID); err != nil || s != got {
				t.Errorf("Scan(string %q) = %v, %v; want %v", c.TypeID, s, err, got)
			}
			if err := b.Scan([]byte(c.TypeID)); err != nil || b != got {
				t.Errorf("Scan([]byte %q) = %v, %v; want %v", c.TypeID, b, err, got)
			}
			if v, err := got.Value(); v != c.TypeID || err != nil {
				t.Errorf("Value() = %v, %v; want %q", v, err, c.TypeID)
			}
		})
	}
}

// wantErrors gives, for every invalid case of the vendored files, the
// offset and kind of the ParseError.
var wantErrors = map[string]struct {
	off  int
	kind error
}{
	"prefix-uppercase":           {0, typeid.ErrPrefix},
	"prefix-numeric":             {0, typeid.ErrPrefix},
	"prefix-period":              {3, typeid.ErrPrefix},
	"prefix-non-ascii":           {2, typeid.ErrPrefix},
	"prefix-spaces":              {0, typeid.ErrPrefix},
	"prefix-64-chars":            {63, typeid.ErrPrefix},
	"separator-empty-prefix":     {0, typeid.ErrPrefix},
	"separator-empty":            {0, typeid.ErrPrefix},
	"suffix-short":               {-1, uuid.ErrLength},
	"suffix-long":                {-1, uuid.ErrLength},
	"suffix-spaces":              {32, typeid.ErrDigit},
	"suffix-uppercase":           {17, typeid.ErrDigit},
	"suffix-hyphens":             {16, typeid.ErrDigit},
	"suffix-wrong-alphabet":      {7, typeid.ErrDigit},
	"suffix-ambiguous-crockford": {7, typeid.ErrDigit},
	"suffix-hyphens-crockford":   {16, typeid.ErrDigit},
	"suffix-overflow":            {7, typeid.ErrRange},
	"prefix-underscore-start":    {0, typeid.ErrPrefix},
	"prefix-underscore-end":      {6, typeid.ErrPrefix},
	"empty":                      {-1, uuid.ErrLength},
	"prefix-empty":               {-1, uuid.ErrLength},
	"suffix-dot":                 {18, typeid.ErrDigit},
}

func TestSpecInvalid(t *testing.T) {
	var spec []invalidCase
	readJSON(t, "invalid.json", &spec)
	goCases := readYAMLCases(t, "typeid-go-invalid.yml")
	if len(spec) != 21 || len(goCases) != 22 || goCases[21].Name != "suffix-dot" {
		t.Fatalf("invalid.json has %d cases, typeid-go-invalid.yml %d; want 21 and 22 ending in suffix-dot", len(spec), len(goCases))
	}
	for i, c := range spec {
		if goCases[i] != c {
			t.Errorf("case %d: invalid.json has %+v, typeid-go-invalid.yml %+v", i, c, goCases[i])
		}
	}
	for _, c := range goCases {
		t.Run(c.Name, func(t *testing.T) {
			want, ok := wantErrors[c.Name]
			if !ok {
				t.Fatalf("no expected error for case %q", c.Name)
			}
			got, err := typeid.Parse(c.TypeID)
			var pe *typeid.ParseError
			if !errors.As(err, &pe) || got != (typeid.TypeID{}) {
				t.Fatalf("Parse(%q) = %v, %v; want zero TypeID and *ParseError", c.TypeID, got, err)
			}
			if pe.Offset != want.off || !errors.Is(err, want.kind) || pe.Input != c.TypeID {
				t.Errorf("Parse(%q): Input %q, Offset %d, Err %v; want Offset %d, Err %v", c.TypeID, pe.Input, pe.Offset, pe.Err, want.off, want.kind)
			}
			if !strings.HasPrefix(err.Error(), "typeid: ") {
				t.Errorf("Parse(%q): message %q does not start with \"typeid: \"", c.TypeID, err)
			}
			keep := typeid.MustParse("keep_01h455vb4pex5vsknk084sn02q")
			u := keep
			if err := u.UnmarshalText([]byte(c.TypeID)); !errors.Is(err, want.kind) || u != keep {
				t.Errorf("UnmarshalText(%q) = %v, left %v; want %v, receiver unchanged", c.TypeID, err, u, want.kind)
			}
			if err := u.Scan(c.TypeID); !errors.Is(err, want.kind) || u != keep {
				t.Errorf("Scan(%q) = %v, left %v; want %v, receiver unchanged", c.TypeID, err, u, want.kind)
			}
		})
	}
}

func TestNew(t *testing.T) {
	for _, prefix := range []string{"", "user", "pre_fix", strings.Repeat("a", 63)} {
		id, err := typeid.New(prefix)
		if err != nil || id.Prefix() != prefix || id.UUID().Version() != 7 || id.UUID().Variant() != uuid.VariantRFC9562 {
			t.Errorf("New(%q) = %v, %v; want a v7 TypeID with that prefix", prefix, id, err)
		}
		if got, err := typeid.Parse(id.String()); got != id || err != nil {
			t.Errorf("Parse(%q) = %v, %v; want %v", id.String(), got, err, id)
		}
	}
}

func TestBadPrefix(t *testing.T) {
	for _, c := range []struct {
		prefix string
		off    int
	}{
		{"User", 0}, {"_user", 0}, {"user_", 4}, {"_", 0}, {"us3r", 2}, {"us-er", 2},
		{strings.Repeat("a", 64), 63}, {"pré", 2},
	} {
		for _, f := range []func(string) (typeid.TypeID, error){
			typeid.New,
			func(p string) (typeid.TypeID, error) { return typeid.FromUUID(p, uuid.Max()) },
		} {
			id, err := f(c.prefix)
			var pe *typeid.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, typeid.ErrPrefix) || pe.Offset != c.off || pe.Input != c.prefix || id != (typeid.TypeID{}) {
				t.Errorf("prefix %q: %v, %v; want zero TypeID and ErrPrefix at offset %d", c.prefix, id, err, c.off)
			}
		}
	}
}

func TestZero(t *testing.T) {
	var z typeid.TypeID
	if z.String() != "00000000000000000000000000" || z.Prefix() != "" || !z.UUID().IsZero() {
		t.Errorf("zero TypeID = %q, %q, %v", z.String(), z.Prefix(), z.UUID())
	}
	if got := typeid.MustParse("00000000000000000000000000"); got != z {
		t.Errorf("MustParse(nil suffix) = %v; want the zero TypeID", got)
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if _, ok := recover().(*typeid.ParseError); !ok {
			t.Error("MustParse did not panic with a *ParseError")
		}
	}()
	typeid.MustParse("user_")
}

func TestScanOther(t *testing.T) {
	keep := typeid.MustParse("keep_01h455vb4pex5vsknk084sn02q")
	for _, c := range []struct {
		src  any
		kind error
		name string // the type the message names
	}{
		{nil, uuid.ErrScanNull, "NULL"}, {int64(1), uuid.ErrScanType, "int64"}, {1.5, uuid.ErrScanType, "float64"},
		{42, uuid.ErrScanType, "int"},
	} {
		u := keep
		err := u.Scan(c.src)
		if !errors.Is(err, c.kind) || u != keep || !strings.HasPrefix(err.Error(), "typeid: ") || !strings.Contains(err.Error(), " "+c.name+" ") {
			t.Errorf("Scan(%#v) = %v, left %v; want %v naming %s, receiver unchanged", c.src, err, u, c.kind, c.name)
		}
	}
}

func TestErrorInput(t *testing.T) {
	long := strings.Repeat("a", 200)
	_, err := typeid.Parse(long)
	var pe *typeid.ParseError
	if !errors.As(err, &pe) || pe.Input != long[:128]+"…" || pe.Offset != -1 || pe.Err != uuid.ErrLength {
		t.Errorf("Parse(200 letters) = %#v; want uuid.ErrLength at offset -1 with the input cut to 128 bytes", err)
	}
	want := `typeid: parsing "user_01h455vb4pex5vsknk084sn0iq": invalid digit at offset 29`
	if _, err := typeid.Parse("user_01h455vb4pex5vsknk084sn0iq"); err == nil || err.Error() != want {
		t.Errorf("Error() = %v; want %s", err, want)
	}
	// The input is copied: changing the caller's buffer does not change it.
	b := []byte("user_01h455vb4pex5vsknk084sn0iq")
	var u typeid.TypeID
	err = u.UnmarshalText(b)
	b[0] = 'X'
	if !errors.As(err, &pe) || pe.Input != "user_01h455vb4pex5vsknk084sn0iq" {
		t.Errorf("UnmarshalText error Input = %q after the buffer changed", pe.Input)
	}
}

func TestJSON(t *testing.T) {
	type row struct{ ID typeid.TypeID }
	in := row{typeid.MustParse("user_01h455vb4pex5vsknk084sn02q")}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"ID":"user_01h455vb4pex5vsknk084sn02q"}` {
		t.Fatalf("json.Marshal = %s, %v", b, err)
	}
	var out row
	if err := json.Unmarshal(b, &out); err != nil || out != in {
		t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", b, out, err, in)
	}
}

// Sinks keep results alive in TestAllocs, so that none is kept on the stack.
var (
	sink       typeid.TypeID
	stringSink string
	bytesSink  []byte
)

func TestAllocs(t *testing.T) {
	s := "user_01h455vb4pex5vsknk084sn02q"
	bs := []byte(s)
	id := typeid.MustParse(s)
	buf := make([]byte, 0, 128)
	var u typeid.TypeID
	for _, c := range []struct {
		name string
		want float64
		f    func()
	}{
		{"Parse", 0, func() { sink, _ = typeid.Parse(s) }},
		{"UnmarshalText", 0, func() { u.UnmarshalText(bs) }},
		{"ScanString", 0, func() { u.Scan(s) }},
		{"ScanBytes", 0, func() { u.Scan(bs) }},
		{"AppendText", 0, func() { buf, _ = id.AppendText(buf[:0]) }},
		{"UUID", 0, func() { _ = id.UUID() }},
		{"PrefixCompare", 0, func() {
			if id.Prefix() != "user" {
				panic("prefix")
			}
		}},
		{"String", 1, func() { stringSink = id.String() }},
		{"MarshalText", 1, func() { bytesSink, _ = id.MarshalText() }},
	} {
		if got := testing.AllocsPerRun(100, c.f); got != c.want {
			t.Errorf("%s: %v allocations; want %v", c.name, got, c.want)
		}
	}
}
