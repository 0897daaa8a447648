package integration

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/jackc/pgx/v5"
)

// stdHelper is a program, built with Go 1.27, that answers each line of
// its standard input with a UUID of the standard library's uuid.NewV7.
const stdHelper = `package main

import (
	"bufio"
	"os"
	"uuid"
)

func main() {
	in, out := bufio.NewReader(os.Stdin), bufio.NewWriter(os.Stdout)
	for {
		if _, err := in.ReadString('\n'); err != nil {
			return
		}
		out.WriteString(uuid.NewV7().String() + "\n")
		if err := out.Flush(); err != nil {
			os.Exit(1)
		}
	}
}
`

// stdToolchain is the Go toolchain whose standard library has package uuid;
// the go command fetches it through the module proxy if it is not cached.
const stdToolchain = "go1.27.0"

// startStdV7 builds stdHelper with stdToolchain and starts it, returning a
// function that asks it for one UUID and waits for the answer.
func startStdV7(t *testing.T) func() (uuid.UUID, error) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":  "module stdv7\n\ngo 1.27\n",
		"main.go": stdHelper,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "stdv7")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOTOOLCHAIN="+stdToolchain, "GOFLAGS=", "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the helper that calls Go %s's uuid.NewV7: %v\n%s", stdToolchain, err, out)
	}
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	r := bufio.NewReader(stdout)
	return func() (uuid.UUID, error) {
		if _, err := io.WriteString(stdin, "\n"); err != nil {
			return uuid.UUID{}, err
		}
		line, err := r.ReadString('\n')
		if err != nil {
			return uuid.UUID{}, err
		}
		return uuid.Parse(strings.TrimSuffix(line, "\n"))
	}
}

// v7Call is one call of TestV7OrderAcrossProducers: who made the UUID, and
// the test's monotonic clock just before the call and just after it
// returned.
type v7Call struct {
	seq        int
	who        string
	id         uuid.UUID
	start, end time.Duration
}

func (c v7Call) String() string {
	ts, _ := c.id.Time()
	return fmt.Sprintf("#%d %s %v (%s)", c.seq, c.who, c.id, ts.Format("15:04:05.000000000"))
}

// fracStep is 1/4096 ms rounded up: the step of version 7's sub-millisecond
// fraction.
const fracStep = (time.Millisecond + 4095) / 4096

// TestV7OrderAcrossProducers calls PostgreSQL 18's uuidv7(), Go 1.27's
// standard uuid.NewV7 (in a helper process) and this package's NewV7 in
// turn, each call after the previous one returned and at least 1/4096 ms
// after it, for thousands of rounds, and stores every UUID in one table.
// All three put the time within the millisecond in rand_a, to 1/4096 ms
// (RFC 9562, Section 6.2, Method 3), from the one system clock, so one
// ORDER BY id gives back the order of the calls: any pair whose calls were
// at least 1/4096 ms apart and that sorts against the call order is a
// violation. The rounds alternate the order of the three, so that each
// producer follows each other directly.
func TestV7OrderAcrossProducers(t *testing.T) {
	ctx := testContext(t)
	conn := connect18(t)
	std := startStdV7(t)
	producers := map[string]func() (uuid.UUID, error){
		"postgres": func() (uuid.UUID, error) {
			var id uuid.UUID
			err := conn.QueryRow(ctx, `SELECT uuidv7()`).Scan(&id)
			return id, err
		},
		"std":  std,
		"ours": func() (uuid.UUID, error) { return uuid.NewV7(), nil },
	}
	orders := [][3]string{{"postgres", "std", "ours"}, {"ours", "std", "postgres"}}
	rounds := 3000
	if testing.Short() {
		rounds = 300
	}
	origin := time.Now()
	var calls []v7Call
	var prevEnd time.Duration
	for round := range rounds {
		for _, who := range orders[round%2] {
			for time.Since(origin)-prevEnd < fracStep { // at least 1/4096 ms after the last call returned
			}
			c := v7Call{seq: len(calls), who: who, start: time.Since(origin)}
			id, err := producers[who]()
			c.end = time.Since(origin)
			if err != nil {
				t.Fatalf("%s, call %d: %v", who, c.seq, err)
			}
			if id.Version() != 7 || id.Variant() != uuid.VariantRFC9562 {
				t.Fatalf("%s, call %d: %v is not an RFC 9562 version 7 UUID", who, c.seq, id)
			}
			c.id, prevEnd = id, c.end
			calls = append(calls, c)
		}
	}
	elapsed := time.Since(origin)

	// One table, one ORDER BY.
	if _, err := conn.Exec(ctx, `CREATE TEMPORARY TABLE v7order (id uuid PRIMARY KEY, seq int NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	ids, seqs := make([]string, len(calls)), make([]int32, len(calls))
	for i, c := range calls {
		ids[i], seqs[i] = c.id.String(), int32(c.seq)
	}
	if _, err := conn.Exec(ctx, `INSERT INTO v7order SELECT * FROM unnest($1::text[]::uuid[], $2::int[])`, ids, seqs); err != nil {
		t.Fatal(err)
	}
	rows, err := conn.Query(ctx, `SELECT seq FROM v7order ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	sorted, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		t.Fatal(err)
	}
	if len(sorted) != len(calls) {
		t.Fatalf("read back %d rows; want %d", len(sorted), len(calls))
	}

	// Every pair (a, b) with a called first and sorting after b. Such a
	// pair is a violation if b's call began at least 1/4096 ms after a's
	// returned, as every pair here should.
	rank := make([]int, len(calls)) // rank[seq]: place in ORDER BY id
	for place, seq := range sorted {
		rank[seq] = place
	}
	var inverted, violations, close int
	for i := range calls {
		for j := i + 1; j < len(calls); j++ {
			a, b := calls[i], calls[j]
			apart := b.start-a.end >= fracStep
			if !apart {
				close++
			}
			if rank[a.seq] > rank[b.seq] {
				inverted++
				if apart {
					violations++
					if violations <= 10 {
						t.Errorf("%v sorts before %v, called %v after it returned", b, a, b.start-a.end)
					}
				}
			}
		}
	}
	// Pairs of successive calls whose UUIDs carry the same 1/4096 ms: their
	// order is not in their times.
	sameTick := 0
	for i := 1; i < len(calls); i++ {
		if v7Tick(calls[i-1].id) == v7Tick(calls[i].id) {
			sameTick++
		}
	}
	gaps := make([]time.Duration, 0, len(calls))
	for i := 1; i < len(calls); i++ {
		gaps = append(gaps, calls[i].end-calls[i-1].end)
	}
	slices.SortFunc(gaps, cmp.Compare)
	t.Logf("%d rounds, %d calls in %v (median %v from one call's return to the next's); "+
		"%d of %d pairs sort against the call order, %d of them called at least 1/4096 ms apart (violations); "+
		"%d pairs were called less than 1/4096 ms apart; %d successive pairs carry the same 1/4096 ms",
		rounds, len(calls), elapsed.Round(time.Millisecond), gaps[len(gaps)/2], inverted,
		len(calls)*(len(calls)-1)/2, violations, close, sameTick)
}

// v7Tick returns the 60-bit time of a version 7 UUID: its millisecond and
// the 12-bit fraction in rand_a.
func v7Tick(u uuid.UUID) uint64 {
	return uint64(u[0])<<52 | uint64(u[1])<<44 | uint64(u[2])<<36 | uint64(u[3])<<28 |
		uint64(u[4])<<20 | uint64(u[5])<<12 | uint64(u[6]&0x0f)<<8 | uint64(u[7])
}
