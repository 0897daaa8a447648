//go:build !js && !wasip1

// The re-exec helper of the multi-process tests: js/wasm and wasip1 cannot
// start processes.

package uuid

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The multi-process tests share one re-exec harness: the test binary runs
// again as TestChildProcess with childEnv set to "<role> <argument>", and
// the role's function, registered with registerChild, does the child's
// work. Every child waits for its standard input to close, so that a test
// can start several and let them go at once, writes its results to file
// descriptor 3 if it was given one, and its messages to its standard
// output or error.

// childEnv names the variable that makes TestChildProcess act.
const childEnv = "UUID_TEST_CHILD"

// childRoles are the registered roles.
var childRoles = map[string]func(t *testing.T, arg string){}

// registerChild registers the role's function; test files call it in a
// package-level var declaration.
func registerChild(role string, f func(t *testing.T, arg string)) bool {
	childRoles[role] = f
	return true
}

// TestChildProcess is not a test but every child process of the
// multi-process tests.
func TestChildProcess(t *testing.T) {
	spec := os.Getenv(childEnv)
	if spec == "" {
		return
	}
	role, arg, _ := strings.Cut(spec, " ")
	f := childRoles[role]
	if f == nil {
		t.Fatalf("%s=%q: no such role", childEnv, spec)
	}
	if _, err := io.Copy(io.Discard, os.Stdin); err != nil {
		t.Fatal(err)
	}
	f(t, arg)
}

// A child is a process running TestChildProcess.
type child struct {
	cmd    *exec.Cmd
	output bytes.Buffer // its standard output and error
	out    string       // the file it writes its results to, if any
}

// A childSpec says what one child does: its role and argument, and where
// its results go: the file out (created), or w if it is not nil, or
// nowhere.
type childSpec struct {
	role, arg string
	out       string
	w         *os.File
}

// startChildren starts a child for each spec, within timeout, and returns
// them and a function that lets them all go at once. Children still
// running when the test ends are killed and reaped.
func startChildren(t *testing.T, timeout time.Duration, specs ...childSpec) ([]*child, func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	start, wait, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer start.Close()
	// The race detector would otherwise wait a second before exiting.
	gorace := strings.TrimSpace(os.Getenv("GORACE") + " atexit_sleep_ms=0")
	var cs []*child
	for _, s := range specs {
		c := &child{out: s.out}
		c.cmd = exec.CommandContext(ctx, os.Args[0], "-test.run=^TestChildProcess$", "-test.count=1")
		c.cmd.Env = append(os.Environ(), childEnv+"="+s.role+" "+s.arg, "GORACE="+gorace)
		c.cmd.Stdin, c.cmd.Stdout, c.cmd.Stderr = start, &c.output, &c.output
		f := s.w
		if s.out != "" {
			if f, err = os.Create(s.out); err != nil {
				t.Fatal(err)
			}
			defer f.Close()
		}
		if f != nil {
			c.cmd.ExtraFiles = []*os.File{f}
		}
		if err := c.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			cancel()
			c.cmd.Wait() // reaps the child, killed by cancel if still running
		})
		cs = append(cs, c)
	}
	return cs, func() { wait.Close() }
}
