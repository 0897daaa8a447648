package ulid_test

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/ulid"
)

type vector struct {
	line   int
	kind   string
	fields []string
}

func readVectors(t testing.TB) []vector {
	t.Helper()
	f, err := os.Open("testdata/vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []vector
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		vs = append(vs, vector{n, fs[0], fs[1:]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return vs
}

func TestVectors(t *testing.T) {
	counts := map[string]int{}
	for _, v := range readVectors(t) {
		counts[v.kind]++
		t.Run(v.kind+"_"+v.fields[0], func(t *testing.T) {
			s := v.fields[0]
			id, err := ulid.Parse(s)
			switch v.kind {
			case "pair":
				u := uuid.MustParse(v.fields[1])
				if err != nil || id.UUID() != u || id != ulid.FromUUID(u) {
					t.Fatalf("Parse(%q) = %v, %v; want the bits of %v", s, id.UUID(), err, u)
				}
				if got := ulid.FromUUID(u).String(); got != s {
					t.Errorf("FromUUID(%v).String() = %q; want %q", u, got, s)
				}
				if got, err := ulid.Parse(strings.ToLower(s)); got != id || err != nil {
					t.Errorf("Parse(%q) = %v, %v; want %v", strings.ToLower(s), got, err, id)
				}
			case "time":
				ms, _ := strconv.ParseUint(v.fields[1], 10, 64)
				var want ulid.ULID
				binary.BigEndian.PutUint16(want[0:], uint16(ms>>32))
				binary.BigEndian.PutUint32(want[2:], uint32(ms))
				if err != nil || id != want {
					t.Fatalf("Parse(%q) = %v, %v; want time %d and zero entropy", s, id, err, ms)
				}
				if got := want.String(); got != s {
					t.Errorf("String() = %q; want %q", got, s)
				}
			case "valid":
				if err != nil || id.String() != s {
					t.Fatalf("Parse(%q) = %v, %v; want it back", s, id, err)
				}
			case "overflow":
				var pe *ulid.ParseError
				if !errors.As(err, &pe) || !errors.Is(err, ulid.ErrRange) || pe.Offset != 0 || pe.Input != s || id != (ulid.ULID{}) {
					t.Fatalf("Parse(%q) = %v, %v; want ErrRange at offset 0", s, id, err)
				}
			default:
				t.Fatalf("line %d: unknown kind %q", v.line, v.kind)
			}
		})
	}
	if counts["pair"] != 4 || counts["time"] != 1 || counts["valid"] != 3 || counts["overflow"] != 3 {
		t.Errorf("vectors.txt has %v; want 4 pairs, 1 time, 3 valid and 3 overflow", counts)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		off  int
		kind error
	}{
		{"", -1, uuid.ErrLength},
		{"01ARYZ6S41TSV4RRFFQ69G5FA", -1, uuid.ErrLength},
		{"01ARYZ6S41TSV4RRFFQ69G5FAVV", -1, uuid.ErrLength},
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", 25, ulid.ErrDigit},
		{"I1ARYZ6S41TSV4RRFFQ69G5FAV", 0, ulid.ErrDigit},
		{"0LARYZ6S41TSV4RRFFQ69G5FAV", 1, ulid.ErrDigit},
		{"01ARYZ6S41TSV4RRFFQ69G5FOV", 24, ulid.ErrDigit},
		{"01ARYZ6S41-SV4RRFFQ69G5FAV", 10, ulid.ErrDigit},
		{"01ARYZ6S41TSV4RRFFQ69G5FA-x", 25, ulid.ErrDigit},
		{"01ARYZ6S41TSV4RRFFQ69G5Fé", 24, ulid.ErrDigit},
		{"8ZZZZZZZZZZZZZZZZZZZZZZZZZ", 0, ulid.ErrRange},
		{"8ZZZZZZZZZZZZZZZZZZZZZZZZ", -1, uuid.ErrLength},
	} {
		id, err := ulid.Parse(c.in)
		var pe *ulid.ParseError
		if !errors.As(err, &pe) || pe.Offset != c.off || !errors.Is(err, c.kind) || pe.Input != c.in || id != (ulid.ULID{}) {
			t.Errorf("Parse(%q) = %v, %v; want Offset %d, %v", c.in, id, err, c.off, c.kind)
			continue
		}
		if !strings.HasPrefix(err.Error(), "ulid: parsing ") {
			t.Errorf("Parse(%q): message %q", c.in, err)
		}
		keep := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
		v := keep
		if err := v.UnmarshalText([]byte(c.in)); !errors.Is(err, c.kind) || v != keep {
			t.Errorf("UnmarshalText(%q) = %v, left %v; want %v, receiver unchanged", c.in, err, v, c.kind)
		}
	}
	want := `ulid: parsing "01ARYZ6S41TSV4RRFFQ69G5FAU": invalid digit at offset 25`
	if _, err := ulid.Parse("01ARYZ6S41TSV4RRFFQ69G5FAU"); err == nil || err.Error() != want {
		t.Errorf("Error() = %v; want %s", err, want)
	}
	long := strings.Repeat("0", 100)
	_, err := ulid.Parse(long)
	var pe *ulid.ParseError
	if !errors.As(err, &pe) || pe.Input != long[:64]+"…" || pe.Offset != -1 || pe.Err != uuid.ErrLength {
		t.Errorf("Parse(100 zeros) = %#v; want uuid.ErrLength at offset -1 with the input cut to 64 bytes", err)
	}
}

func TestV7(t *testing.T) {
	for _, c := range []struct {
		in    string
		isV7  bool
		force string
	}{
		// A ULID from a ULID generator: random version and variant bits.
		{"01ARYZ6S41TSV4RRFFQ69G5FAV", false, "01563df3-6481-7676-8c61-efb99302bd5b"},
		{"00000000000000000000000000", false, "00000000-0000-7000-8000-000000000000"},
		{"7ZZZZZZZZZZZZZZZZZZZZZZZZZ", false, "ffffffff-ffff-7fff-bfff-ffffffffffff"},
		// The ULID of the version 7 UUID in RFC 9562, Appendix A.6.
		{ulid.FromUUID(uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")).String(), true, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"},
	} {
		id := ulid.MustParse(c.in)
		force := uuid.MustParse(c.force)
		if id.IsV7() != c.isV7 || id.ForceV7() != force {
			t.Errorf("%s: IsV7() = %v, ForceV7() = %v; want %v, %v", c.in, id.IsV7(), id.ForceV7(), c.isV7, force)
		}
		if f := id.ForceV7(); f.Version() != 7 || f.Variant() != uuid.VariantRFC9562 || !ulid.FromUUID(f).IsV7() {
			t.Errorf("%s: ForceV7() = %v is not a valid v7", c.in, f)
		}
		if id.IsV7() != (id.ForceV7() == id.UUID()) {
			t.Errorf("%s: IsV7() = %v but ForceV7() == UUID() is %v", c.in, id.IsV7(), id.ForceV7() == id.UUID())
		}
	}
	// Every version 7 UUID is a ULID with its own bits, and a valid v7 as it is.
	for range 100 {
		u := uuid.NewV7()
		id := ulid.FromUUID(u)
		if !id.IsV7() || id.ForceV7() != u || id.UUID() != u {
			t.Fatalf("FromUUID(%v): IsV7 %v, ForceV7 %v, UUID %v", u, id.IsV7(), id.ForceV7(), id.UUID())
		}
	}
}

func TestJSON(t *testing.T) {
	type row struct{ ID ulid.ULID }
	in := row{ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")}
	b, err := json.Marshal(in)
	if err != nil || string(b) != `{"ID":"01ARYZ6S41TSV4RRFFQ69G5FAV"}` {
		t.Fatalf("json.Marshal = %s, %v", b, err)
	}
	var out row
	if err := json.Unmarshal(b, &out); err != nil || out != in {
		t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", b, out, err, in)
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if _, ok := recover().(*ulid.ParseError); !ok {
			t.Error("MustParse did not panic with a *ParseError")
		}
	}()
	ulid.MustParse("8ZZZZZZZZZZZZZZZZZZZZZZZZZ")
}

// Sinks keep results alive in TestAllocs, so that none is kept on the stack.
var (
	sink       ulid.ULID
	stringSink string
	bytesSink  []byte
)

func TestAllocs(t *testing.T) {
	s := "01ARYZ6S41TSV4RRFFQ69G5FAV"
	bs := []byte(s)
	id := ulid.MustParse(s)
	buf := make([]byte, 0, 64)
	for _, c := range []struct {
		name string
		want float64
		f    func()
	}{
		{"Parse", 0, func() { sink, _ = ulid.Parse(s) }},
		{"UnmarshalText", 0, func() { _ = sink.UnmarshalText(bs) }},
		{"AppendText", 0, func() { buf, _ = id.AppendText(buf[:0]) }},
		{"ForceV7", 0, func() { sink = ulid.FromUUID(id.ForceV7()) }},
		{"String", 1, func() { stringSink = id.String() }},
		{"MarshalText", 1, func() { bytesSink, _ = id.MarshalText() }},
	} {
		if got := testing.AllocsPerRun(100, c.f); got != c.want {
			t.Errorf("%s: %v allocations; want %v", c.name, got, c.want)
		}
	}
}
