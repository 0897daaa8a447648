// Command modproxy publishes the committed modules of this repository into a
// file-based module proxy, the layout "go help goproxy" describes, as a module
// proxy would serve them once the repository is published.
//
// Usage:
//
//	modproxy -out DIR [-repo DIR] [-sums FILE] [-check DIR,...] MODULE_DIR...
//
// Each MODULE_DIR (".", "pgxuuid") is a directory of a module others may
// depend on. modproxy publishes it at HEAD's version: HEAD's tag for that
// module if it has one, else the pseudo-version of HEAD (committer time in
// UTC and the first 12 hex digits of the hash, on top of the highest tag of
// that module reachable from HEAD, if any). Then it reads each published
// go.mod, and for every requirement of a module of this repository it checks
// that the required version names a real commit and publishes that version
// too, recursively:
//
//   - a pseudo-version must name a commit of this repository that is HEAD or
//     one of its ancestors, whose committer time is the pseudo-version's time,
//     and whose base tag, if any, is an ancestor of it;
//   - any other version must have a tag (prefixed by the module's directory
//     for a module in a subdirectory, as in "pgxuuid/v1.2.3").
//
// Anything else fails, naming the go.mod and the requirement: such a version
// would not exist for anyone who fetches the module.
//
// With -check, the go.mod files at HEAD of the modules in those directories
// (bench, interop, … : modules nobody depends on, so not published) are held
// to the same rule: each version of a module of this repository they
// require is checked and published as above.
//
// Zips come from golang.org/x/mod/zip: CreateFromVCS, or, where the
// repository is a linked git worktree (which CreateFromVCS does not
// recognize), CreateFromDir on a git archive export of the commit with the
// repository's LICENSE added as the go command adds it.
//
// On standard output modproxy prints "PATH VERSION" for each module published
// at HEAD. With -sums, it writes the go.sum lines of everything it published,
// so that a caller can check which of a consumer's modules came from this
// proxy.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/zip"
)

func main() {
	out := flag.String("out", "", "directory of the file-based module proxy to write")
	repo := flag.String("repo", ".", "a directory inside the git repository")
	sums := flag.String("sums", "", "file to write the go.sum lines of the published versions to")
	check := flag.String("check", "", "comma-separated directories of modules not published whose requirements must exist once published")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: modproxy -out DIR [-repo DIR] [-sums FILE] MODULE_DIR...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	var checkDirs []string
	if *check != "" {
		checkDirs = strings.Split(*check, ",")
	}
	if err := run(*repo, *out, *sums, flag.Args(), checkDirs); err != nil {
		fmt.Fprintln(os.Stderr, "modproxy:", err)
		os.Exit(1)
	}
}

// A repo is the git repository being published.
type repo struct {
	root    string            // top directory of the work tree
	head    string            // full hash of HEAD
	shallow bool              // a shallow clone: old commits may be missing
	dirs    map[string]string // module path -> its directory at HEAD ("." for the root)
}

// A release is one version of one module, at the commit it comes from.
type release struct {
	path, version, dir, commit string
	time                       time.Time
}

func run(repoDir, out, sumsFile string, moduleDirs, checkDirs []string) error {
	r, err := openRepo(repoDir)
	if err != nil {
		return err
	}
	out, err = filepath.Abs(out)
	if err != nil {
		return err
	}

	queue, heads, err := headReleases(r, moduleDirs)
	if err != nil {
		return err
	}
	deps, err := checkRequirements(r, checkDirs)
	if err != nil {
		return err
	}
	queue = append(queue, deps...)

	done := map[string]bool{}
	tags := map[string][]string{} // module path -> tag versions published
	var sums []string
	for len(queue) > 0 {
		rel := queue[0]
		queue = queue[1:]
		if done[rel.path+"@"+rel.version] {
			continue
		}
		done[rel.path+"@"+rel.version] = true

		gomod, reqs, err := r.goMod(rel)
		if err != nil {
			return err
		}
		lines, err := publish(r, out, rel, gomod)
		if err != nil {
			return err
		}
		sums = append(sums, lines...)
		if !module.IsPseudoVersion(rel.version) {
			tags[rel.path] = append(tags[rel.path], rel.version)
		}
		fmt.Fprintf(os.Stderr, "published %s@%s (commit %.12s)\n", rel.path, rel.version, rel.commit)

		for _, req := range reqs {
			dep, err := r.resolve(req.Path, req.Version)
			if err != nil {
				return fmt.Errorf("%s/go.mod at %.12s (%s@%s) requires %s %s: %w",
					rel.dir, rel.commit, rel.path, rel.version, req.Path, req.Version, err)
			}
			queue = append(queue, dep)
		}
	}

	// The list files: the tags only, as a proxy lists them; @latest is
	// what a proxy answers for a module without tags: HEAD's version.
	for _, h := range heads {
		p, v, _ := strings.Cut(h, " ")
		vs := tags[p]
		semver.Sort(vs)
		dir, err := moduleDir(out, p)
		if err != nil {
			return err
		}
		list := strings.Join(vs, "\n")
		if list != "" {
			list += "\n"
		}
		if err := os.WriteFile(filepath.Join(dir, "list"), []byte(list), 0o644); err != nil {
			return err
		}
		esc, err := module.EscapeVersion(v)
		if err != nil {
			return err
		}
		info, err := os.ReadFile(filepath.Join(dir, esc+".info"))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "@latest"), info, 0o644); err != nil {
			return err
		}
	}

	if sumsFile != "" {
		slices.Sort(sums)
		if err := os.WriteFile(sumsFile, []byte(strings.Join(sums, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	for _, h := range heads {
		fmt.Println(h)
	}
	return nil
}

// headReleases returns HEAD's release of the module in each of dirs, and
// its "PATH VERSION" line.
func headReleases(r *repo, dirs []string) (rels []release, heads []string, err error) {
	for _, dir := range dirs {
		dir = path.Clean(filepath.ToSlash(dir))
		p := r.pathOf(dir)
		if p == "" {
			return nil, nil, fmt.Errorf("%s: no go.mod at HEAD", dir)
		}
		rel, err := r.headRelease(p, dir)
		if err != nil {
			return nil, nil, err
		}
		rels = append(rels, rel)
		heads = append(heads, rel.path+" "+rel.version)
	}
	return rels, heads, nil
}

// checkRequirements returns the versions of this repository's modules that
// the go.mod files at HEAD in dirs require, or an error for a version that
// would not exist once published.
func checkRequirements(r *repo, dirs []string) ([]release, error) {
	var deps []release
	for _, dir := range dirs {
		dir = path.Clean(filepath.ToSlash(dir))
		p := r.pathOf(dir)
		if p == "" {
			return nil, fmt.Errorf("%s: no go.mod at HEAD", dir)
		}
		rel, err := r.headRelease(p, dir)
		if err != nil {
			return nil, err
		}
		_, reqs, err := r.goMod(rel)
		if err != nil {
			return nil, err
		}
		for _, req := range reqs {
			dep, err := r.resolve(req.Path, req.Version)
			if err != nil {
				return nil, fmt.Errorf("%s/go.mod at HEAD requires %s %s: %w", dir, req.Path, req.Version, err)
			}
			deps = append(deps, dep)
		}
	}
	return deps, nil
}

func openRepo(dir string) (*repo, error) {
	root, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s is not in a git work tree: %w", dir, err)
	}
	r := &repo{root: root, dirs: map[string]string{}}
	if r.head, err = git(root, "rev-parse", "--verify", "HEAD^{commit}"); err != nil {
		return nil, err
	}
	shallow, err := git(root, "rev-parse", "--is-shallow-repository")
	if err != nil {
		return nil, err
	}
	r.shallow = shallow == "true"

	files, err := git(root, "ls-tree", "-r", "--name-only", "-z", r.head)
	if err != nil {
		return nil, err
	}
	for _, f := range strings.Split(files, "\x00") {
		if path.Base(f) != "go.mod" {
			continue
		}
		data, err := git(root, "cat-file", "blob", r.head+":"+f)
		if err != nil {
			return nil, err
		}
		p := modfile.ModulePath([]byte(data))
		if p == "" {
			return nil, fmt.Errorf("%s at HEAD: no module line", f)
		}
		r.dirs[p] = path.Dir(f)
	}
	return r, nil
}

// pathOf returns the path of the module in dir at HEAD, or "".
func (r *repo) pathOf(dir string) string {
	for p, d := range r.dirs {
		if d == dir {
			return p
		}
	}
	return ""
}

// tagPrefix is what a tag of the module in dir starts with.
func tagPrefix(dir string) string {
	if dir == "." {
		return ""
	}
	return dir + "/"
}

// headRelease returns the module at HEAD, at the version a proxy would give
// HEAD: its tag, or its pseudo-version.
func (r *repo) headRelease(modPath, dir string) (release, error) {
	t, err := r.commitTime(r.head)
	if err != nil {
		return release{}, err
	}
	rel := release{path: modPath, dir: dir, commit: r.head, time: t}
	_, pathMajor, _ := module.SplitPathVersion(modPath)
	merged, err := git(r.root, "tag", "--merged", r.head, "--list", tagPrefix(dir)+"v*")
	if err != nil {
		return release{}, err
	}
	var base, exact string
	for _, tag := range strings.Fields(merged) {
		v := strings.TrimPrefix(tag, tagPrefix(dir))
		if !semver.IsValid(v) || semver.Canonical(v) != v || module.CheckPathMajor(v, pathMajor) != nil {
			continue
		}
		c, err := git(r.root, "rev-parse", "--verify", "refs/tags/"+tag+"^{commit}")
		if err != nil {
			return release{}, err
		}
		if c == r.head && semver.Compare(v, exact) > 0 {
			exact = v
		}
		if semver.Compare(v, base) > 0 {
			base = v
		}
	}
	if exact != "" {
		rel.version = exact
		return rel, nil
	}
	rel.version = module.PseudoVersion(module.PathMajorPrefix(pathMajor), base, t, r.head[:12])
	return rel, nil
}

// resolve checks that version of the repository's module modPath names a
// real commit, and returns it.
func (r *repo) resolve(modPath, version string) (release, error) {
	dir, ok := r.dirs[modPath]
	if !ok {
		return release{}, fmt.Errorf("no go.mod at HEAD declares module %s", modPath)
	}
	rel := release{path: modPath, version: version, dir: dir}
	prefix := tagPrefix(dir)

	if !module.IsPseudoVersion(version) {
		if !semver.IsValid(version) {
			return release{}, fmt.Errorf("%q is not a semantic version", version)
		}
		c, err := git(r.root, "rev-parse", "--verify", "--quiet", "refs/tags/"+prefix+version+"^{commit}")
		if err != nil {
			return release{}, fmt.Errorf("there is no tag %s in this repository", prefix+version)
		}
		rel.commit = c
		rel.time, err = r.commitTime(c)
		return rel, err
	}

	rev, err := module.PseudoVersionRev(version)
	if err != nil {
		return release{}, err
	}
	if strings.Trim(rev, "0") == "" {
		return release{}, errors.New("that is the zero pseudo-version, which exists only through a replace directive " +
			"(ignored by whoever depends on this module); require a tag or the pseudo-version of a commit on main")
	}
	c, err := git(r.root, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		msg := fmt.Sprintf("commit %s is not in this repository", rev)
		if r.shallow {
			msg += " (this is a shallow clone: fetch the full history with git fetch --unshallow)"
		}
		return release{}, errors.New(msg)
	}
	rel.commit = c
	if rel.time, err = r.commitTime(c); err != nil {
		return release{}, err
	}
	if want, _ := module.PseudoVersionTime(version); !want.Equal(rel.time) {
		return release{}, fmt.Errorf("commit %s was committed at %s UTC, not at the pseudo-version's %s",
			rev, rel.time.Format("2006-01-02 15:04:05"), want.Format("2006-01-02 15:04:05"))
	}
	if _, err := git(r.root, "merge-base", "--is-ancestor", c, r.head); err != nil {
		return release{}, fmt.Errorf("commit %s is not HEAD or an ancestor of it, so it may never be published", rev)
	}
	base, err := module.PseudoVersionBase(version)
	if err != nil {
		return release{}, err
	}
	_, pathMajor, _ := module.SplitPathVersion(modPath)
	if want := module.PseudoVersion(module.PathMajorPrefix(pathMajor), base, rel.time, rev); want != version {
		return release{}, fmt.Errorf("malformed pseudo-version: the commit's would be %s", want)
	}
	if base != "" {
		if _, err := git(r.root, "merge-base", "--is-ancestor", "refs/tags/"+prefix+base, c); err != nil {
			return release{}, fmt.Errorf("its base tag %s is not an ancestor of commit %s", prefix+base, rev)
		}
	}
	return rel, nil
}

// goMod returns the go.mod of rel and its requirements of this repository's
// modules, checking that it declares rel's module path.
func (r *repo) goMod(rel release) ([]byte, []module.Version, error) {
	name := path.Join(rel.dir, "go.mod")
	data, err := gitRaw(r.root, "cat-file", "blob", rel.commit+":"+name)
	if err != nil {
		return nil, nil, fmt.Errorf("%s@%s: no %s at commit %.12s", rel.path, rel.version, name, rel.commit)
	}
	f, err := modfile.Parse(name, data, nil)
	if err != nil {
		return nil, nil, err
	}
	if f.Module == nil || f.Module.Mod.Path != rel.path {
		return nil, nil, fmt.Errorf("%s at commit %.12s does not declare module %s", name, rel.commit, rel.path)
	}
	var reqs []module.Version
	for _, req := range f.Require {
		if _, ours := r.dirs[req.Mod.Path]; ours || strings.HasPrefix(req.Mod.Path, r.rootPath()+"/") {
			reqs = append(reqs, req.Mod)
		}
	}
	return data, reqs, nil
}

// rootPath returns the module path of the repository's root module.
func (r *repo) rootPath() string {
	if p := r.pathOf("."); p != "" {
		return p
	}
	return "\x00" // matches nothing
}

func (r *repo) commitTime(commit string) (time.Time, error) {
	s, err := git(r.root, "log", "-1", "--format=%ct", commit)
	if err != nil {
		return time.Time{}, err
	}
	sec, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("commit time of %s: %w", commit, err)
	}
	return time.Unix(sec, 0).UTC(), nil
}

// publish writes rel's .info, .mod and .zip and returns their go.sum lines.
func publish(r *repo, out string, rel release, gomod []byte) ([]string, error) {
	dir, err := moduleDir(out, rel.path)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	esc, err := module.EscapeVersion(rel.version)
	if err != nil {
		return nil, err
	}
	base := filepath.Join(dir, esc)

	info, err := json.Marshal(struct {
		Version string
		Time    time.Time
	}{rel.version, rel.time})
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(base+".info", info, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(base+".mod", gomod, 0o644); err != nil {
		return nil, err
	}
	if err := writeZip(r, base+".zip", rel); err != nil {
		return nil, err
	}

	zipSum, err := dirhash.HashZip(base+".zip", dirhash.Hash1)
	if err != nil {
		return nil, err
	}
	modSum, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(gomod)), nil
	})
	if err != nil {
		return nil, err
	}
	return []string{
		rel.path + " " + rel.version + " " + zipSum,
		rel.path + " " + rel.version + "/go.mod " + modSum,
	}, nil
}

func writeZip(r *repo, name string, rel release) (err error) {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	m := module.Version{Path: rel.path, Version: rel.version}
	subdir := ""
	if rel.dir != "." {
		subdir = rel.dir
	}
	err = zip.CreateFromVCS(f, m, r.root, rel.commit, subdir)
	var unrecognized *zip.UnrecognizedVCSError
	if !errors.As(err, &unrecognized) {
		return err
	}

	// A linked worktree: export the commit and zip the directory.
	tmp, err := os.MkdirTemp("", "modproxy-export-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	export := exec.Command("sh", "-c", `git archive --format=tar "$1" | tar -xf - -C "$2"`, "sh", rel.commit, tmp)
	export.Dir = r.root
	if msg, err := export.CombinedOutput(); err != nil {
		return fmt.Errorf("exporting %.12s: %v: %s", rel.commit, err, msg)
	}
	modDir := filepath.Join(tmp, filepath.FromSlash(rel.dir))
	if subdir != "" {
		// As the go command does for a module in a subdirectory without
		// a LICENSE of its own.
		if _, err := os.Lstat(filepath.Join(modDir, "LICENSE")); errors.Is(err, os.ErrNotExist) {
			if lic, err := os.ReadFile(filepath.Join(tmp, "LICENSE")); err == nil {
				if err := os.WriteFile(filepath.Join(modDir, "LICENSE"), lic, 0o644); err != nil {
					return err
				}
			}
		}
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if err := f.Truncate(0); err != nil {
		return err
	}
	return zip.CreateFromDir(f, m, modDir)
}

// moduleDir returns the proxy's directory $out/<escaped path>/@v.
func moduleDir(out, modPath string) (string, error) {
	esc, err := module.EscapePath(modPath)
	if err != nil {
		return "", err
	}
	return filepath.Join(out, filepath.FromSlash(esc), "@v"), nil
}

// git runs git in dir and returns its standard output without the trailing
// newline.
func git(dir string, args ...string) (string, error) {
	out, err := gitRaw(dir, args...)
	return strings.TrimSuffix(string(out), "\n"), err
}

// gitRaw runs git in dir and returns its standard output.
func gitRaw(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}
