package main

import (
	"encoding/base32"
	"encoding/base64"
	"math/big"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/short"
	"github.com/afb7af96/uuid/ulid"
)

// number writes u as a width-digit number in alphabet, plainly, with
// math/big: the reference the forms that are numbers are checked against.
func number(u uuid.UUID, alphabet string, width int) string {
	n := new(big.Int).SetBytes(u[:])
	base := big.NewInt(int64(len(alphabet)))
	out := make([]byte, width)
	for i := width - 1; i >= 0; i-- {
		var d big.Int
		n.DivMod(n, base, &d)
		out[i] = alphabet[d.Int64()]
	}
	return string(out)
}

const (
	crockford   = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	bitcoin     = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	shortuuid57 = "23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	base36Lower = "0123456789abcdefghijklmnopqrstuvwxyz"
)

// reference returns the text of u in each form that --format writes,
// made without the packages the command uses.
func reference(u uuid.UUID) map[string]string {
	b32 := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(u[:])
	return map[string]string{
		"ulid":         number(u, crockford, 26),
		"base58":       number(u, bitcoin, 22),
		"base57":       number(u, shortuuid57, 22),
		"base64url":    base64.RawURLEncoding.EncodeToString(u[:]),
		"base36":       number(u, base36Lower, 25),
		"base36+upper": strings.ToUpper(number(u, base36Lower, 25)),
		"base32":       strings.ToLower(b32),
		"base32+upper": b32,
	}
}

// fromPackage returns what the form's own package reads text as.
func fromPackage(t *testing.T, format, text string) uuid.UUID {
	t.Helper()
	var u uuid.UUID
	var err error
	switch name, _, _ := strings.Cut(strings.TrimSuffix(format, "+upper"), ":"); name {
	case "ulid":
		var id ulid.ULID
		id, err = ulid.Parse(text)
		u = id.UUID()
	default:
		e := map[string]short.Encoding{"base58": short.Base58, "base57": short.Base57,
			"base64url": short.Base64URL, "base36": short.Base36, "base32": short.Base32}[name]
		u, err = e.Parse(text)
	}
	if err != nil {
		t.Fatalf("the %s package does not read %q: %v", format, text, err)
	}
	return u
}

// TestFormatForms: --format writes the RFC 9562 A.4 vector in every form as
// the reference does, and the form's package reads it back.
func TestFormatForms(t *testing.T) {
	v5 := uuid.MustParse(vectorV5)
	for format, want := range reference(v5) {
		t.Run(strings.NewReplacer(":", "_", "+", "_").Replace(format), func(t *testing.T) {
			args := []string{"-s", "-n", "@dns", "-N", "www.example.com", "--format", format}
			if got := runOK(t, "", args...); got != want+"\n" {
				t.Errorf("uuid %q = %q; want %q", args, got, want+"\n")
			}
			if u := fromPackage(t, format, want); u != v5 {
				t.Errorf("%s text %q reads as %v; want %v", format, want, u, v5)
			}
		})
	}
}

// TestFormsRoundTrip: new UUIDs written in each form are what the form's
// package writes, and inspect --from reads them back to the same UUIDs.
func TestFormsRoundTrip(t *testing.T) {
	for format := range reference(uuid.UUID{}) {
		t.Run(strings.NewReplacer(":", "_", "+", "_").Replace(format), func(t *testing.T) {
			out := runOK(t, "", "-7", "-C", "64", "--format", format)
			got := lines(t, out)
			var want strings.Builder
			for _, line := range got {
				u := fromPackage(t, format, line)
				if u.Version() != 7 {
					t.Fatalf("%q reads as %v, not a v7", line, u)
				}
				if ref := reference(u)[format]; line != ref {
					t.Fatalf("uuid printed %q for %v; want %q", line, u, ref)
				}
				want.WriteString(u.String() + "\n")
			}
			from, _, _ := strings.Cut(strings.TrimSuffix(format, "+upper"), ":")
			back := runOK(t, out, "inspect", "--from", from, "-r", "-n", "-o", "uuid")
			if back != want.String() {
				t.Errorf("inspect --from %s read\n%s\nwant\n%s", from, back, want.String())
			}
		})
	}
}

// TestInspectFromVectors reads values the formats' authors publish (as the
// sub-packages' testdata names them) with inspect --from.
func TestInspectFromVectors(t *testing.T) {
	tests := []struct{ from, text, want string }{
		// github.com/ulid/javascript test/node/uuid.spec.ts.
		{"ulid", "01ARYZ6S41TSV4RRFFQ69G5FAV", "01563df3-6481-d676-4c61-efb99302bd5b"},
		{"ulid", "01jq4t23h220km7x0b3v1109dq", "0195c9a1-0e22-1027-43f4-0b1ec21025b7"},
		// uuid-creator BaseNCodec3SamplesTest.java (Base58BtcCodec, Base36Codec).
		{"base58", "1111111111111111233QC4", "00000000-0000-0000-0000-0000287fb4cd"},
		{"base58", "UMM9AmhWScQdK7yaPG8aNf", "dd7e080d-2594-4307-8b25-c7e2b5ca9994"},
		{"base36", "7ftxww3vakoh4suoakjooo8a6", "7daaa9e1-375c-4f2b-8bfc-aa4c0e4ce7ee"},
		// uuid-creator BaseNCodec2SamplesTest.java (Base32Codec; Base64Codec in the URL alphabet).
		{"base32", "djelgtj7jngqhh6fyvfg66g7ri", "1a48b34d-3f4b-4d03-9fc5-c54a6f78df8a"},
		{"base32", "DJELGTJ7JNGQHH6FYVFG66G7RI", "1a48b34d-3f4b-4d03-9fc5-c54a6f78df8a"},
		{"base64url", "o-vEbl8aS3OmjC3PiBEwTQ", "a3ebc46e-5f1a-4b73-a68c-2dcf8811304d"},
		// lithammer/shortuuid v4.3.0 shortuuid_test.go.
		{"base57", "22222222222TVBRkNB8C7z", "00000000-0000-0000-8000-000000000000"},
		{"base57", "23XgxsETJcF7vB5N3FZRcB", "0026636a-e9b3-4a88-9c66-bf49d8cad81f"},
		// uuid25/go-uuid25 uuid25_test.go.
		{"base36", "f5lxx1zz5pnorynqglhzmsp33", "ffffffff-ffff-ffff-ffff-ffffffffffff"},
	}
	for _, tt := range tests {
		t.Run(tt.from+"_"+tt.text[:min(len(tt.text), 12)], func(t *testing.T) {
			args := []string{"inspect", "--from", tt.from, "-r", "-n", "-o", "uuid,version", tt.text}
			got := runOK(t, "", args...)
			if want := tt.want + " "; !strings.HasPrefix(got, want) {
				t.Errorf("uuid %q = %q; want %q and the version", args, got, want)
			}
		})
	}
}

// TestInspectNeverGuesses: a text in another form is invalid unless --from
// names its form, and --from reads that form only.
func TestInspectNeverGuesses(t *testing.T) {
	v5 := uuid.MustParse(vectorV5)
	ref := reference(v5)
	tests := []struct {
		name  string
		from  string // "" for no --from
		text  string
		error string // the first line of standard error
	}{
		{"base58_without_from", "", ref["base58"], "uuid: parsing"},
		{"ulid_without_from", "", ref["ulid"], "uuid: parsing"},
		{"base32_without_from", "", ref["base32"], "uuid: parsing"},
		{"canonical_from_base58", "base58", vectorV5, `short: parsing "2ed6657d-e927-568b-95e1-2665a8aea6a2" as base58:`},
		{"base58_from_base64url", "base64url", "6nTLogGvw2vmQjtATLqvLq", "short: parsing"}, // a valid text, of another UUID
		{"base32_from_ulid", "ulid", ref["base32"], `ulid: parsing "` + ref["base32"] + `":`},
		{"base57_overflow", "base57", "zzzzzzzzzzzzzzzzzzzzzz", "short: parsing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"inspect", "-r", "-n", "-o", "uuid,type", tt.text}
			if tt.from != "" {
				args = append(args, "--from", tt.from)
			}
			r := runCmd(t, "", args...)
			if r.code != exitInvalid || !strings.HasPrefix(r.stderr, tt.error) || strings.Count(r.stderr, "\n") != 1 ||
				r.stdout != clip(tt.text, true)+" invalid\n" {
				t.Errorf("uuid %q: exit %d, stdout %q, stderr %q; want 1, an invalid row and %q",
					args, r.code, r.stdout, r.stderr, tt.error)
			}
		})
	}
	// One text of lithammer/shortuuid is three UUIDs in three forms.
	for from, want := range map[string]string{"base58": "1382d945-aa2c-9f89-0408-54c15bcafb0b",
		"base57": "07dcc180-1323-4985-8359-296261dd53c8", "base64url": "dd08f087-0180-0166-c9ae-e84fb990fbc1"} {
		if got := runOK(t, "", "inspect", "-r", "-n", "-o", "uuid", "--from", from, "3QjwhwGAAWbJruhPuZD7wQ"); got != want+"\n" {
			t.Errorf("inspect --from %s 3QjwhwGAAWbJruhPuZD7wQ = %q; want %q", from, got, want+"\n")
		}
	}
	// The base58 text is read once --from names it, and in no other form.
	want := vectorV5 + " sha1-based\n"
	if got := runOK(t, "", "inspect", "--from", "base58", "-r", "-n", "-o", "uuid,type", ref["base58"]); got != want {
		t.Errorf("inspect --from base58 %s = %q; want %q", ref["base58"], got, want)
	}
}

// TestTimedFormsDefaultToV7: ulid makes v7 UUIDs unless a flag
// chooses a version; the other forms keep v4.
func TestTimedFormsDefaultToV7(t *testing.T) {
	tests := []struct {
		args []string
		want uuid.Version
	}{
		{[]string{"--format", "ulid"}, 7},
		{[]string{"--format", "ulid", "-r"}, 4},
		{[]string{"-t", "--format", "ulid"}, 1},
		{[]string{"--format", "base58"}, 4},
		{[]string{"--format", "ulid", "--format", "hex"}, 4}, // the last --format counts
	}
	for _, tt := range tests {
		c, err := parseArgs(tt.args)
		if err != nil || uuid.Version(c.version) != tt.want {
			t.Errorf("parseArgs(%q): version %d, %v; want %d", tt.args, c.version, err, tt.want)
		}
	}
	// The default v7 takes --at: ULID text starts with the 48-bit time.
	got := runOK(t, "", "--format", "ulid", "--at", "2016-07-30T22:36:16.385Z")
	if !strings.HasPrefix(got, "01ARYZ6S41") { // oklog/ulid TestAlizainCompatibility
		t.Errorf("uuid --format ulid --at 2016-07-30T22:36:16.385Z = %q; want 01ARYZ6S41...", got)
	}
}
