package apitest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strings"
	"testing"
)

// marker introduces a Go block of a document that must be the body of an
// example function: <!-- example: clickhouseuuid ExampleCompare -->.
var marker = regexp.MustCompile("<!-- example: (\\S+) (Example\\w*) -->\\n```go\\n((?s:.*?))```")

// CheckDocExamples checks that each Go block of the document doc that a
// marker gives to the package pkg is, line for line, the body of the named
// example function in exampleFile (one tab of indentation removed), so
// that the document shows only code that compiles and runs. It fails if
// doc has no block for pkg.
func CheckDocExamples(t *testing.T, doc, pkg, exampleFile string) {
	t.Helper()
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(exampleFile)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, exampleFile, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	bodies := map[string]string{}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil {
			body := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
			lines := strings.Split(strings.Trim(body, "\n"), "\n")
			for i, l := range lines {
				lines[i] = strings.TrimPrefix(l, "\t")
			}
			bodies[fn.Name.Name] = strings.Join(lines, "\n") + "\n"
		}
	}
	found := 0
	for _, m := range marker.FindAllStringSubmatch(string(text), -1) {
		if m[1] != pkg {
			continue
		}
		found++
		body, ok := bodies[m[2]]
		switch {
		case !ok:
			t.Errorf("%s shows %s.%s, which %s does not declare", doc, pkg, m[2], exampleFile)
		case body != m[3]:
			t.Errorf("%s shows for %s.%s:\n%s\nbut its body is:\n%s", doc, pkg, m[2], m[3], body)
		}
	}
	if found == 0 {
		t.Errorf("%s has no example of %s", doc, pkg)
	}
}

// CheckDocNames checks that the document doc names every exported function
// and type of the package in dir, whose import path is path, as pkg.Name
// (pkg the package's name), so that no entry point is missing from the
// page a user reads for it. Methods are left to the package's own
// documentation.
func CheckDocNames(t *testing.T, doc, pkg, dir, path string) {
	t.Helper()
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(listing(t, dir, path)), "\n") {
		rest := strings.TrimPrefix(l, "pkg "+path+", ")
		kind, decl, _ := strings.Cut(rest, " ")
		if kind != "func" && kind != "type" {
			continue
		}
		name := strings.FieldsFunc(decl, func(r rune) bool { return r == '(' || r == ' ' || r == '[' })[0]
		if !strings.Contains(string(text), pkg+"."+name) {
			t.Errorf("%s does not name %s.%s", doc, pkg, name)
		}
	}
}

// CheckDocImports checks that the document doc gives the full import path
// of every package outside the standard library that exampleFile imports,
// in backquotes or double quotes, so that a reader of the examples the
// document shows can tell where each name comes from.
func CheckDocImports(t *testing.T, doc, exampleFile string) {
	t.Helper()
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), exampleFile, nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range f.Imports {
		path := strings.Trim(imp.Path.Value, `"`)
		first, _, _ := strings.Cut(path, "/")
		if !strings.Contains(first, ".") {
			continue // the standard library
		}
		if !strings.Contains(string(text), "`"+path+"`") && !strings.Contains(string(text), `"`+path+`"`) {
			t.Errorf("%s does not give the import path %s, which %s imports", doc, path, exampleFile)
		}
	}
}
