package uuid_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// contributingSection returns the lines of CONTRIBUTING.md's section
// "## title", up to the next section.
func contributingSection(t *testing.T, title string) []string {
	t.Helper()
	b, err := os.ReadFile("CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n## "+title+"\n")
	if !ok {
		t.Fatalf("CONTRIBUTING.md has no section %q", title)
	}
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	return strings.Split(rest, "\n")
}

// TestCIStepsDocumented keeps CONTRIBUTING.md's "What CI runs" equal to
// .ci/run: each item's title in bold is a step's title, in the script's
// order, and no step or item is left over.
func TestCIStepsDocumented(t *testing.T) {
	script, err := os.ReadFile(filepath.Join(".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, m := range regexp.MustCompile(`(?m)^[ \t]*step "([^"$]+)"[ \t]*$`).FindAllStringSubmatch(string(script), -1) {
		steps = append(steps, m[1])
	}
	if len(steps) < 10 {
		t.Fatalf(".ci/run: found %d steps (step \"title\" lines); want its every step", len(steps))
	}
	var items []string
	item := regexp.MustCompile(`^(\d+)\. \*\*(.+?)\*\*`)
	for _, line := range contributingSection(t, "What CI runs") {
		if m := item.FindStringSubmatch(line); m != nil {
			items = append(items, m[2])
			if want := len(items); m[1] != strconv.Itoa(want) {
				t.Errorf("CONTRIBUTING.md, What CI runs: item %q is numbered %s; want %d", m[2], m[1], want)
			}
		}
	}
	for i := range max(len(steps), len(items)) {
		var s, d string
		if i < len(steps) {
			s = steps[i]
		}
		if i < len(items) {
			d = items[i]
		}
		if s != d {
			t.Errorf("step %d: .ci/run has %q, CONTRIBUTING.md's What CI runs has %q", i+1, s, d)
		}
	}
}

// TestContributingTables checks what CONTRIBUTING.md lists against the
// repository: every API listing in its listings table, every module of
// .ci/run's modules list in its list of modules, and the "Long runs" table
// in one piece (a blank line ends a Markdown table).
func TestContributingTables(t *testing.T) {
	listings, err := filepath.Glob(filepath.Join("api", "*.txt"))
	if err != nil || len(listings) == 0 {
		t.Fatalf("api/*.txt: %v, %v", listings, err)
	}
	table := strings.Join(contributingSection(t, "The API listings"), "\n")
	for _, l := range listings {
		if !strings.Contains(table, "`api/"+filepath.Base(l)+"`") {
			t.Errorf("CONTRIBUTING.md's listings table does not name `api/%s`", filepath.Base(l))
		}
	}

	script, err := os.ReadFile(filepath.Join(".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^modules=\(([^)]*)\)`).FindSubmatch(script)
	if m == nil {
		t.Fatal(".ci/run has no modules=(...) line")
	}
	before := strings.Join(contributingSection(t, "Before each commit, and before a stop"), "\n")
	for _, mod := range strings.Fields(string(m[1])) {
		if mod != "." && !strings.Contains(before, "`"+mod+"/`") {
			t.Errorf("CONTRIBUTING.md's list of modules does not name `%s/`", mod)
		}
	}

	var rows, blocks int
	in := false
	for _, line := range contributingSection(t, "Long runs") {
		row := strings.HasPrefix(line, "|")
		if row {
			rows++
			if !in {
				blocks++
			}
		}
		in = row
	}
	if rows < 3 || blocks != 1 {
		t.Errorf("CONTRIBUTING.md, Long runs: %d table rows in %d blocks; want one table", rows, blocks)
	}
}
