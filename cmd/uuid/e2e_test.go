package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestBinary runs a few command lines through the built command, for what
// the in-process tests cannot see: main, os.Exit and the real streams.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "uuid")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	exe := func(t *testing.T, stdin string, args ...string) result {
		t.Helper()
		// A command that hangs fails the test instead of hanging it.
		ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Stdin = strings.NewReader(stdin)
		cmd.Env = append(os.Environ(), "TZ=UTC") // inspect prints local time
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		code := 0
		if err := cmd.Run(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatalf("uuid %q: %v", args, err)
			}
			code = exit.ExitCode()
		}
		return result{stdout.String(), stderr.String(), code}
	}

	t.Run("uuidgen_hex_name", func(t *testing.T) {
		r := exe(t, "", "-s", "-n", "@dns", "-N", "6578616d706c652e636f6d", "-x")
		if r.code != 0 || r.stderr != "" || r.stdout != "cfbff0d1-9375-5685-968c-48ce8b15ae17\n" {
			t.Errorf("got exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("usage_error", func(t *testing.T) {
		r := exe(t, "", "-7", "--at", "1969-12-31T23:59:59Z")
		if r.code != 2 || r.stdout != "" || !strings.HasPrefix(r.stderr, "uuid: --at 1969-12-31T23:59:59Z is outside") {
			t.Errorf("got exit %d, stdout %q, stderr %q; want 2 and the range", r.code, r.stdout, r.stderr)
		}
	})
	t.Run("inspect_tz", func(t *testing.T) {
		r := exe(t, issueInput, "inspect")
		if r.code != 1 || trimLines(r.stdout) != issueTable {
			t.Errorf("got exit %d, stdout\n%s", r.code, r.stdout)
		}
	})
	t.Run("inspect_json", func(t *testing.T) {
		gen := exe(t, "", "-v7", "-C3")
		r := exe(t, gen.stdout+"nope\n", "inspect", "-J")
		var doc struct{ UUIDs []map[string]any }
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatalf("inspect -J printed %q: %v", r.stdout, err)
		}
		if r.code != 1 || len(doc.UUIDs) != 4 || doc.UUIDs[0]["type"] != "time-v7" || doc.UUIDs[3]["type"] != "invalid" {
			t.Errorf("got exit %d, document %v; want 1, three v7 and an invalid one", r.code, doc)
		}
	})
	// Standard output is whatever the caller gives: every write error is
	// reported with status 1, except a closed pipe, which ends the command
	// quietly by SIGPIPE as it ends other Unix tools.
	t.Run("stdout", func(t *testing.T) {
		if runtime.GOOS != "linux" {
			t.Skip("needs /dev/full and a POSIX shell")
		}
		sh, err := exec.LookPath("sh")
		if err != nil {
			t.Skip("no sh")
		}
		enospc := "uuid: write /dev/stdout: " + enospcText + "\n"
		ebadf := "uuid: write /dev/stdout: " + ebadfText + "\n"
		tests := []struct {
			script string
			code   int
			output string // standard error (and what the script prints)
		}{
			{`"$0" -C 3 <>/dev/null 1<>/dev/null`, 0, ""}, // read-write, as Python's subprocess.DEVNULL
			{`"$0" -C 100000 >/dev/null`, 0, ""},
			{`"$0" inspect -h 1<>/dev/null`, 0, ""},
			{`"$0" -C 3 >&-`, 0, ""}, // the Go runtime puts /dev/null in its place
			{`"$0" -C 3 >/dev/full`, 1, enospc},
			{`"$0" -t --at @0 -C 100000 >/dev/full`, 1, enospc},
			{`"$0" -h >/dev/full`, 1, enospc},
			{`"$0" inspect 017f22e2-79b0-7cc3-98c4-dc0c0c07398f >/dev/full`, 1, enospc},
			{`"$0" -C 3 1</dev/null`, 1, ebadf}, // read-only
			{`{ "$0" -C 1000000; echo "status $?" >&2; } | head -c 37 >/dev/null`, 0, "status 141\n"},
		}
		for _, tt := range tests {
			out, err := exec.Command(sh, "-c", tt.script, bin).CombinedOutput()
			code := 0
			if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.code || string(out) != tt.output {
				t.Errorf("sh -c %q: exit %d, output %q; want exit %d, output %q", tt.script, code, out, tt.code, tt.output)
			}
		}
	})
	t.Run("docs_cli_md", func(t *testing.T) { testDocs(t, bin) })
	t.Run("help", func(t *testing.T) {
		if r := exe(t, "", "--help"); r.code != 0 || r.stdout != usage() {
			t.Errorf("got exit %d, stdout %q", r.code, r.stdout)
		}
	})
}
