package uuid_test

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

func TestTextForms(t *testing.T) {
	u := uuid.MustParse(good)
	upper := strings.ToUpper(good)
	hex32 := strings.ReplaceAll(good, "-", "")
	for _, tc := range []struct{ got, want string }{
		{u.String(), good},
		{u.URN(), "urn:uuid:" + good},
		{fmt.Sprint(u), good},
		{fmt.Sprintf("%v", u), good},
		{fmt.Sprintf("%s", u), good},
		{fmt.Sprintf("%S", u), upper},
		{fmt.Sprintf("%q", u), `"` + good + `"`},
		{fmt.Sprintf("%x", u), hex32},
		{fmt.Sprintf("%X", u), strings.ToUpper(hex32)},
		{fmt.Sprintf("%#v", u), `uuid.MustParse("` + good + `")`},
		{fmt.Sprintf("%40s|", u), "    " + good + "|"},
		{fmt.Sprintf("%-40s|", u), good + "    |"},
		{fmt.Sprintf("%d", u), fmt.Sprintf("%d", [16]byte(u))},
		// Width, precision and flags as for the text as a string, which is
		// what Go 1.27's uuid and google/uuid print through String.
		{fmt.Sprintf("%.8s", u), good[:8]},
		{fmt.Sprintf("%.8v", u), good[:8]},
		{fmt.Sprintf("%10.3v|", u), "       " + good[:3] + "|"},
		{fmt.Sprintf("%.5q", u), `"` + good[:5] + `"`},
		{fmt.Sprintf("%#q", u), "`" + good + "`"},
		{fmt.Sprintf("%42q|", u), "    \"" + good + "\"|"},
		{fmt.Sprintf("%.4x", u), hex32[:4]},
		{fmt.Sprintf("%-34X|", u), strings.ToUpper(hex32) + "  |"},
		{uuid.Max().String(), "ffffffff-ffff-ffff-ffff-ffffffffffff"},
		{uuid.Nil().String(), "00000000-0000-0000-0000-000000000000"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q; want %q", tc.got, tc.want)
		}
	}
	b, err := u.MarshalText()
	if err != nil || string(b) != good {
		t.Errorf("MarshalText() = %q, %v", b, err)
	}
	b, err = u.AppendText([]byte("id="))
	if err != nil || string(b) != "id="+good {
		t.Errorf("AppendText = %q, %v", b, err)
	}
}

// TestFormatAllBytes checks the hex tables on every byte value in every
// position, against encoding/hex.
func TestFormatAllBytes(t *testing.T) {
	for i := range 256 {
		var u uuid.UUID
		for j := range u {
			u[j] = byte(i + 17*j)
		}
		h := hex.EncodeToString(u[:])
		want := h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		if got := u.String(); got != want {
			t.Fatalf("String() = %s; want %s", got, want)
		}
		if got := fmt.Sprintf("%X", u); got != strings.ToUpper(h) {
			t.Fatalf("%%X = %s; want %s", got, strings.ToUpper(h))
		}
		if back, err := uuid.Parse(strings.ToUpper(want)); err != nil || back != u {
			t.Fatalf("Parse(%s) = %v, %v; want %v", want, back, err, u)
		}
	}
}

// TestAppendForm checks every form, in both cases, against a slow writer
// built from encoding/hex, and that uuid.Parse reads each one back.
func TestAppendForm(t *testing.T) {
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	slowHex := func(upper bool) string {
		h := hex.EncodeToString(u[:])
		if upper {
			h = strings.ToUpper(h)
		}
		return h
	}
	for _, tc := range []struct {
		f    uuid.Form
		name string
		want func(h string) string
	}{
		{uuid.FormCanonical, "canonical", func(h string) string { return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:] }},
		{uuid.FormHex, "hex", func(h string) string { return h }},
		{uuid.FormBraced, "braced", func(h string) string {
			return "{" + h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:] + "}"
		}},
		{uuid.FormURN, "urn", func(h string) string {
			return "urn:uuid:" + h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		}},
	} {
		{
			f, name := tc.f, tc.name
			t.Run(name, func(t *testing.T) {
				want := tc.want(slowHex(false))
				if got := string(u.AppendForm([]byte("x"), f)); got != "x"+want {
					t.Errorf("AppendForm(\"x\", %v) = %q; want %q", f, got, "x"+want)
				}
				if f.String() != name || f.Len() != len(want) {
					t.Errorf("Form %d: String() = %q, Len() = %d; want %q, %d", f, f.String(), f.Len(), name, len(want))
				}
				if v, err := uuid.Parse(want); v != u || err != nil {
					t.Errorf("Parse(%q) = %v, %v; want %v", want, v, err, u)
				}
			})
		}
	}
	// A value that is not a form has length 0, and AppendForm panics for
	// it, the former upper-case bit (0x80) among them.
	for _, f := range []uuid.Form{4, 9, 0x7f, 0x80, 0x84, 0xff} {
		func() {
			defer func() {
				if r := recover(); r != "uuid: AppendForm with invalid "+f.String() {
					t.Errorf("AppendForm(\"x\", %v) panicked with %v", f, r)
				}
			}()
			got := u.AppendForm([]byte("x"), f)
			t.Errorf("AppendForm(\"x\", %v) = %q; want a panic", f, got)
		}()
		if f.Len() != 0 {
			t.Errorf("Form(%d).Len() = %d; want 0", f, f.Len())
		}
		if got, want := f.String(), "Form("+strconv.Itoa(int(f))+")"; got != want {
			t.Errorf("Form(%d).String() = %q; want %q", f, got, want)
		}
	}
}

// good is a UUID in canonical form, the RFC 4122 example.
const good = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
