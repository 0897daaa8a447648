package main

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/afb7af96/uuid"
)

func TestInspectDocument(t *testing.T) {
	t.Run("exact", func(t *testing.T) {
		// The keys and spellings of uuidparse -J (util-linux 2.41), then ours.
		r := runCmd(t, "", "inspect", "-J", vectorV1, vectorV4, vectorV7,
			"00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
			"00000000-0000-1000-c000-000000000000", "xyz")
		want := `{"uuids":[
{"uuid":"c232ab00-9414-11ec-b3c8-9f6bdeced846","variant":"DCE","type":"time-based","time":"2022-02-22 19:22:22,000000+00:00","variant_name":"RFC 9562","version":1,"version_name":"time-based","time_rfc3339":"2022-02-22T19:22:22.0000000Z","clock_seq":13256,"node":"9f:6b:de:ce:d8:46","node_random":true},
{"uuid":"919108f7-52d1-4320-9bac-f847db4148a8","variant":"DCE","type":"random","time":null,"variant_name":"RFC 9562","version":4,"version_name":"random"},
{"uuid":"017f22e2-79b0-7cc3-98c4-dc0c0c07398f","variant":"DCE","type":"time-v7","time":"2022-02-22 19:22:22,000000+00:00","variant_name":"RFC 9562","version":7,"version_name":"Unix time","time_rfc3339":"2022-02-22T19:22:22.000Z"},
{"uuid":"00000000-0000-0000-0000-000000000000","variant":"NCS","type":null,"time":null,"variant_name":"NCS","version_name":"nil"},
{"uuid":"ffffffff-ffff-ffff-ffff-ffffffffffff","variant":"other","type":null,"time":null,"variant_name":"Future","version_name":"max"},
{"uuid":"00000000-0000-1000-c000-000000000000","variant":"Microsoft","type":null,"time":null,"variant_name":"Microsoft"},
{"uuid":"xyz","variant":"invalid","type":"invalid","time":"invalid","error":"argument 7: ` + jsonEscape(parseErrorText(parseErr(t, "xyz"))) + `"}
]}
`
		if r.code != 1 || r.stderr != "" {
			t.Errorf("exit status %d, stderr %q; want 1 and none", r.code, r.stderr)
		}
		if r.stdout != want {
			t.Errorf("inspect -J =\n%s\nwant\n%s", r.stdout, want)
		}
	})

	t.Run("types", func(t *testing.T) {
		// One UUID of each version of the RFC 9562 variant, from the
		// generator where there is one; uuidparse's TYPE names.
		ins := []struct{ in, typ, time string }{
			{"00000000-0000-0000-8000-000000000000", "unknown", ""},
			{vectorV1, "time-based", "2022-02-22 19:22:22,000000+00:00"},
			{"000004d2-9414-21ec-8000-9f6bdeced846", "DCE", ""}, // uuidparse prints no time for v2
			{vectorV3, "name-based", ""},
			{vectorV4, "random", ""},
			{vectorV5, "sha1-based", ""},
			{vectorV6, "time-v6", "2022-02-22 19:22:22,000000+00:00"},
			{vectorV7, "time-v7", "2022-02-22 19:22:22,000000+00:00"},
			{vectorV8, "vendor", ""},
			{"00000000-0000-9000-8000-000000000000", "unknown", ""},
			{"00000000-0000-f000-8000-000000000000", "unknown", ""},
			// 100 ns ticks are cut to microseconds, as uuidparse does.
			{"c232ab07-9414-11ec-b3c8-9f6bdeced846", "time-based", "2022-02-22 19:22:22,000000+00:00"},
			{"c232ab0a-9414-11ec-b3c8-9f6bdeced846", "time-based", "2022-02-22 19:22:22,000001+00:00"},
		}
		args := []string{"inspect", "--json"}
		for _, in := range ins {
			args = append(args, in.in)
		}
		var doc struct {
			UUIDs []struct {
				UUID    string  `json:"uuid"`
				Variant string  `json:"variant"`
				Type    *string `json:"type"`
				Time    *string `json:"time"`
			} `json:"uuids"`
		}
		if err := json.Unmarshal([]byte(runOK(t, "", args...)), &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.UUIDs) != len(ins) {
			t.Fatalf("%d objects for %d inputs", len(doc.UUIDs), len(ins))
		}
		for i, in := range ins {
			got := doc.UUIDs[i]
			time := ""
			if got.Time != nil {
				time = *got.Time
			}
			if got.Variant != "DCE" || got.Type == nil || *got.Type != in.typ || time != in.time {
				t.Errorf("%s: variant %q, type %v, time %q; want DCE, %q, %q", in.in, got.Variant, got.Type, time, in.typ, in.time)
			}
		}
	})

	t.Run("empty", func(t *testing.T) {
		got := runOK(t, "\n  \n", "inspect", "-J")
		if want := "{\"uuids\":[\n]}\n"; got != want {
			t.Errorf("inspect -J of no input = %q; want %q", got, want)
		}
		var v map[string][]any
		if err := json.Unmarshal([]byte(got), &v); err != nil || v["uuids"] == nil || len(v["uuids"]) != 0 {
			t.Errorf("inspect -J of no input: %v, %v; want an empty uuids array", v, err)
		}
	})

	t.Run("stdin_stream", func(t *testing.T) {
		const n = 5000
		gen := runOK(t, "", "-7", "-C", "5000")
		out := runOK(t, gen, "inspect", "-J", "-n") // -n does not change JSON, as in uuidparse
		var doc struct {
			UUIDs []map[string]any `json:"uuids"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		ids := lines(t, gen)
		if len(doc.UUIDs) != n {
			t.Fatalf("%d objects; want %d", len(doc.UUIDs), n)
		}
		for i, obj := range doc.UUIDs {
			if obj["uuid"] != ids[i] || obj["type"] != "time-v7" {
				t.Fatalf("object %d = %v; want uuid %s, type time-v7", i, obj, ids[i])
			}
		}
	})
}

// jsonEscape returns s as the inside of a JSON string.
func jsonEscape(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}

// TestInspectColumns feeds inputs of every length and kind to the table
// and checks that each row's VARIANT column starts where its heading does.
func TestInspectColumns(t *testing.T) {
	variantAt := strings.Index(header, "VARIANT")
	var ins []string
	for n := 1; n <= 80; n++ {
		ins = append(ins, strings.Repeat("z", n))
	}
	ins = append(ins,
		strings.Repeat("x", 1<<16), // far longer than the column
		"日本語の入力はどうなる",              // wide characters
		"ééééééééééééééééééééééééééééééééééééééééé", // two bytes per character
		"a\tb", "a b", "`backquote`", "\x1b[31mred\x1b[0m", "\xff\xfe",
		vectorV4+"0", "{"+vectorV4+"}x", "urn:uuid:"+vectorV4+"0",
	)
	stdin := strings.Join(ins, "\n") + "\n"
	r := runCmd(t, stdin, "inspect", "-n")
	if r.code != 1 {
		t.Errorf("exit status %d; want 1", r.code)
	}
	rows := lines(t, r.stdout)
	if len(rows) != len(ins) {
		t.Fatalf("%d rows for %d inputs", len(rows), len(ins))
	}
	for i, row := range rows {
		if len(row) < variantAt+len("invalid") || row[variantAt:] != "invalid" || row[variantAt-2:variantAt] != "  " {
			t.Errorf("input %d (%.40q): row %q does not have invalid at column %d", i, ins[i], row, variantAt)
		}
		for _, c := range row {
			if c < ' ' || c > '~' {
				t.Errorf("input %d (%.40q): row %q holds %q", i, ins[i], row, c)
				break
			}
		}
	}
	// What a cut cell shows: the start of the input, then "...".
	if want := strings.Repeat("z", uuidWidth-3) + "...  invalid"; rows[uuidWidth] != want {
		t.Errorf("row of a %d-byte input = %q; want %q", uuidWidth+1, rows[uuidWidth], want)
	}
	if want := strings.Repeat("z", uuidWidth) + "  invalid"; rows[uuidWidth-1] != want {
		t.Errorf("row of a %d-byte input = %q; want %q", uuidWidth, rows[uuidWidth-1], want)
	}
	// The messages on stderr still quote each whole input (cut to 64 bytes by the library).
	if n := strings.Count(r.stderr, "\n"); n != len(ins) {
		t.Errorf("%d error lines for %d inputs", n, len(ins))
	}
}

func TestCell(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a b", "a b"},
		{strings.Repeat("a", 10), strings.Repeat("a", 10)},
		{strings.Repeat("a", 11), strings.Repeat("a", 7) + "..."},
		{"a\tb", `"a\tb"`},
		{"é", `"\u00e9"`},
		{"\xff", `"\xff"`},
		{"\x01\x02\x03\x04\x05", `"\x01\x...`},
	}
	for _, tt := range tests {
		if got := cell(tt.in, 10); got != tt.want {
			t.Errorf("cell(%q, 10) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestOutputErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-C", "5"},
		{"-7", "-C", "100000"},
		{"-h"},
		{"-V"},
		{"inspect", vectorV4},
		{"inspect", "-J", vectorV4},
		{"inspect", "--json-lines", vectorV4},
	} {
		t.Run(strings.Join(args, "_"), func(t *testing.T) {
			var stderr strings.Builder
			code := run(args, strings.NewReader(""), errWriter{}, &stderr)
			if code != exitInvalid || !strings.Contains(stderr.String(), "disk full") {
				t.Errorf("uuid %q to a failing stdout: exit %d, stderr %q; want 1 and the error", args, code, stderr.String())
			}
		})
	}
}

func TestInputErrors(t *testing.T) {
	t.Run("read_error", func(t *testing.T) {
		for _, mode := range []string{"-n", "-J", "--json-lines"} {
			var stdout, stderr strings.Builder
			in := io.MultiReader(strings.NewReader(vectorV4+"\n"), iotest.ErrReader(errors.New("broken pipe")))
			code := run([]string{"inspect", mode}, in, &stdout, &stderr)
			if code != exitInvalid || stderr.String() != "uuid inspect: reading input: broken pipe\n" {
				t.Errorf("inspect %s: exit %d, stderr %q; want 1 and the read error", mode, code, stderr.String())
			}
			// What was read is printed, and a -J document is closed.
			if !strings.Contains(stdout.String(), vectorV4) {
				t.Errorf("inspect %s: stdout %q lacks the line read before the error", mode, stdout.String())
			}
			if mode == "-J" && !json.Valid([]byte(stdout.String())) {
				t.Errorf("inspect -J: stdout %q is not valid JSON", stdout.String())
			}
		}
	})
	t.Run("line_too_long", func(t *testing.T) {
		r := runCmd(t, strings.Repeat("a", maxLine+1)+"\n", "inspect")
		if want := "uuid inspect: reading input: a line is longer than 1048576 bytes\n"; r.code != exitInvalid || r.stderr != want {
			t.Errorf("exit %d, stderr %q; want 1 and %q", r.code, r.stderr, want)
		}
	})
}

// parseErr returns the library's error for s.
func parseErr(t *testing.T, s string) error {
	t.Helper()
	_, err := uuid.Parse(s)
	if err == nil {
		t.Fatalf("%q parses", s)
	}
	return err
}
