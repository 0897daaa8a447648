package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

// A docExample is a command of a console block of docs/cli.md and the
// output shown under it.
type docExample struct {
	line     int // where the command starts
	cmd, out string
}

// docExamples reads the console blocks of a Markdown document, also those
// indented in a list: each command starts with "$ " and runs on while a
// single quote is open; the lines up to the next command are its output.
func docExamples(t *testing.T, path string) []docExample {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ex []docExample
	in, indent := false, ""
	for i, line := range strings.Split(string(b), "\n") {
		switch line = strings.TrimPrefix(line, indent); {
		case !in && strings.TrimLeft(line, " ") == "```console":
			in, indent = true, line[:len(line)-len("```console")]
		case !in:
		case line == "```":
			in, indent = false, ""
			in = false
		case len(ex) > 0 && strings.Count(ex[len(ex)-1].cmd, "'")%2 == 1:
			ex[len(ex)-1].cmd += "\n" + line
		case strings.HasPrefix(line, "$ "):
			ex = append(ex, docExample{line: i + 1, cmd: line[2:]})
		case len(ex) == 0:
			t.Fatalf("%s:%d: a console block starts with output", path, i+1)
		default:
			ex[len(ex)-1].out += line + "\n"
		}
	}
	return ex
}

// testDocs runs every example of docs/cli.md with the built command bin
// as "uuid" in a POSIX shell. An example whose output is the same in two
// runs must print what the document shows, byte for byte, standard error
// included, except the blanks that end a table's lines (Markdown keeps
// none); one with random bits must print lines of the same lengths, of
// the same versions and, with --at, of the same times.
func testDocs(t *testing.T, bin string) {
	if runtime.GOOS != "linux" {
		t.Skip("the examples need a POSIX shell and /dev/full")
	}
	dir := t.TempDir()
	if err := os.Symlink(bin, filepath.Join(dir, "uuid")); err != nil {
		t.Fatal(err)
	}
	sh := func(cmd string) string {
		c := exec.Command("sh", "-c", cmd)
		c.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, _ := c.CombinedOutput() // the exit status is not in the document
		return string(out)
	}
	examples := docExamples(t, "../../docs/cli.md")
	if len(examples) < 16 {
		t.Fatalf("docs/cli.md has %d examples; want its 16 or more", len(examples))
	}
	for _, ex := range examples {
		got := sh(ex.cmd)
		if again := sh(ex.cmd); got == again {
			if trimLines(got) != ex.out {
				t.Errorf("docs/cli.md:%d: $ %s\nprints\n%s\nthe document shows\n%s", ex.line, ex.cmd, got, ex.out)
			}
			continue
		}
		if !sameShape(got, ex.out, strings.Contains(ex.cmd, "--at")) {
			t.Errorf("docs/cli.md:%d: $ %s\nprints\n%s\nunlike the document's\n%s", ex.line, ex.cmd, got, ex.out)
		}
	}
}

// sameShape reports whether two outputs of a command with random bits have
// lines of the same lengths, the UUIDs among them of the same versions
// and, if at is set, of the same times.
func sameShape(a, b string, at bool) bool {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(al) != len(bl) {
		return false
	}
	for i := range al {
		u, err1 := uuid.Parse(al[i])
		v, err2 := uuid.Parse(bl[i])
		ut, _ := u.Time()
		vt, _ := v.Time()
		if len(al[i]) != len(bl[i]) || (err1 == nil) != (err2 == nil) || u.Version() != v.Version() || at && !ut.Equal(vt) {
			return false
		}
	}
	return true
}

// TestDocsListEveryFlag checks that docs/cli.md names every flag of the
// flag table, every output form and every column of inspect.
func TestDocsListEveryFlag(t *testing.T) {
	b, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	var want []string
	for _, d := range new(config).flags() {
		if d.short != 0 {
			want = append(want, "`-"+string(d.short))
		}
		if d.long != "" {
			want = append(want, "`--"+d.long)
		}
	}
	for _, f := range forms {
		want = append(want, "| `"+f.name)
	}
	for _, col := range columns {
		want = append(want, "| `"+col.name+"` |")
	}
	for _, w := range want {
		if !strings.Contains(doc, w) {
			t.Errorf("docs/cli.md does not name %s", w)
		}
	}
}
