package faults

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestSites checks that every fault is listed in All and planted at
// exactly one site of the production code, outside tests.
func TestSites(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "faults.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	values := map[Name]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			names = append(names, v.Names[0].Name)
			lit := v.Values[0].(*ast.BasicLit).Value
			values[Name(strings.Trim(lit, `"`))] = true
		}
	}
	if len(names) != len(All) || len(values) != len(All) {
		t.Errorf("faults.go declares %d faults (%d names), All lists %d", len(names), len(values), len(All))
	}
	for _, n := range All {
		if !values[n] {
			t.Errorf("All lists %q, which faults.go does not declare", n)
		}
	}
	sites := map[string][]string{}
	site := regexp.MustCompile(`faults\.On\(faults\.([A-Za-z]+)\)`)
	err = filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "internal/faults") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range site.FindAllStringSubmatch(string(b), -1) {
			sites[m[1]] = append(sites[m[1]], path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if len(sites[n]) != 1 {
			t.Errorf("fault %s has %d sites, want 1: %v", n, len(sites[n]), sites[n])
		}
	}
	for n := range sites {
		if !slices.Contains(names, n) {
			t.Errorf("a site plants %s, which faults.go does not declare", n)
		}
	}
}
