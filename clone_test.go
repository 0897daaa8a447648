//go:build go1.26

package uuid

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"testing/cryptotest"
)

// cloneEnv names the variable that makes TestCloneHelperProcess act; its
// value is the seed crypto/rand switches to after priming.
const cloneEnv = "UUID_TEST_CLONE_SEED"

// cloneMakers are the generators the clone test checks, each reduced to
// the random bits of what it makes. The v7 timestamp and counter are left
// out: the clones run at different times.
var cloneMakers = []struct {
	name string
	make func() []byte
}{
	{"NewV4", func() []byte { u := NewV4(); return u[:] }},
	{"NewV7", func() []byte { return v7Random(NewV7()) }},
	{"FillV4", func() []byte {
		ids := make([]UUID, 4)
		FillV4(ids)
		return flatten(ids, nil)
	}},
	{"FillV7", func() []byte {
		ids := make([]UUID, 4)
		FillV7(ids)
		return flatten(ids, v7Random)
	}},
	{"Generator.NewV4", func() []byte { u := must(cloneGen.NewV4()); return u[:] }},
	{"Generator.NewV7", func() []byte { return v7Random(must(cloneGen.NewV7())) }},
	{"Generator.FillV4", func() []byte {
		ids := make([]UUID, 4)
		if err := cloneGen.FillV4(ids); err != nil {
			panic(err)
		}
		return flatten(ids, nil)
	}},
	{"Generator.FillV7", func() []byte {
		ids := make([]UUID, 4)
		if err := cloneGen.FillV7(ids); err != nil {
			panic(err)
		}
		return flatten(ids, v7Random)
	}},
}

// cloneGen is a zero Generator, as a program would declare one.
var cloneGen Generator

func v7Random(u UUID) []byte {
	_, _, randB := v7Fields(u)
	b := strconv.AppendUint(nil, randB&(1<<58-1), 16)
	return b
}

func flatten(ids []UUID, f func(UUID) []byte) []byte {
	var b []byte
	for _, u := range ids {
		if f != nil {
			b = append(b, f(u)...)
		} else {
			b = append(b, u[:]...)
		}
	}
	return b
}

// TestCloneHelperProcess is not a test but the child of TestClones: it
// makes UUIDs with crypto/rand seeded 1, as every clone of one snapshot
// would have before the snapshot, then switches to its own seed, as the
// kernel reseeds each clone after a restore, and prints what each
// generator makes then, one line each.
func TestCloneHelperProcess(t *testing.T) {
	seed := os.Getenv(cloneEnv)
	if seed == "" {
		return
	}
	n, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	cryptotest.SetGlobalRandom(t, 1)
	for _, m := range cloneMakers {
		m.make()
	}
	cryptotest.SetGlobalRandom(t, n)
	w := bufio.NewWriter(os.Stdout)
	for _, m := range cloneMakers {
		w.WriteString(m.name + " " + strconv.Quote(string(m.make())) + "\n")
	}
	w.Flush()
}

// TestClones runs two children that prime every generator under one seed
// of crypto/rand and then switch to seeds of their own: what they make
// after the switch must differ. A generator that read crypto/rand ahead
// and kept the bytes would hand both clones the same ones.
func TestClones(t *testing.T) {
	out := make([]map[string]string, 2)
	for i, seed := range []string{"2", "3"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCloneHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), cloneEnv+"="+seed, "GORACE=atexit_sleep_ms=0")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		b, err := cmd.Output()
		if err != nil {
			t.Fatalf("child with seed %s: %v\n%s%s", seed, err, b, stderr.Bytes())
		}
		out[i] = map[string]string{}
		for _, line := range strings.Split(string(b), "\n") {
			if name, val, ok := strings.Cut(line, " "); ok && strings.HasPrefix(val, `"`) {
				out[i][name] = val
			}
		}
	}
	for _, m := range cloneMakers {
		a, b := out[0][m.name], out[1][m.name]
		switch {
		case a == "" || b == "":
			t.Errorf("%s: a child printed nothing for it", m.name)
		case a == b:
			t.Errorf("%s: both clones made the same random bits %s", m.name, a)
		}
	}
}
