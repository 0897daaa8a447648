package apitest

import (
	"bufio"
	"bytes"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// privateModules are the directories of the repository's modules that no
// user imports: test harnesses and tools. Their packages have no listing.
var privateModules = []string{"bench", "compat/difftest", "integration", "interop"}

// A Package is a public package of the repository: one that a user may
// import, found by [Packages].
type Package struct {
	Dir     string // its directory, relative to the repository's root, with slashes
	Path    string // its import path
	Listing string // the name of its listing under api/: ListingName(Dir)
}

// ListingName returns the name of the listing under api/ of the package in
// dir, a directory relative to the repository's root: "uuid.txt" for the
// root, else dir with each slash turned into a hyphen, then ".txt"
// ("pgxuuid.txt", "compat-google-uuid.txt").
func ListingName(dir string) string {
	if dir == "." {
		return "uuid.txt"
	}
	return strings.ReplaceAll(dir, "/", "-") + ".txt"
}

// Packages returns every public package under root, the repository's root
// directory, in every module there: each directory with a non-test Go file
// of a package other than main, outside internal/ (but for
// [sharedInternal]) and testdata/ directories, directories whose names start with "." or "_", and
// [privateModules]. A command's promise is its flags and output, which
// its own documentation states, so commands have no listing.
func Packages(t *testing.T, root string) []Package {
	t.Helper()
	var pkgs []Package
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel := filepath.ToSlash(mustRel(t, root, p))
		name := d.Name()
		if rel != "." && (name == "internal" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || slices.Contains(privateModules, rel)) {
			return filepath.SkipDir
		}
		if isLibrary(t, p) {
			pkgs = append(pkgs, Package{Dir: rel, Path: importPath(t, root, rel), Listing: ListingName(rel)})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// CheckTree checks the listing of every package [Packages] finds under
// root against api/ there, each in a subtest named by its listing, and
// fails for a listing of no package, and for a public package of another
// module that imports the library's internal packages (see
// [CheckNoInternalImports]). In a copy of the root module alone
// (as the module cache holds it) the packages of the other modules are
// absent, and their listings are not checked.
func CheckTree(t *testing.T, root string) {
	t.Helper()
	pkgs := Packages(t, root)
	listed := map[string]bool{}
	for _, p := range pkgs {
		listed[p.Listing] = true
		t.Run(p.Listing, func(t *testing.T) {
			Check(t, filepath.Join(root, p.Dir), p.Path, filepath.Join(root, "api", p.Listing))
		})
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		return // not a checkout of the repository: other modules are missing
	}
	t.Run("no-shared-internal", func(t *testing.T) { CheckNoInternalImports(t, root, pkgs) })
	files, err := filepath.Glob(filepath.Join(root, "api", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s lists no public package of the repository (remove it, or see internal/apitest.Packages)", f)
		}
	}
}

// isLibrary reports whether dir holds a non-test Go file of a package
// other than main.
func isLibrary(t *testing.T, dir string) bool {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, name), nil, parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		return f.Name.Name != "main"
	}
	return false
}

// importPath returns the import path of the package in dir, relative to
// root: the module path of the nearest go.mod at or above it, joined with
// the rest of dir.
func importPath(t *testing.T, root, dir string) string {
	t.Helper()
	for m := dir; ; m = filepath.ToSlash(filepath.Dir(m)) {
		data, err := os.ReadFile(filepath.Join(root, m, "go.mod"))
		if err == nil {
			mod := modulePath(data)
			if mod == "" {
				t.Fatalf("%s/go.mod has no module line", m)
			}
			switch m {
			case dir:
				return mod
			case ".":
				return mod + "/" + dir
			}
			return mod + "/" + strings.TrimPrefix(dir, m+"/")
		}
		if m == "." {
			t.Fatalf("no go.mod at or above %s", dir)
		}
	}
}

// modulePath returns the path of a go.mod's module line, or "".
func modulePath(gomod []byte) string {
	s := bufio.NewScanner(bytes.NewReader(gomod))
	for s.Scan() {
		if f := strings.Fields(s.Text()); len(f) >= 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`)
		}
	}
	return ""
}

func mustRel(t *testing.T, base, p string) string {
	t.Helper()
	rel, err := filepath.Rel(base, p)
	if err != nil {
		t.Fatal(err)
	}
	return rel
}

// CheckNoInternalImports fails for a package of pkgs outside the root
// module whose non-test files import one of the root module's internal
// packages. Go lets a module under the library's path do so, but then the
// internal names it calls could never change: a published version of that
// module, paired with a later library by minimum version selection, would
// stop compiling. So internal/ stays free to change, and what another
// module needs is public or its own copy.
func CheckNoInternalImports(t *testing.T, root string, pkgs []Package) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	lib := modulePath(data)
	internal := lib + "/internal"
	for _, p := range pkgs {
		if modulePathOf(t, root, p.Dir) == lib {
			continue // a package of the library's own module
		}
		entries, err := os.ReadDir(filepath.Join(root, p.Dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, p.Dir, name), nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if path := strings.Trim(imp.Path.Value, `"`); path == internal || strings.HasPrefix(path, internal+"/") {
					t.Errorf("%s/%s, of another module than the library's, imports %s", p.Dir, name, path)
				}
			}
		}
	}
}

// modulePathOf returns the path of the module that holds dir, a directory
// relative to root.
func modulePathOf(t *testing.T, root, dir string) string {
	t.Helper()
	for m := dir; ; m = filepath.ToSlash(filepath.Dir(m)) {
		if data, err := os.ReadFile(filepath.Join(root, m, "go.mod")); err == nil {
			return modulePath(data)
		}
		if m == "." {
			t.Fatalf("no go.mod at or above %s", dir)
		}
	}
}
