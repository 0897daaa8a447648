// Command uuid generates and inspects UUIDs (RFC 9562).
//
// Usage:
//
//	uuid [gen] [flags]               generate UUIDs (default: one random v4)
//	uuid inspect [flags] [UUID ...]  describe UUIDs, one per line from stdin when none are given
//
// The generate flags are those of util-linux uuidgen, with the same
// meanings: -r (v4), -t (v1), -m (v3), -s (v5), -6 (v6), -7 (v7),
// -n namespace, -N name, -x (the name is hex) and -C count. python -m
// uuid agrees on -n, -N and -C and adds -u uuidN. So
//
//	uuid -s -n @dns -N www.example.com
//
// prints the RFC 9562 Appendix A.4 value 2ed6657d-e927-568b-95e1-2665a8aea6a2.
// Flags are parsed as getopt does (-v7, -C5, --count=5, "--"). The inspect
// flags are those of uuidparse: -J for its JSON document, -n for no
// headings. Run "uuid -h" for every flag.
//
// Exit status is 0 on success, 1 when an input to inspect is not a UUID or
// output fails, and 2 on a usage error.
//
// Install with:
//
//	go install github.com/afb7af96/uuid/cmd/uuid@latest
//
// This command only reads flags and prints; every UUID operation is in
// package [github.com/afb7af96/uuid].
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1 // an input was not a UUID, or output failed
	exitUsage   = 2
)

// A command is what one run of uuid does.
type command int

const (
	cmdGen command = iota
	cmdInspect
	cmdHelp
	cmdVersion
)

// config is a parsed command line.
type config struct {
	cmd     command
	gen     genConfig     // for cmdGen
	inspect inspectConfig // for cmdInspect
}

// parseArgs turns the arguments (without the program name) into a
// configuration. It is pure: it reads no clock, file or environment. Its
// errors are *usageError.
func parseArgs(args []string) (config, error) {
	if len(args) > 0 {
		switch args[0] {
		case "gen", "generate":
			return parseGen(args[1:])
		case "inspect", "parse":
			return parseInspect(args[1:])
		case "help":
			return config{cmd: cmdHelp}, nil
		}
	}
	return parseGen(args)
}

// stopCommand maps a flag that stops parsing (-h, -V) to its command.
func stopCommand(long string) command {
	if long == "version" {
		return cmdVersion
	}
	return cmdHelp
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run executes the command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "uuid: %v\n", err)
		fmt.Fprintln(stderr, "run 'uuid -h' for usage")
		return exitUsage
	}
	switch c.cmd {
	case cmdHelp:
		return write(stdout, stderr, usage)
	case cmdVersion:
		return write(stdout, stderr, versionLine())
	case cmdInspect:
		return c.inspect.run(stdin, stdout, stderr)
	}
	return c.gen.run(stdout, stderr)
}

// write writes s to w, which is stdout when the user asked for it.
func write(w, stderr io.Writer, s string) int {
	if _, err := io.WriteString(w, s); err != nil {
		fmt.Fprintf(stderr, "uuid: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// versionLine is what -V prints: the module version the binary was built
// from, "(devel)" for a build inside a checkout.
func versionLine() string {
	v := "(unknown)"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		v = info.Main.Version
	}
	return "uuid " + v + "\n"
}

// usage is the help text. The flag lines come from the flag tables, so
// they cannot drift from what the parser accepts.
var usage = buildUsage()

func buildUsage() string {
	var b strings.Builder
	b.WriteString(`Usage:
  uuid [gen] [flags]                generate UUIDs (default: one random v4)
  uuid inspect [flags] [UUID ...]   describe UUIDs; reads one per line from
                                    stdin when no UUID is given

Generate flags (uuidgen's letters -r -t -m -s -6 -7 -n -N -x -C as in uuidgen):
`)
	writeFlagUsage(&b, genFlags)
	b.WriteString(`
Inspect flags (uuidparse's -J and -n as in uuidparse):
`)
	writeFlagUsage(&b, inspectFlags)
	b.WriteString(`
Flags are read as getopt reads them: -v7 or -v 7, -C5, --count=5 or
--count 5, -sx for -s -x, and "--" ends the flags. A single dash before a
whole long name (-format) also works. A flag may be given once.

Inspect accepts the canonical form, 32 hex digits, {braced} and urn:uuid:
forms. An input that is not a UUID is reported with the offset of its first
bad byte, and inspect goes on with the next one.

Exit status: 0 success; 1 an input to inspect was not a UUID, or output
failed; 2 usage error. (uuidparse exits 0 when an input is invalid, and
uuidgen and uuidparse exit 1 on a usage error.)
`)
	return b.String()
}
