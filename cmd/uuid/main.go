// Command uuid generates and inspects UUIDs (RFC 9562).
//
// Usage:
//
//	uuid [gen] [flags]               generate UUIDs (default: one random v4)
//	uuid inspect [flags] [UUID ...]  describe UUIDs, as util-linux uuidparse does
//	uuid facade [-d] [UUID ...]      version 7 UUIDs to UUIDv47 façades, or back
//	uuid place [flags] [UUID ...]    where UUID keys land in Kafka, Redis and Cassandra
//
// The generate flags are those of util-linux uuidgen, with the same
// meanings: -r (v4), -t (v1), -m (v3), -s (v5), -6 (v6), -7 (v7),
// -n namespace, -N name, -x (the name is hex) and -C count. So
//
//	uuid -s -n @dns -N www.example.com
//
// prints the RFC 9562 Appendix A.4 value 2ed6657d-e927-568b-95e1-2665a8aea6a2.
// The inspect flags are those of uuidparse: -o columns, -r raw, -J JSON,
// -n no headings; inspect reads white-space separated UUIDs from standard
// input when none is given. --format prints other text forms (ULID,
// base58 and other short encodings), which inspect reads only when --from
// names the form. facade shows version 7 UUIDs as version 4 façades under
// a secret key, as package [github.com/afb7af96/uuid/uuid47] does, and -d
// turns façades back; the key comes from the environment variable
// UUID47_KEY, --key-env NAME or --key-file PATH, never from an argument.
// place prints where each UUID lands as a key, as package
// [github.com/afb7af96/uuid/placement] computes it: with --kafka N, the
// partition among N that each family of Kafka clients picks; with --redis,
// the Redis Cluster slot; with --cassandra, the Cassandra token.
// Flags are read as getopt_long reads them. Run "uuid -h" for every flag.
//
// The UUIDs of one run are distinct, except name-based ones, which -C N
// prints N times. With --at TIME, -C N prints N consecutive timestamps:
// for v1 and v6, 100-ns ticks from TIME's with one clock sequence and node;
// for v7, TIME's millisecond with a counter that carries into the next
// millisecond. A count that does not fit before the last time the version
// holds is a usage error.
//
// Exit status is 0 on success, 1 when an input to inspect is not a UUID or
// reading or writing fails, and 2 on a usage error.
//
// Install with:
//
//	go install github.com/afb7af96/uuid/cmd/uuid@latest
//
// The command reads flags and prints; the UUIDs come from package
// [github.com/afb7af96/uuid]. docs/cli.md in the module describes every
// flag, output form and exit status.
package main

import (
	"bufio"
	"cmp"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/afb7af96/uuid"
)

// Exit statuses: success; an input to inspect was not a UUID, or reading or
// writing failed; a usage error.
const exitOK, exitInvalid, exitUsage = 0, 1, 2

// config is a parsed command line: each flag's value in a typed field,
// a pointer or a text left nil or "" when the flag is not given.
type config struct {
	cmd command

	// gen
	version    int    // 0 until a flag chooses one
	vflag      string // the flag that chose version, as written
	count      uint64
	ns         *uuid.UUID // -n
	name       *string    // -N, decoded once read if hex is set
	hex        bool       // -x
	form       *textForm
	upper      bool // the form in upper case (+upper, or --upper once checked)
	upperFlag  bool // --upper
	at         time.Time
	atText     string // --at as given
	domain     uuid.Domain
	domainText string  // --domain as given
	id         *uint32 // --id

	// inspect
	cols       []int     // indexes into columns
	raw, json  bool      // -r, -J
	noHeadings bool      // -n
	from       *textForm // the form of every word (--from), or nil for the root's

	// facade
	decode  bool   // -d
	keyEnv  string // --key-env
	keyFile string // --key-file

	// place
	kafka     int  // --kafka: the partition count, or 0
	redis     bool // --redis
	cassandra bool // --cassandra

	args []string // the arguments that are not flags
}

// A usageError is a mistake on the command line, reported with exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// commands are the words that may come first, and what they run.
var commands = map[string]command{"gen": gen, "generate": gen, "inspect": inspect, "parse": inspect, "help": help, "facade": facade, "place": place}

// parseArgs turns the arguments (without the program name) into a
// configuration. It is pure: it reads no clock, file or environment.
func parseArgs(args []string) (*config, error) {
	c := &config{cmd: gen, count: 1, form: &forms[0], cols: []int{0, 1, 2, 3}}
	if len(args) > 0 {
		if cmd, ok := commands[args[0]]; ok {
			c.cmd, args = cmd, args[1:]
		}
	}
	var defs []flagDef
	g := getopt{args: args}
	for _, d := range c.flags() {
		if d.in&c.cmd != 0 {
			defs, g.opts = append(defs, d), append(g.opts, d.option)
		}
	}
	for cmd := c.cmd; c.cmd == cmd && cmd != help; { // -h and -V end the flags
		i, flag, val, err := g.next()
		if i >= 0 {
			err = apply(defs[i], flag, val)
		}
		if err != nil {
			return nil, err
		}
		if i < 0 {
			c.args = g.operands
			return c, c.check()
		}
	}
	return c, nil
}

// apply records one flag, written as flag, with its value.
func apply(d flagDef, flag, val string) error {
	err := d.set(flag, val)
	var ue *usageError
	if err == nil || errors.As(err, &ue) {
		return err
	}
	return usagef("invalid value %s for flag %s: %v", clip(val, false), flag, err)
}

// check settles the defaults and reports flags that do not fit together.
func (c *config) check() error {
	if c.cmd == gen && c.version == 0 {
		c.version, c.vflag = 4, "the default"
		if c.form.timed { // ULIDs start with their time
			c.version, c.vflag = 7, "the default of --format "+c.form.name
		}
	}
	if i := c.broken(); i >= 0 {
		return c.ruleError(i)
	}
	if c.cmd != gen {
		return nil
	}
	c.upper = c.upper || c.upperFlag
	if c.hex {
		b, err := hex.DecodeString(*c.name)
		if err != nil {
			return usagef("-x: the name %s is not hex digits: %v", clip(*c.name, false), err)
		}
		*c.name = string(b)
	}
	if c.atText != "" {
		return c.checkAt()
	}
	return nil
}

// usage is the help text, with the flag lines made from the flag table.
func usage() string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprint(tw, "Usage:\n  uuid [gen] [flags]\tgenerate UUIDs (default: one random v4)\n",
		"  uuid inspect [flags] [UUID ...]\tdescribe UUIDs as uuidparse does (default: the\n",
		"\twhite-space separated words of standard input)\n",
		"  uuid facade [-d] [flags] [UUID ...]\tshow v7 UUIDs as their UUIDv47 façades (v4),\n",
		"\tor with -d façades as their v7 UUIDs, under a key\n",
		"\tfrom $"+keyEnvDefault+" or a file, never an argument\n",
		"  uuid place [flags] [UUID ...]\twhere UUID keys land: Kafka partitions, Redis\n",
		"\tCluster slots, Cassandra tokens\n")
	for _, cmd := range []struct {
		in   command
		name string
	}{{gen, "gen"}, {inspect, "inspect"}, {facade, "facade"}, {place, "place"}} {
		fmt.Fprintf(tw, "\nFlags of %s:\n", cmd.name)
		for _, d := range new(config).flags() {
			head := "    --" + d.long
			if d.short != 0 {
				head = strings.TrimSuffix("-"+string(d.short)+", --"+d.long, ", --")
			}
			if d.in&cmd.in != 0 {
				fmt.Fprintf(tw, "  %s\t%s\n", strings.TrimSuffix(head+" "+d.arg, " "), strings.ReplaceAll(d.help, "\n", "\n\t"))
			}
		}
	}
	fmt.Fprint(tw, "\nColumns for -o (in any case; the first four are the default):\n")
	for _, col := range columns {
		fmt.Fprintf(tw, "  %s\t%s\n", col.name, col.help)
	}
	tw.Flush()
	return b.String() + `
Flags are read as getopt_long reads them: -v7 or -v 7, -C5, -C +5, -sx for
-s -x, --count=5 or --count 5, a unique prefix such as --cou 5, and "--"
ends them. A whole long name after one dash (-format) also works. A later
flag overrides an earlier one, but flags choosing different versions conflict.

The UUIDs of one run are distinct, except name-based ones (v3, v5, v8 with
-n and -N), which -C N prints N times. With --at TIME, -C N prints:
  v1, v6  N consecutive 100-ns ticks from TIME's, with one clock sequence
          and node, so each UUID is one tick after the one before;
  v7      TIME's millisecond and 1/4096 ms with a counter, as a v7
          generator whose clock stands still: it starts below 8 and
          carries into the next 1/4096 ms, so the UUIDs increase strictly.
If N UUIDs do not fit before the last time the version holds, uuid prints
nothing and exits 2.

Exit status: 0 success; 1 an input to inspect was not a UUID, or reading or
writing failed; 2 usage error.
`
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "uuid: %v\nrun 'uuid -h' for usage\n", err)
		return exitUsage
	}
	w := bufio.NewWriterSize(stdout, 64<<10)
	status := exitOK
	switch c.cmd {
	case help:
		w.WriteString(usage())
	case version:
		info, ok := debug.ReadBuildInfo() // the module version, or "(devel)" in a checkout
		fmt.Fprintf(w, "uuid %s\n", cmp.Or(ifOK(info, ok), new(debug.BuildInfo)).Main.Version)
	case inspect:
		status, err = c.inspect(stdin, w, stderr)
	case facade:
		status, err = c.facade(stdin, w, stderr)
	case place:
		status, err = c.place(stdin, w, stderr)
	default:
		err = c.generate(w)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "uuid: %v\n", err)
		return exitInvalid
	}
	return status
}

// clip returns s for an error message or an output cell: at most maxEcho
// bytes, "..." marking a cut, with each byte outside printable ASCII (so
// also every control and bidirectional-override character) written as
// \xNN; for raw output, space and backslash too, as uuidparse -r writes them.
func clip(s string, raw bool) string {
	const maxEcho = 36 // the width of uuidparse's UUID column
	var b []byte
	cut := -1
	for i := 0; i < len(s) && len(b) <= maxEcho; i++ {
		n := len(b)
		if c := s[i]; c < ' ' || c > '~' || raw && (c == ' ' || c == '\\') {
			b = fmt.Appendf(b, `\x%02x`, c)
		} else {
			b = append(b, c)
		}
		if cut < 0 && len(b) > maxEcho-len("...") {
			cut = n
		}
	}
	if len(b) > maxEcho {
		b = append(b[:cut], "..."...)
	}
	return string(b)
}
