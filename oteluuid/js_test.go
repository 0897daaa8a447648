package oteluuid_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid/oteluuid"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// jsModules returns a node_modules directory holding the npm packages of
// testdata/js/package-lock.json: UUID_OTEL_JS_MODULES if set, or one kept
// in the user's cache directory under the lock file's hash, installed
// there with npm ci on first use. It needs node and npm.
func jsModules(t *testing.T) string {
	t.Helper()
	if d := os.Getenv("UUID_OTEL_JS_MODULES"); d != "" {
		return d
	}
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed to run the JavaScript SDK's sampler: %v", tool, err)
		}
	}
	lock, err := os.ReadFile("testdata/js/package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := os.ReadFile("testdata/js/package.json")
	if err != nil {
		t.Fatal(err)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	sum := sha256.Sum256(append(pkg, lock...))
	dir := filepath.Join(cache, "afb7af96-uuid", "oteljs-"+hex.EncodeToString(sum[:6]))
	modules := filepath.Join(dir, "node_modules")
	if _, err := os.Stat(filepath.Join(modules, "@opentelemetry", "sampler-composite", "package.json")); err == nil {
		return modules
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		t.Fatal(err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "install-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	for name, b := range map[string][]byte{"package.json": pkg, "package-lock.json": lock} {
		if err := os.WriteFile(filepath.Join(tmp, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm ci in %s: %v\n%s", tmp, err, out)
	}
	if err := os.Rename(tmp, dir); err != nil && !os.IsExist(err) {
		if _, serr := os.Stat(modules); serr != nil { // not installed by a concurrent run either
			t.Fatal(err)
		}
	}
	return modules
}

// jsCase is one span to decide: a trace ID and the parent's tracestate.
type jsCase struct {
	id     trace.TraceID
	parent string
}

// TestSamplerJavaScript runs NewSampler and the OpenTelemetry JavaScript
// SDK's consistent probability sampler (@opentelemetry/sampler-composite,
// createCompositeSampler(createComposableProbabilitySampler(ratio))) on the
// same spans at every ratio of TestSamplerFraction and 0 and 1: 100 000
// root spans each of version 4 and version 7 trace IDs and of random ones,
// and 100 000 child spans whose parent's tracestate carries a random rv
// beside another vendor's entry. Both must decide the same and write the
// same tracestate for every span. UUID_OTEL_JS_N sets the count per kind.
func TestSamplerJavaScript(t *testing.T) {
	n := 100000
	if s := os.Getenv("UUID_OTEL_JS_N"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("UUID_OTEL_JS_N=%q: %v", s, err)
		}
	}
	modules := jsModules(t)
	var cases []jsCase
	for _, kind := range idKinds {
		for _, id := range makeIDs(t, kind, n, rand.Reader) {
			cases = append(cases, jsCase{id: id})
		}
	}
	for range n {
		var c jsCase
		rand.Read(c.id[:])
		var rv [7]byte
		rand.Read(rv[:])
		c.parent = "vendor=x,ot=rv:" + hex.EncodeToString(rv[:])
		cases = append(cases, c)
	}
	rs := append([]float64{0, 1}, ratios...)
	samplers := make([]sdktrace.Sampler, len(rs))
	args := []string{filepath.Join("testdata", "js", "decide.js")}
	for i, r := range rs {
		var err error
		if samplers[i], err = oteluuid.NewSampler(r); err != nil {
			t.Fatal(err)
		}
		args = append(args, strconv.FormatFloat(r, 'g', -1, 64))
	}

	var in bytes.Buffer
	for _, c := range cases {
		in.WriteString(c.id.String())
		if c.parent != "" {
			in.WriteString(" " + c.parent)
		}
		in.WriteByte('\n')
	}
	cmd := exec.Command("node", args...)
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}

	sc := bufio.NewScanner(bytes.NewReader(out))
	line, bad, sampled := 0, 0, 0
	for ; sc.Scan(); line++ {
		if line >= len(cases) {
			t.Fatalf("decide.js wrote more than %d lines", len(cases))
		}
		js := strings.Split(sc.Text(), " ")
		if len(js) != len(rs) {
			t.Fatalf("line %d: %d cells, want %d: %q", line+1, len(js), len(rs), sc.Text())
		}
		for i, s := range samplers {
			ours := decide(t, s, cases[line])
			if ours[0] == '+' {
				sampled++
			}
			if ours != js[i] {
				bad++
				if bad <= 5 {
					t.Errorf("trace ID %s, parent %q, ratio %g: ours %q, JavaScript %q", cases[line].id, cases[line].parent, rs[i], ours, js[i])
				}
			}
		}
	}
	if line != len(cases) || bad != 0 {
		t.Fatalf("%d of %d lines; %d decisions differ", line, len(cases), bad)
	}
	t.Logf("the JavaScript SDK's consistent probability sampler agrees on %d decisions (%d sampled) and their tracestates: %d spans at %d ratios",
		line*len(rs), sampled, line, len(rs))
}

// decide returns our decision for c in decide.js's form.
func decide(t *testing.T, s sdktrace.Sampler, c jsCase) string {
	ctx := context.Background()
	if c.parent != "" {
		ts, err := trace.ParseTraceState(c.parent)
		if err != nil {
			t.Fatal(err)
		}
		ctx = trace.ContextWithSpanContext(ctx, trace.NewSpanContext(trace.SpanContextConfig{
			TraceID: c.id, SpanID: trace.SpanID{7: 1}, TraceState: ts, Remote: true}))
	}
	r := s.ShouldSample(sdktrace.SamplingParameters{ParentContext: ctx, TraceID: c.id, Name: "op"})
	mark := "-"
	if r.Decision == sdktrace.RecordAndSample {
		mark = "+"
	}
	return mark + r.Tracestate.String()
}
