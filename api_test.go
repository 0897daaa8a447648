package uuid_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
)

// TestAPI checks that the exported API of every public package of every
// module of the repository (the root, its sub-packages, the compat
// packages and the adapter modules such as pgxuuid) is exactly what its
// listing under api/ says, one identifier a line in the shape of Go's own
// api/*.txt, so that every addition or removal shows in the diff of the
// commit that makes it. A new package needs a listing, named as
// apitest.ListingName says. After a deliberate change, rewrite the
// listings with
//
//	UUID_API_UPDATE=1 go test -run '^TestAPI$' .
func TestAPI(t *testing.T) {
	apitest.CheckTree(t, ".")
}

// isWrapConversion reports whether a var of type t is declared as type
// error and initialised by converting a constant to a type of the package,
// like ErrNoFileLocks, which wraps errors.ErrUnsupported as fmt.Errorf
// would, without linking fmt into every program, or by a kind of
// internal/parseerr, like ErrDigit.
func isWrapConversion(t, e ast.Expr) bool {
	id, ok := t.(*ast.Ident)
	if !ok || id.Name != "error" {
		return false
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		// A kind shared with other packages, made by errors.New in
		// internal/parseerr (its test checks that).
		pkg, ok := sel.X.(*ast.Ident)
		return ok && pkg.Name == "parseerr"
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
		"ErrDigit":     {uuid.ErrDigit, func() error { _, err := uuid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bfz"); return err }},
		"ErrScanNull":  {uuid.ErrScanNull, func() error { return u.Scan(nil) }},
		"ErrScanType":  {uuid.ErrScanType, func() error { return u.Scan(1.5) }},
		"ErrVersion":   {uuid.ErrVersion, func() error { _, err := uuid.Nil().ToV6(); return err }},
		"ErrRandom":    {uuid.ErrRandom, func() error { _, err := g.NewV4(); return err }},
		"ErrExhausted": {uuid.ErrExhausted, nil},
		"ErrClosed":    {uuid.ErrClosed, nil},
		"ErrEncoding":  {uuid.ErrEncoding, func() error { return u.UnmarshalCBOR([]byte{0xf6}) }},
		"ErrBSONRepresentation": {uuid.ErrBSONRepresentation, func() error {
			return u.UnmarshalBSONValue(0x05, []byte{16, 0, 0, 0, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
		}},
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

// TestReleasingNames checks that the reason table of docs/releasing.md
// names, in backquotes, every name api/uuid.txt lists: identifiers as
// themselves, methods, fields and interface methods as Type.Name, so that
// no exported name is kept for version 1 without a stated reason.
func TestReleasingNames(t *testing.T) {
	doc, err := os.ReadFile("docs/releasing.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(doc), "## Why each name of the root package is there")
	section, _, _ = strings.Cut(section, "\n## ")
	listing, err := os.ReadFile("api/uuid.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(listing)), "\n") {
		f := strings.Fields(strings.TrimPrefix(l, "pkg github.com/afb7af96/uuid, "))
		var name string
		switch {
		case f[0] == "method": // method (T) M(...) or method (*T) M(...)
			typ := strings.Trim(f[1], "(*)")
			name = typ + "." + strings.SplitN(f[2], "(", 2)[0]
		case f[0] == "type" && len(f) > 3 && (f[2] == "struct," || f[2] == "interface,"):
			name = f[1] + "." + strings.SplitN(f[3], "(", 2)[0]
		default: // func, const, var, type
			name = strings.SplitN(f[1], "(", 2)[0]
		}
		if !strings.Contains(section, "`"+name+"`") {
			t.Errorf("docs/releasing.md gives no reason for %s (%s)", name, l)
		}
	}
}
