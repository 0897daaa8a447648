package uuid_test

import (
	"bytes"
	"errors"
	"flag"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

var updateAPI = flag.Bool("update-api", false, "rewrite api/*.txt from the exported API")

// TestAPI checks that the exported API of the root package and of pgxuuid
// is exactly what api/uuid.txt and api/pgxuuid.txt list, one identifier a
// line in the shape of Go's own api/*.txt, so that every addition or
// removal shows in the diff of the commit that makes it. After a deliberate
// change, rewrite the listings with
//
//	go test -run '^TestAPI$' -update-api .
func TestAPI(t *testing.T) {
	for _, pkg := range []struct{ dir, path, file string }{
		{".", "github.com/afb7af96/uuid", "api/uuid.txt"},
		{"pgxuuid", "github.com/afb7af96/uuid/pgxuuid", "api/pgxuuid.txt"},
	} {
		t.Run(filepath.Base(pkg.file), func(t *testing.T) {
			if _, err := os.Stat(pkg.dir); err != nil {
				t.Skipf("%s is not here (a module download holds only the root): %v", pkg.dir, err)
			}
			got := apiListing(t, pkg.dir, pkg.path)
			if *updateAPI {
				if err := os.WriteFile(pkg.file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(pkg.file)
			if err != nil {
				t.Fatal(err)
			}
			if got == string(want) {
				return
			}
			gotLines, wantLines := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for _, l := range gotLines {
				if !slices.Contains(wantLines, l) {
					t.Errorf("exported but not in %s: %s", pkg.file, l)
				}
			}
			for _, l := range wantLines {
				if !slices.Contains(gotLines, l) {
					t.Errorf("in %s but not exported: %s", pkg.file, l)
				}
			}
			t.Log("after a deliberate change: go test -run '^TestAPI$' -update-api .")
		})
	}
}

// apiListing returns the exported API of the package in dir (its non-test
// files for this platform's build, all of which declare the same API), one
// sorted line per identifier, method and field.
func apiListing(t *testing.T, dir, path string) string {
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
			if d.Tok == token.CONST && s.Type == nil && s.Values == nil {
				// Repeats the previous spec, with iota advanced.
			} else {
				typ, val = s.Type, nil
				if len(s.Values) == 1 {
					val = s.Values[0]
				}
			}
			for _, n := range s.Names {
				if !n.IsExported() {
					continue
				}
				kind := "var "
				if d.Tok == token.CONST {
					kind = "const "
				}
				switch {
				case typ != nil:
					add(kind, n.Name, " ", expr(typ))
				case d.Tok == token.VAR && isErrorsNew(val):
					add(kind, n.Name, " error")
				case d.Tok == token.VAR && val != nil:
					add(kind, n.Name, " = ", expr(val))
				}
				if d.Tok == token.CONST && val != nil {
					v := expr(val)
					if strings.Contains(v, "iota") {
						v = strings.ReplaceAll(v, "iota", strconv.Itoa(i))
					}
					add(kind, n.Name, " = ", v)
				}
			}
		case *ast.TypeSpec:
			if !s.Name.IsExported() {
				continue
			}
			switch u := s.Type.(type) {
			case *ast.StructType:
				add("type ", s.Name.Name, " struct")
				for _, fl := range u.Fields.List {
					for _, n := range fl.Names {
						if n.IsExported() {
							add("type ", s.Name.Name, " struct, ", n.Name, " ", expr(fl.Type))
						}
					}
					if len(fl.Names) == 0 {
						add("type ", s.Name.Name, " struct, embedded ", expr(fl.Type))
					}
				}
			case *ast.InterfaceType:
				add("type ", s.Name.Name, " interface")
				for _, m := range u.Methods.List {
					for _, n := range m.Names {
						add("type ", s.Name.Name, " interface, ", n.Name, strings.TrimPrefix(expr(m.Type), "func"))
					}
					if len(m.Names) == 0 {
						add("type ", s.Name.Name, " interface, embedded ", expr(m.Type))
					}
				}
			default:
				eq := " "
				if s.Assign.IsValid() {
					eq = " = "
				}
				add("type ", s.Name.Name, eq, expr(s.Type))
			}
		}
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

// isErrorsNew reports whether e is a call of errors.New or fmt.Errorf,
// whose type is error.
func isErrorsNew(e ast.Expr) bool {
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

// isWrapConversion reports whether a var of type t is declared as type
// error and initialised by converting a constant to a type of the package,
// like ErrNoFileLocks, which wraps errors.ErrUnsupported as fmt.Errorf
// would, without linking fmt into every program.
func isWrapConversion(t, e ast.Expr) bool {
	id, ok := t.(*ast.Ident)
	if !ok || id.Name != "error" {
		return false
	}
	c, ok := e.(*ast.CallExpr)
	if !ok || len(c.Args) != 1 {
		return false
	}
	_, isIdent := c.Fun.(*ast.Ident)
	_, isLit := c.Args[0].(*ast.BasicLit)
	return isIdent && isLit
}

// failingReader is a random source that always fails.
type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

// TestExportedErrors walks the package's exported variables: each must be
// an error made by errors.New or fmt.Errorf (so none has an unexported
// type), its message must start "uuid: " and give no advice, and each
// failure that reports it must be matched by errors.Is and start "uuid: "
// too. A new exported error fails the test until it is added below.
func TestExportedErrors(t *testing.T) {
	g := uuid.NewGenerator(uuid.GeneratorOptions{Rand: failingReader{}})
	var u uuid.UUID
	sentinels := map[string]struct {
		err     error
		trigger func() error // nil: not reachable cheaply from here
	}{
		"ErrLength":    {uuid.ErrLength, func() error { _, err := uuid.Parse("abc"); return err }},
		"ErrPrefix":    {uuid.ErrPrefix, func() error { _, err := uuid.Parse("urn:uuix:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"); return err }},
		"ErrSuffix":    {uuid.ErrSuffix, func() error { _, err := uuid.Parse("{f81d4fae-7dec-11d0-a765-00a0c91e6bf6]"); return err }},
		"ErrHyphen":    {uuid.ErrHyphen, func() error { _, err := uuid.Parse("f81d4fae-7dec-11d0+a765-00a0c91e6bf6"); return err }},
		"ErrHexDigit":  {uuid.ErrHexDigit, func() error { _, err := uuid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bfz"); return err }},
		"ErrScanNull":  {uuid.ErrScanNull, func() error { return u.Scan(nil) }},
		"ErrScanType":  {uuid.ErrScanType, func() error { return u.Scan(1.5) }},
		"ErrVersion":   {uuid.ErrVersion, func() error { _, err := uuid.Nil().ToV6(); return err }},
		"ErrRandom":    {uuid.ErrRandom, func() error { _, err := g.NewV4(); return err }},
		"ErrExhausted": {uuid.ErrExhausted, nil},
		"ErrClosed":    {uuid.ErrClosed, nil},
		"ErrEncoding":  {uuid.ErrEncoding, func() error { return u.UnmarshalCBOR([]byte{0xf6}) }},
		// The state file's errors are tested with the state file.
		"ErrNoFileLocks":  {uuid.ErrNoFileLocks, nil},
		"ErrNotStateFile": {uuid.ErrNotStateFile, nil},
	}
	binaryLength := []func() error{
		func() error { _, err := uuid.FromBytes(make([]byte, 15)); return err },
		func() error { _, err := uuid.FromBytesLE(make([]byte, 17)); return err },
		func() error { return u.UnmarshalBinary(nil) },
		func() error { return u.Scan(make([]byte, 17)) },
	}

	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if !n.IsExported() {
						continue
					}
					seen[n.Name] = true
					if i >= len(vs.Values) || !(vs.Type == nil && isErrorsNew(vs.Values[i]) || isWrapConversion(vs.Type, vs.Values[i])) {
						t.Errorf("%s: exported var %s is not an error made by errors.New or fmt.Errorf", fset.Position(n.Pos()), n.Name)
					}
					if _, ok := sentinels[n.Name]; !ok {
						t.Errorf("%s: exported var %s is missing from this test's table", fset.Position(n.Pos()), n.Name)
					}
				}
			}
		}
	}
	for name, s := range sentinels {
		if !seen[name] {
			t.Errorf("%s is in this test's table but not an exported var", name)
		}
		msg := s.err.Error()
		if !strings.HasPrefix(msg, "uuid: ") || strings.Contains(msg, "use ") || strings.Contains(msg, "; ") {
			t.Errorf("%s.Error() = %q; want it to start \"uuid: \" and give no advice", name, msg)
		}
		if s.trigger == nil {
			continue
		}
		err := s.trigger()
		if !errors.Is(err, s.err) || !strings.HasPrefix(err.Error(), "uuid: ") {
			t.Errorf("failure for %s = %v; want an error matching it, starting \"uuid: \"", name, err)
		}
	}
	for i, f := range binaryLength {
		if err := f(); !errors.Is(err, uuid.ErrLength) {
			t.Errorf("wrong-length call %d = %v; want ErrLength", i, err)
		}
	}
}
