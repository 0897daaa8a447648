package uuid_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
)

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
			apitest.Check(t, pkg.dir, pkg.path, pkg.file)
		})
	}
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

// isReexport reports whether a var of type t is declared as type error and
// initialised with the var of the same name of package statefile, which
// holds the state file's errors once for the module (its own test checks
// how they are made).
func isReexport(name string, t, e ast.Expr) bool {
	id, ok := t.(*ast.Ident)
	if !ok || id.Name != "error" {
		return false
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "statefile" && sel.Sel.Name == name
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
					if i >= len(vs.Values) || !(vs.Type == nil && apitest.IsErrorsNew(vs.Values[i]) || isWrapConversion(vs.Type, vs.Values[i]) || isReexport(n.Name, vs.Type, vs.Values[i])) {
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
