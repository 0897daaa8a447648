//go:build go1.26 && !js && !wasip1

// The clone tests re-execute the test binary and talk to it through pipes,
// which js/wasm and wasip1 do not have.

package uuid

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/cryptotest"
	"time"
)

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

// cloneSystem is the system clock of the Gregorian generators of the
// clone test, whose wall clock the child moves against its monotonic
// clock, as a restored snapshot's is once it is corrected.
var cloneSystem = newFakeSystem(rfcTime)

// The Generators of the Gregorian clone makers: with a random node, and
// with a fixed node for version 6.
var (
	cloneRandomNode = NewGenerator(GeneratorOptions{V6Node: true, Node: RandomNode()})
	cloneV6Node     = NewGenerator(GeneratorOptions{V6Node: true, Node: StaticNode([6]byte{0x02, 0, 0x5e, 0, 0, 1})})
)

// gregorianMakers are the generators that keep a clock sequence (and a
// random node) between calls, each reduced to those. Clones of one
// snapshot share them until they notice the restore.
var gregorianMakers = []struct {
	name string
	make func() []byte
}{
	{"NewV1", func() []byte { return seqAndNode(NewV1()) }},
	{"Generator.NewV1/RandomNode", func() []byte { return seqAndNode(must(cloneRandomNode.NewV1())) }},
	{"Generator.NewV6/Node", func() []byte { return seqAndNode(must(cloneV6Node.NewV6())) }},
}

func seqAndNode(u UUID) []byte {
	node := nodeOf(u)
	return strconv.AppendUint(append(node[:], '/'), uint64(seqOf(u)), 16)
}

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

// cloneChild is the child of TestClones: it makes UUIDs with crypto/rand
// seeded 1, as every clone of one snapshot would have before the
// snapshot, then switches to its own seed, its argument, as the kernel
// reseeds each clone after a restore, and prints what each generator
// makes then, one line each.
var _ = registerChild("clone", func(t *testing.T, seed string) {
	n, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*Generator{&defaultGenerator, cloneRandomNode, cloneV6Node} {
		g.clock.sys = cloneSystem.sys()
	}
	cryptotest.SetGlobalRandom(t, 1)
	for _, m := range cloneMakers {
		m.make()
	}
	for _, m := range gregorianMakers {
		m.make()
	}
	cryptotest.SetGlobalRandom(t, n)
	w := bufio.NewWriter(os.Stdout)
	for _, m := range cloneMakers {
		w.WriteString(m.name + " " + strconv.Quote(string(m.make())) + "\n")
	}
	for _, m := range gregorianMakers {
		w.WriteString("before:" + m.name + " " + strconv.Quote(string(m.make())) + "\n")
	}
	cloneSystem.jump(time.Hour) // the restored clone's clock is corrected
	for _, m := range gregorianMakers {
		w.WriteString("after:" + m.name + " " + strconv.Quote(string(m.make())) + "\n")
	}
	w.Flush()
})

// TestClones runs two children that prime every generator under one seed
// of crypto/rand and then switch to seeds of their own: what they make
// after the switch must differ. A generator that read crypto/rand ahead
// and kept the bytes would hand both clones the same ones.
func TestClones(t *testing.T) {
	t.Parallel()
	cs, release := startChildren(t, time.Minute, childSpec{role: "clone", arg: "2"}, childSpec{role: "clone", arg: "3"})
	release()
	out := make([]map[string]string, 2)
	for i, c := range cs {
		if err := c.cmd.Wait(); err != nil {
			t.Fatalf("clone child %d: %v\n%s", i, err, &c.output)
		}
		out[i] = map[string]string{}
		for _, line := range strings.Split(c.output.String(), "\n") {
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
	// The Gregorian versions keep their clock sequence and random node
	// until the clone notices the restore: the same in both clones before
	// the wall clock jumps (as the package doc says), different after.
	for _, m := range gregorianMakers {
		before := [2]string{out[0]["before:"+m.name], out[1]["before:"+m.name]}
		after := [2]string{out[0]["after:"+m.name], out[1]["after:"+m.name]}
		switch {
		case before[0] == "" || before[1] == "" || after[0] == "" || after[1] == "":
			t.Errorf("%s: a child printed nothing for it", m.name)
		case before[0] != before[1]:
			t.Errorf("%s: clones differed before the jump (%s, %s); the docs say they keep the snapshot's clock sequence", m.name, before[0], before[1])
		case after[0] == after[1]:
			t.Errorf("%s: both clones kept the clock sequence and node %s after the wall clock jumped", m.name, after[0])
		}
	}
}
