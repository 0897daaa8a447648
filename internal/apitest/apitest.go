// Package apitest checks a package's exported API against its listing
// under api/, in the shape of Go's own api/*.txt files, so that every
// addition or removal shows in the diff of the commit that makes it. A
// the root package's TestAPI calls [CheckTree], which finds every public
// package of every module of the repository; after a deliberate change,
// rewrite the listings with
//
//	UUID_API_UPDATE=1 go test -run '^TestAPI$' .
package apitest

import (
	"bytes"
	"flag"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var updateAPI = flag.Bool("update-api", false, "rewrite api/*.txt from the exported API (as UUID_API_UPDATE=1 does)")

// updating reports whether the test is to rewrite the listings instead of
// checking them: UUID_API_UPDATE is set to a non-empty value, or the test
// runs with -update-api.
func updating() bool { return *updateAPI || os.Getenv("UUID_API_UPDATE") != "" }

// Check compares the exported API of the package in dir, whose import path
// is path, with the listing in file, and rewrites file instead when
// [updating].
func Check(t *testing.T, dir, path, file string) {
	t.Helper()
	got := listing(t, dir, path)
	if updating() {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got == string(want) {
		return
	}
	gotLines, wantLines := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for _, l := range gotLines {
		if !slices.Contains(wantLines, l) {
			t.Errorf("exported but not in %s: %s", file, l)
		}
	}
	for _, l := range wantLines {
		if !slices.Contains(gotLines, l) {
			t.Errorf("in %s but not exported: %s", file, l)
		}
	}
	t.Log("after a deliberate change: UUID_API_UPDATE=1 go test -run '^TestAPI$' .")
}

// listing returns the exported API of the package in dir (its non-test
// files for this platform's build, all of which declare the same API), one
// sorted line per identifier, method and field.
func listing(t *testing.T, dir, path string) string {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if name := e.Name(); strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	var lines []string
	add := func(format string, args ...string) {
		lines = append(lines, "pkg "+path+", "+strings.Join(append([]string{format}, args...), ""))
	}
	expr := func(e ast.Expr) string {
		var b bytes.Buffer
		printer.Fprint(&b, fset, stripNames(e))
		return b.String()
	}
	{
		for _, f := range files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() {
						continue
					}
					sig := strings.TrimPrefix(expr(d.Type), "func")
					if d.Recv == nil {
						add("func ", d.Name.Name, sig)
						continue
					}
					recv := expr(d.Recv.List[0].Type)
					if !ast.IsExported(strings.TrimPrefix(recv, "*")) {
						continue
					}
					add("method (", recv, ") ", d.Name.Name, sig)
				case *ast.GenDecl:
					apiGenDecl(d, add, expr)
				}
			}
		}
	}
	slices.Sort(lines)
	lines = slices.Compact(lines) // the same declaration under two build tags
	return strings.Join(lines, "\n") + "\n"
}

// apiGenDecl lists the exported names of a const, var or type declaration.
func apiGenDecl(d *ast.GenDecl, add func(string, ...string), expr func(ast.Expr) string) {
	var typ, val ast.Expr // a const group repeats the last type and value
	for i, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.ValueSpec:
			if d.Tok != token.CONST || s.Type != nil || s.Values != nil {
				typ, val = s.Type, nil
				if len(s.Values) == 1 {
					val = s.Values[0]
				}
			} // else it repeats the previous spec, with iota advanced
			for _, n := range s.Names {
				if n.IsExported() {
					apiValue(d.Tok, i, n.Name, typ, val, add, expr)
				}
			}
		case *ast.TypeSpec:
			if s.Name.IsExported() {
				apiType(s, add, expr)
			}
		}
	}
}

// apiValue lists one exported const or var, the i'th spec of its group.
func apiValue(tok token.Token, i int, name string, typ, val ast.Expr, add func(string, ...string), expr func(ast.Expr) string) {
	kind := "var "
	if tok == token.CONST {
		kind = "const "
	}
	switch {
	case typ != nil:
		add(kind, name, " ", expr(typ))
	case tok == token.VAR && IsErrorsNew(val):
		add(kind, name, " error")
	case tok == token.VAR && val != nil:
		add(kind, name, " = ", expr(val))
	}
	if tok == token.CONST && val != nil {
		add(kind, name, " = ", strings.ReplaceAll(expr(val), "iota", strconv.Itoa(i)))
	}
}

// apiType lists one exported type, with the exported fields of a struct
// and the methods of an interface.
func apiType(s *ast.TypeSpec, add func(string, ...string), expr func(ast.Expr) string) {
	name := s.Name.Name
	switch u := s.Type.(type) {
	case *ast.StructType:
		add("type ", name, " struct")
		for _, fl := range u.Fields.List {
			for _, n := range fl.Names {
				if n.IsExported() {
					add("type ", name, " struct, ", n.Name, " ", expr(fl.Type))
				}
			}
			if len(fl.Names) == 0 {
				add("type ", name, " struct, embedded ", expr(fl.Type))
			}
		}
	case *ast.InterfaceType:
		add("type ", name, " interface")
		for _, m := range u.Methods.List {
			for _, n := range m.Names {
				add("type ", name, " interface, ", n.Name, strings.TrimPrefix(expr(m.Type), "func"))
			}
			if len(m.Names) == 0 {
				add("type ", name, " interface, embedded ", expr(m.Type))
			}
		}
	default:
		eq := " "
		if s.Assign.IsValid() {
			eq = " = "
		}
		add("type ", name, eq, expr(s.Type))
	}
}

// stripNames returns e, a type, with the names of function parameters and
// results removed, as Go's api files print signatures.
func stripNames(e ast.Expr) ast.Expr {
	ft, ok := e.(*ast.FuncType)
	if !ok {
		return e
	}
	strip := func(fl *ast.FieldList) *ast.FieldList {
		if fl == nil {
			return nil
		}
		out := &ast.FieldList{}
		for _, f := range fl.List {
			n := max(len(f.Names), 1)
			for range n {
				out.List = append(out.List, &ast.Field{Type: stripNames(f.Type)})
			}
		}
		return out
	}
	return &ast.FuncType{TypeParams: ft.TypeParams, Params: strip(ft.Params), Results: strip(ft.Results)}
}

// IsErrorsNew reports whether e is a call of errors.New or fmt.Errorf,
// whose type is error.
func IsErrorsNew(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && (pkg.Name == "errors" && sel.Sel.Name == "New" || pkg.Name == "fmt" && sel.Sel.Name == "Errorf")
}
