package main

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// TestMain prints times in UTC, as uuidparse does with TZ=UTC.
func TestMain(m *testing.M) {
	time.Local = time.UTC
	os.Exit(m.Run())
}

// issueInput is the input of issue 17, one line, and issueTable what
// util-linux 2.41's uuidparse prints for it with TZ=UTC.
const issueInput = "00000000-0000-0000-0000-000000000000 ffffffff-ffff-ffff-ffff-ffffffffffff " +
	"f81d4fae-7dec-11d0-a765-00a0c91e6bf6 000003e8-92e8-21ed-8100-3fdb0085247e " +
	"6fa459ea-ee8a-3ca4-894e-db77e160355e 919108f7-52d1-4320-9bac-f847db4148a8 " +
	"886313e1-3b8a-5372-9b90-0c9aee199e5d 1ec9414c-232a-6b00-b3c8-9f6bdeced846 " +
	"017f22e2-79b0-7cc3-98c4-dc0c0c07398f 320c3d4d-cc00-875b-8ec9-32d5f69181c0 " +
	"f81d4fae-7dec-11d0-2765-00a0c91e6bf6 f81d4fae-7dec-11d0-c765-00a0c91e6bf6 " +
	"f81d4fae-7dec-11d0-e765-00a0c91e6bf6 nonsense\n"

const issueTable = `UUID                                  VARIANT   TYPE       TIME
00000000-0000-0000-0000-000000000000  NCS
ffffffff-ffff-ffff-ffff-ffffffffffff  other
f81d4fae-7dec-11d0-a765-00a0c91e6bf6  DCE       time-based 1997-02-03 17:43:12,216875+00:00
000003e8-92e8-21ed-8100-3fdb0085247e  DCE       DCE
6fa459ea-ee8a-3ca4-894e-db77e160355e  DCE       name-based
919108f7-52d1-4320-9bac-f847db4148a8  DCE       random
886313e1-3b8a-5372-9b90-0c9aee199e5d  DCE       sha1-based
1ec9414c-232a-6b00-b3c8-9f6bdeced846  DCE       time-v6    2022-02-22 19:22:22,000000+00:00
017f22e2-79b0-7cc3-98c4-dc0c0c07398f  DCE       time-v7    2022-02-22 19:22:22,000000+00:00
320c3d4d-cc00-875b-8ec9-32d5f69181c0  DCE       vendor
f81d4fae-7dec-11d0-2765-00a0c91e6bf6  NCS
f81d4fae-7dec-11d0-c765-00a0c91e6bf6  Microsoft
f81d4fae-7dec-11d0-e765-00a0c91e6bf6  other
nonsense                              invalid   invalid    invalid
`

// trimLines drops the blanks at the ends of lines, which uuidparse pads
// differently.
func trimLines(s string) string {
	ls := strings.Split(s, "\n")
	for i := range ls {
		ls[i] = strings.TrimRight(ls[i], " ")
	}
	return strings.Join(ls, "\n")
}

func TestInspectIssueTable(t *testing.T) {
	r := runCmd(t, issueInput, "inspect")
	if got := trimLines(r.stdout); got != issueTable {
		t.Errorf("uuid inspect printed\n%s\nwant\n%s", got, issueTable)
	}
	_, perr := uuid.Parse("nonsense") // the library's message, one line
	if r.code != exitInvalid || r.stderr != perr.Error()+"\n" {
		t.Errorf("exit %d, stderr %q; want 1 and %q", r.code, r.stderr, perr.Error()+"\n")
	}
	// The same words as arguments, and spread over lines, tabs and CRLF.
	words := strings.Fields(issueInput)
	if r := runCmd(t, "", append([]string{"inspect"}, words...)...); trimLines(r.stdout) != issueTable {
		t.Errorf("uuid inspect ARGS printed\n%s", r.stdout)
	}
	messy := "\r\n\t" + strings.Join(words[:5], "\t\t") + "\r\n\n" + strings.Join(words[5:], "  \v\f")
	if r := runCmd(t, messy, "inspect"); trimLines(r.stdout) != issueTable {
		t.Errorf("uuid inspect of the words over lines printed\n%s", r.stdout)
	}
}

func TestInspectFormats(t *testing.T) {
	const v1, v2, v7 = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "000003e8-92e8-21ed-8100-3fdb0085247e",
		"017f22e2-79b0-7cc3-98c4-dc0c0c07398f"
	tests := []struct {
		name  string
		args  []string
		input string
		want  string
	}{
		{"raw", []string{"-r"}, v1 + " " + v2 + " x\\y", `UUID VARIANT TYPE TIME
f81d4fae-7dec-11d0-a765-00a0c91e6bf6 DCE time-based 1997-02-03\x2017:43:12,216875+00:00
000003e8-92e8-21ed-8100-3fdb0085247e DCE DCE 
x\x5cy invalid invalid invalid
`},
		{"raw_noheadings_output", []string{"--raw", "-n", "-o", "type,uuid"}, v7, "time-v7 " + v7 + "\n"},
		{"noheadings", []string{"--noh"}, v7, v7 + "  DCE       time-v7    2022-02-22 19:22:22,000000+00:00\n"},
		{"output_replaces", []string{"-o", "TIME,Type"}, v7 + " " + v2, `TIME                             TYPE
2022-02-22 19:22:22,000000+00:00 time-v7
                                 DCE
`},
		{"output_adds", []string{"--output=+clockseq,node,domain,localid,version"}, v2 + " " + v7,
			`UUID                                  VARIANT   TYPE       TIME                             CLOCKSEQ NODE              DOMAIN LOCALID VERSION
000003e8-92e8-21ed-8100-3fdb0085247e  DCE       DCE                                         1        3f:db:00:85:24:7e Person 1000    2
017f22e2-79b0-7cc3-98c4-dc0c0c07398f  DCE       time-v7    2022-02-22 19:22:22,000000+00:00                                           7
`},
		{"other_forms", []string{"-o", "uuid"}, "{" + v7 + "} urn:uuid:" + v7 + " 017F22E279B07CC398C4DC0C0C07398F " + strings.ToUpper(v7),
			"UUID\n" + strings.Repeat(v7+"\n", 3) + strings.ToUpper(v7) + "\n"},
		{"json", []string{"-J", "-o", "uuid,time,node"}, v1 + " " + v7 + " \"q\\", `{
   "uuids": [
      {
         "uuid": "f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
         "time": "1997-02-03 17:43:12,216875+00:00",
         "node": "00:a0:c9:1e:6b:f6"
      },{
         "uuid": "017f22e2-79b0-7cc3-98c4-dc0c0c07398f",
         "time": "2022-02-22 19:22:22,000000+00:00",
         "node": null
      },{
         "uuid": "\"q\\",
         "time": "invalid",
         "node": "invalid"
      }
   ]
}
`},
		{"json_empty", []string{"--json", "-J"}, " \n ", "{\n   \"uuids\": [\n\n   ]\n}\n"},
		{"table_empty", nil, "", ""},
		{"raw_empty", []string{"-r"}, "\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(t, tt.input, append([]string{"inspect"}, tt.args...)...)
			if got := trimLines(r.stdout); got != trimLines(tt.want) {
				t.Errorf("uuid inspect %q printed\n%s\nwant\n%s", tt.args, got, tt.want)
			}
			if strings.Contains(strings.Join(tt.args, " "), "J") {
				var doc struct{ UUIDs []map[string]any }
				if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
					t.Errorf("-J printed invalid JSON: %v", err)
				}
			}
		})
	}
}

// TestInspectHostile feeds words that are long, or hold control and
// bidirectional-override characters: each is one invalid row, echoed short
// and escaped in every format, and the words after it are still read.
func TestInspectHostile(t *testing.T) {
	const v4 = "919108f7-52d1-4320-9bac-f847db4148a8"
	huge := strings.Repeat("a", 2<<20)
	input := "a\x1b[2Jb\u202eevil\xff " + huge + "\n" + v4 + "\n"
	for _, mode := range []string{"", "-r", "-J"} {
		t.Run("mode"+mode, func(t *testing.T) {
			args := []string{"inspect", "-o", "uuid,type"}
			if mode != "" {
				args = append(args, mode)
			}
			r := runCmd(t, input, args...)
			if r.code != exitInvalid || strings.Count(r.stderr, "\n") != 2 || len(r.stderr) > 400 {
				t.Errorf("exit %d, stderr %q; want 1 and two short lines", r.code, r.stderr)
			}
			if len(r.stdout) > 600 || strings.ContainsAny(r.stdout, "\x1b\u202e") || strings.IndexByte(r.stdout, 0xff) >= 0 {
				t.Fatalf("printed %d bytes, %q; want short and escaped", len(r.stdout), r.stdout)
			}
			for _, want := range []string{`a\x1b[2Jb\xe2\x80\xaeevil\xff`, strings.Repeat("a", 33) + "...", v4, "random"} {
				if mode == "-J" {
					want = strings.ReplaceAll(want, `\`, `\\`) // JSON escapes the backslashes
				}
				if !strings.Contains(r.stdout, want) {
					t.Errorf("output %q lacks %q", r.stdout, want)
				}
			}
		})
	}
}

func TestClip(t *testing.T) {
	tests := []struct{ in, table, raw string }{
		{"", "", ""},
		{"a b\\c", "a b\\c", `a\x20b\x5cc`},
		{"\x00\x7f\u202e", `\x00\x7f\xe2\x80\xae`, `\x00\x7f\xe2\x80\xae`},
		{strings.Repeat("x", 36), strings.Repeat("x", 36), strings.Repeat("x", 36)},
		{strings.Repeat("x", 37), strings.Repeat("x", 33) + "...", strings.Repeat("x", 33) + "..."},
		{strings.Repeat("x", 31) + "\x01\x01", strings.Repeat("x", 31) + "...", strings.Repeat("x", 31) + "..."},
		{strings.Repeat("\x01", 9), strings.Repeat(`\x01`, 9), strings.Repeat(`\x01`, 9)},
		{strings.Repeat("\x01", 10), strings.Repeat(`\x01`, 8) + "...", strings.Repeat(`\x01`, 8) + "..."},
	}
	for _, tt := range tests {
		if got := clip(tt.in, false); got != tt.table {
			t.Errorf("clip(%q, false) = %q; want %q", tt.in, got, tt.table)
		}
		if got := clip(tt.in, true); got != tt.raw {
			t.Errorf("clip(%q, true) = %q; want %q", tt.in, got, tt.raw)
		}
	}
}

type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk gone") }

// TestIOErrors: a failed write or read is exit status 1 with a message.
func TestIOErrors(t *testing.T) {
	for _, args := range [][]string{{"-C", "100000"}, {"-h"}, {"-V"}, {"inspect", "nonsense"}} {
		var stderr strings.Builder
		if code := run(args, strings.NewReader(""), errWriter{}, &stderr); code != exitInvalid || !strings.Contains(stderr.String(), "disk full") {
			t.Errorf("uuid %q to a failing writer: exit %d, stderr %q; want 1 and the error", args, code, stderr.String())
		}
	}
	var stdout, stderr strings.Builder
	if code := run([]string{"inspect"}, errReader{}, &stdout, &stderr); code != exitInvalid || !strings.Contains(stderr.String(), "disk gone") {
		t.Errorf("uuid inspect from a failing reader: exit %d, stderr %q; want 1 and the error", code, stderr.String())
	}
}
