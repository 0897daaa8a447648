// Command uuid generates and inspects UUIDs (RFC 9562).
//
// Usage:
//
//	uuid [gen] [flags]               generate UUIDs (default: one random v4)
//	uuid inspect [flags] [UUID ...]  describe UUIDs, as util-linux uuidparse does
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
// input when none is given. --format prints other text forms (ULID, TypeID,
// base58 and other short encodings), which inspect reads only when --from
// names the form. Flags are read as getopt_long reads them. Run
// "uuid -h" for every flag.
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

// config is a parsed command line.
type config struct {
	cmd string          // "gen", "inspect", "help" or "version"
	set map[string]bool // the long names of the flags given

	// gen
	version             int // 0 until a flag chooses one
	count               uint64
	ns                  uuid.UUID
	form                *textForm
	upper               bool
	at                  time.Time
	domain              uuid.Domain
	id                  uint32
	vflag, name, atText string // vflag: the flag that chose version

	// inspect
	cols []int     // indexes into columns
	mode byte      // 0 for the table, 'r' raw, 'J' JSON
	from *textForm // the form of every word (--from), or nil for the root's

	args []string // the arguments that are not flags
}

// A flagDef is one flag of one command (or of both), for parsing and usage.
type flagDef struct {
	cmd   string // "gen", "inspect", or "" for both
	short byte   // the letter after "-", or 0
	long  string // the name after "--"
	arg   string // the value's name in the usage text; "" for none
	help  string // usage text; "\n" starts a continuation line
	// do records the flag's value; flag is how it was written. Every flag
	// is also recorded in config.set.
	do func(c *config, flag, val string) error
}

// flags is the one table of flags; the usage text is made from it.
var flags = []flagDef{
	{"gen", 'r', "random", "", "v4, random (the default)", chooseVersion(4)},
	{"gen", 't', "time", "", "v1, time-based (with the MAC address)", chooseVersion(1)},
	{"gen", 'm', "md5", "", "v3, name-based MD5 (needs -n and -N)", chooseVersion(3)},
	{"gen", 's', "sha1", "", "v5, name-based SHA-1 (needs -n and -N)", chooseVersion(5)},
	{"gen", '6', "time-v6", "", "v6, reordered time", chooseVersion(6)},
	{"gen", '7', "time-v7", "", "v7, Unix time", chooseVersion(7)},
	{"gen", 'v', "", "N", "version 1-8", chooseVersion(0)},
	{"gen", 'u', "uuid", "uuidN", "version as python -m uuid names it: uuid1 ... uuid8", chooseVersion(-1)},
	{"gen", 'n', "namespace", "NS", "namespace for v3, v5 and v8: @dns, @url, @oid, @x500\n(or dns, url, oid, x500) or a UUID", setNamespace},
	{"gen", 'N', "name", "NAME", "name for v3, v5 and v8 (v8 hashes with SHA-256;\nv8 without -n and -N is 122 random bits)",
		func(c *config, _, val string) error { c.name = val; return nil }},
	{"gen", 'x', "hex", "", "the -N name is hex digits, decoded before hashing", nop},
	{"gen", 'C', "count", "N", "how many UUIDs to print (default 1), all distinct\nexcept name-based ones (see below)",
		setUint(64, func(c *config, n uint64) { c.count = n })},
	{"gen", 0, "format", "F", formHelp(), setFormat},
	{"gen", 0, "upper", "", "print the text form in upper case", nop},
	{"gen", 0, "at", "TIME", atHelp(), setAt},
	{"gen", 0, "domain", "D", "v2 domain: person, group, org or 0-255 (default person)", setDomain},
	{"gen", 0, "id", "N", "v2 local ID (default: your uid for person, gid for group)",
		setUint(32, func(c *config, n uint64) { c.id = uint32(n) })},
	{"inspect", 'o', "output", "LIST", "the columns to print, by name, comma-separated; +LIST\nadds them to the default ones (see Columns below)", setColumns},
	{"inspect", 'r', "raw", "", "raw output: cells separated by one space, with space,\nbackslash and other bytes outside printable ASCII as \\xNN", setMode('r')},
	{"inspect", 'J', "json", "", "print a JSON document, as uuidparse -J does", setMode('J')},
	{"inspect", 'n', "noheadings", "", "do not print the header line", nop},
	{"inspect", 0, "from", "F", "every word is in form F, one of ulid, base58, base57,\nbase64url, base36, base32 and typeid (never guessed);\nwithout --from, canonical, hex, braced or urn", setFrom},
	{"", 'h', "help", "", "print this help", func(c *config, _, _ string) error { c.cmd = "help"; return nil }},
	{"", 'V', "version", "", "print the version of uuid", func(c *config, _, _ string) error { c.cmd = "version"; return nil }},
}

func nop(*config, string, string) error { return nil }

// A usageError is a mistake on the command line, reported with exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// parseArgs turns the arguments (without the program name) into a
// configuration, reading flags as getopt_long does. It is pure: it reads no
// clock, file or environment.
func parseArgs(args []string) (*config, error) {
	c := &config{cmd: "gen", count: 1, form: &forms[0], cols: []int{0, 1, 2, 3}, set: map[string]bool{}}
	if len(args) > 0 {
		switch args[0] {
		case "gen", "generate":
			args = args[1:]
		case "inspect", "parse":
			c.cmd, args = "inspect", args[1:]
		case "help":
			return &config{cmd: "help"}, nil
		}
	}
	cmd := c.cmd
	for i := 0; i < len(args) && c.cmd == cmd; i++ { // -h and -V end the flags
		// use applies flag d, written as flag, with a value attached or
		// else (if it takes one) the next argument.
		use := func(d *flagDef, flag, val string, attached bool) error {
			switch {
			case d.arg == "" && attached:
				return usagef("flag %s takes no value", flag)
			case d.arg != "" && !attached:
				if i++; i == len(args) {
					return usagef("flag %s needs a value (%s)", flag, d.arg)
				}
				val = args[i]
			}
			return c.apply(d, flag, val)
		}
		a := args[i]
		if a == "--" {
			c.args = append(c.args, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			c.args = append(c.args, a)
			continue
		}
		// A long flag is --name, --name=value, a unique prefix of a name
		// after "--", or (as getopt_long_only reads it) a whole name after "-".
		name, val, attached := strings.Cut(a[1:], "=")
		d, err := lookupLong(cmd, strings.TrimPrefix(name, "-"), strings.HasPrefix(a, "--"))
		if d != nil {
			err = use(d, "-"+name, val, attached)
		}
		// Otherwise the word is a cluster of short flags: -sx, -C5, -v7.
		for j := 1; d == nil && err == nil && j < len(a); j++ {
			flag := "-" + a[j:j+1]
			if d := lookupShort(cmd, a[j]); d == nil {
				err = usagef("unknown flag %s", clip(flag, false))
			} else if d.arg == "" {
				err = use(d, flag, "", false)
			} else {
				err, j = use(d, flag, a[j+1:], j+1 < len(a)), len(a)
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if c.cmd == "gen" {
		return c, c.checkGen()
	}
	return c, nil
}

// apply records one flag.
func (c *config) apply(d *flagDef, flag, val string) error {
	c.set[d.long] = true
	err := d.do(c, flag, val)
	var ue *usageError
	if err == nil || errors.As(err, &ue) {
		return err
	}
	return usagef("invalid value %s for flag %s: %v", clip(val, false), flag, err)
}

// lookupLong returns the flag of cmd named name or, if prefix is set, the
// one whose name starts with name. It returns nil for a word that is not a
// long flag and may be a cluster of short ones.
func lookupLong(cmd, name string, prefix bool) (found *flagDef, err error) {
	for i, d := range flags {
		switch {
		case d.cmd != "" && d.cmd != cmd || d.long == "" || !strings.HasPrefix(d.long, name):
		case d.long == name:
			return &flags[i], nil
		case prefix && found != nil:
			err = usagef("flag --%s is ambiguous: it begins --%s, --%s and maybe more", name, found.long, d.long)
		case prefix:
			found = &flags[i]
		}
	}
	if err == nil && found == nil && prefix {
		err = usagef("unknown flag --%s", clip(name, false))
	}
	if err != nil {
		return nil, err
	}
	return found, nil
}

func lookupShort(cmd string, b byte) *flagDef {
	for i := range flags {
		if d := &flags[i]; d.short == b && (d.cmd == "" || d.cmd == cmd) {
			return d
		}
	}
	return nil
}

// usage is the help text, with the flag lines made from the flag table.
func usage() string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 8, 2, ' ', 0)
	fmt.Fprint(tw, "Usage:\n  uuid [gen] [flags]\tgenerate UUIDs (default: one random v4)\n",
		"  uuid inspect [flags] [UUID ...]\tdescribe UUIDs as uuidparse does (default: the\n",
		"\twhite-space separated words of standard input)\n")
	for _, cmd := range []string{"gen", "inspect"} {
		fmt.Fprintf(tw, "\nFlags of %s:\n", cmd)
		for _, d := range flags {
			head := "    --" + d.long
			if d.short != 0 {
				head = strings.TrimSuffix("-"+string(d.short)+", --"+d.long, ", --")
			}
			if d.cmd == "" || d.cmd == cmd {
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
  v7      TIME's millisecond with a counter, as a v7 generator whose clock
          stands still: it starts below 2^15 and carries into the next
          millisecond, so the UUIDs increase strictly.
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
	case "help":
		w.WriteString(usage())
	case "version":
		info, ok := debug.ReadBuildInfo() // the module version, or "(devel)" in a checkout
		fmt.Fprintf(w, "uuid %s\n", cmp.Or(ifOK(info, ok), new(debug.BuildInfo)).Main.Version)
	case "inspect":
		status, err = c.inspect(stdin, w, stderr)
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
