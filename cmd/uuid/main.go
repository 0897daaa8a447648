// Command uuid generates and inspects UUIDs (RFC 9562).
//
// Usage:
//
//	uuid [gen] [flags]               generate UUIDs (default: one random v4)
//	uuid inspect [-json] [UUID ...]  describe UUIDs, one per line from stdin when none are given
//
// The generate flags follow util-linux uuidgen and python -m uuid, which agree:
// -n namespace, -N name, -C count, -x hex, and uuidgen's -r (v4), -t (v1),
// -m (v3), -s (v5), -6 (v6) and -7 (v7). So
//
//	uuid -s -n @dns -N www.example.com
//
// prints the RFC 9562 Appendix A.4 value 2ed6657d-e927-568b-95e1-2665a8aea6a2.
// Run "uuid -h" for every flag.
//
// Exit status is 0 on success, 1 when an input to inspect is not a UUID,
// and 2 on a usage error.
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
)

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1 // an input was not a UUID, or output failed
	exitUsage   = 2
)

const usage = `Usage:
  uuid [gen] [flags]               generate UUIDs (default: one random v4)
  uuid inspect [-json] [UUID ...]  describe UUIDs; reads one per line from stdin
                                   when no UUID is given

Generate flags:
  -v N                 version 1-8 (default 4)
  -r, --random         v4, random
  -t, --time           v1, time-based (--time with no value)
  -m, --md5            v3, name-based MD5 (needs -n and -N)
  -s, --sha1           v5, name-based SHA-1 (needs -n and -N)
  -6, --time-v6        v6, reordered time
  -7, --time-v7        v7, Unix time
  -u, --uuid uuidN     version as python -m uuid names it: uuid1 ... uuid8
  -n, --namespace NS   namespace for v3, v5 and v8: dns, url, oid, x500
                       (or @dns, @url, @oid, @x500) or a UUID
  -N, --name NAME      name for v3, v5 and v8 (v8 hashes with SHA-256;
                       v8 without -n and -N is 122 random bits)
  -C, --count N        how many UUIDs to print (default 1)
  -format F            canonical, urn, hex or braced (default canonical)
  -x, --hex            same as -format hex
  -upper               print hex digits in upper case
  -time T              RFC 3339 time for v1, v6 and v7,
                       e.g. 2022-02-22T19:22:22Z or 2022-02-22T14:22:22.5-05:00
  -domain D            v2 domain: person, group, org or 0-255 (default person)
  -id N                v2 local ID (default: your uid for person, gid for group)

Inspect flags:
  -json, -J            print one JSON object per line with the keys uuid,
                       variant, version, version_name, time, clock_seq, node,
                       node_random, domain, id and error (absent ones omitted)
  -noheadings          do not print the header line

Inspect accepts the canonical form, 32 hex digits, {braced} and urn:uuid:
forms. An input that is not a UUID is reported with the offset of its first
bad byte, and inspect goes on with the next one.

Exit status: 0 success, 1 an input to inspect was not a UUID, 2 usage error.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "gen", "generate":
			return runGen(args[1:], stdout, stderr)
		case "inspect", "parse":
			return runInspect(args[1:], stdin, stdout, stderr)
		case "help":
			return printUsage(stdout)
		}
	}
	return runGen(args, stdout, stderr)
}

// printUsage writes the usage text to w, which is stdout when the user asked for it.
func printUsage(w io.Writer) int {
	if _, err := io.WriteString(w, usage); err != nil {
		return exitInvalid
	}
	return exitOK
}

// usageError reports a usage error as one line naming the problem and a hint line.
func usageError(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "uuid: "+format+"\n", args...)
	fmt.Fprintln(stderr, "run 'uuid -h' for usage")
	return exitUsage
}
