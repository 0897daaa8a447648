package main

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/afb7af96/uuid"
)

// chunkLen is how many UUIDs are generated at a time before they are printed,
// so that any count streams in constant memory.
const chunkLen = 1024

// outBufSize is the size of the output buffer.
const outBufSize = 64 << 10

// versionChoice records one flag that chose a version, to report conflicts.
type versionChoice struct {
	flag    string // as the user would write it, e.g. "-s" or "-v 5"
	version int
}

// genConfig is the parsed generate command line.
type genConfig struct {
	choices []versionChoice
	version int

	count uint64

	ns      uuid.UUID
	nsSet   bool
	name    string
	nameSet bool

	format     string // canonical, urn, hex or braced
	formatFlag string // the flag that set format, for conflicts
	upper      bool

	at    time.Time
	atSet bool

	domain     uuid.Domain
	domainText string // as given, for messages
	domainSet  bool
	id         uint32
	idSet      bool
}

// flagDisplay spells a flag name the way its help text does.
func flagDisplay(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// versionFlag registers a boolean flag, under each of names, that chooses version v.
func (c *genConfig) versionFlag(fs *flag.FlagSet, v int, names ...string) {
	for _, name := range names {
		fs.BoolFunc(name, "", func(s string) error {
			on, err := strconv.ParseBool(s)
			if err != nil {
				return errors.New("want no value")
			}
			if on {
				c.choices = append(c.choices, versionChoice{flagDisplay(name), v})
			}
			return nil
		})
	}
}

// valueFlag registers a flag taking a value under each of names.
func valueFlag(fs *flag.FlagSet, set func(string) error, names ...string) {
	for _, name := range names {
		fs.Func(name, "", set)
	}
}

// rewriteTimeFlag resolves the one clash between the two conventions: uuidgen's
// "--time" picks v1, while "-time T" sets the timestamp. A "--time" followed by
// nothing or by another flag, where no timestamp can be, means uuidgen's -t.
// It skips the values of fs's flags, so "-N --time" keeps its name.
func rewriteTimeFlag(fs *flag.FlagSet, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
			return append(out, args[i:]...)
		}
		if a == "--time" && (i+1 == len(args) || strings.HasPrefix(args[i+1], "-")) {
			out = append(out, "-t")
			continue
		}
		out = append(out, a)
		if takesValue(fs, strings.TrimLeft(a, "-")) && i+1 < len(args) {
			i++
			out = append(out, args[i])
		}
	}
	return out
}

// takesValue reports whether the flag spelled name (without dashes, maybe
// with "=value") needs the next argument as its value.
func takesValue(fs *flag.FlagSet, name string) bool {
	if strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

func runGen(args []string, stdout, stderr io.Writer) int {
	c := genConfig{count: 1, format: "canonical"}
	fs := flag.NewFlagSet("uuid", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}

	fs.Func("v", "", func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 8 {
			return errors.New("want a version from 1 to 8")
		}
		c.choices = append(c.choices, versionChoice{"-v " + s, n})
		return nil
	})
	c.versionFlag(fs, 4, "r", "random")
	c.versionFlag(fs, 1, "t")
	c.versionFlag(fs, 3, "m", "md5")
	c.versionFlag(fs, 5, "s", "sha1")
	c.versionFlag(fs, 6, "6", "time-v6")
	c.versionFlag(fs, 7, "7", "time-v7")
	for _, name := range []string{"u", "uuid"} {
		fs.Func(name, "", func(s string) error {
			n, err := strconv.Atoi(strings.TrimPrefix(s, "uuid"))
			if !strings.HasPrefix(s, "uuid") || err != nil || n < 1 || n > 8 {
				return errors.New("want uuid1, uuid2, ... or uuid8")
			}
			c.choices = append(c.choices, versionChoice{flagDisplay(name) + " " + s, n})
			return nil
		})
	}
	valueFlag(fs, func(s string) error {
		ns, ok := namespace(s)
		if !ok {
			return errors.New("want dns, url, oid, x500 (or @dns, @url, @oid, @x500) or a UUID")
		}
		c.ns, c.nsSet = ns, true
		return nil
	}, "n", "namespace")
	valueFlag(fs, func(s string) error {
		c.name, c.nameSet = s, true
		return nil
	}, "N", "name")
	valueFlag(fs, func(s string) error {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return errors.New("want a whole number of UUIDs, 0 or more")
		}
		c.count = n
		return nil
	}, "C", "count")
	fs.Func("format", "", func(s string) error {
		switch s {
		case "canonical", "urn", "hex", "braced":
		default:
			return errors.New("want canonical, urn, hex or braced")
		}
		if c.formatFlag != "" && c.format != s {
			return fmt.Errorf("conflicts with %s", c.formatFlag)
		}
		c.format, c.formatFlag = s, "-format "+s
		return nil
	})
	for _, name := range []string{"x", "hex"} {
		fs.BoolFunc(name, "", func(s string) error {
			on, err := strconv.ParseBool(s)
			if err != nil {
				return errors.New("want no value")
			}
			if on {
				if c.formatFlag != "" && c.format != "hex" {
					return fmt.Errorf("conflicts with %s", c.formatFlag)
				}
				c.format, c.formatFlag = "hex", flagDisplay(name)
			}
			return nil
		})
	}
	fs.BoolVar(&c.upper, "upper", false, "")
	fs.Func("time", "", func(s string) error {
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return errors.New("want an RFC 3339 time such as 2022-02-22T19:22:22Z")
		}
		c.at, c.atSet = t, true
		return nil
	})
	fs.Func("domain", "", func(s string) error {
		switch strings.ToLower(s) {
		case "person":
			c.domain = uuid.DomainPerson
		case "group":
			c.domain = uuid.DomainGroup
		case "org":
			c.domain = uuid.DomainOrg
		default:
			n, err := strconv.ParseUint(s, 10, 8)
			if err != nil {
				return errors.New("want person, group, org or a number from 0 to 255")
			}
			c.domain = uuid.Domain(n)
		}
		c.domainText, c.domainSet = s, true
		return nil
	})
	fs.Func("id", "", func(s string) error {
		n, err := strconv.ParseUint(s, 10, 32)
		if err != nil {
			return errors.New("want a number from 0 to 4294967295")
		}
		c.id, c.idSet = uint32(n), true
		return nil
	})

	if err := fs.Parse(rewriteTimeFlag(fs, args)); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return printUsage(stdout)
		}
		return usageError(stderr, "%v", err)
	}
	if fs.NArg() > 0 {
		return usageError(stderr, "unexpected argument %q (commands are gen and inspect)", fs.Arg(0))
	}
	if msg := c.check(); msg != "" {
		return usageError(stderr, "%s", msg)
	}

	w := bufio.NewWriterSize(stdout, outBufSize)
	err := c.generate(w)
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "uuid: %v\n", err)
		return exitInvalid
	}
	return exitOK
}

// namespace resolves a -n value.
func namespace(s string) (uuid.UUID, bool) {
	switch strings.ToLower(strings.TrimPrefix(s, "@")) {
	case "dns":
		return uuid.NamespaceDNS(), true
	case "url":
		return uuid.NamespaceURL(), true
	case "oid":
		return uuid.NamespaceOID(), true
	case "x500":
		return uuid.NamespaceX500(), true
	}
	u, err := uuid.Parse(s)
	return u, err == nil
}

// check settles the version and reports a combination of flags that does not
// fit together, as one line; it returns "" when all is well.
func (c *genConfig) check() string {
	c.version = 4
	if len(c.choices) > 0 {
		first := c.choices[0]
		for _, other := range c.choices[1:] {
			if other.version != first.version {
				return fmt.Sprintf("conflicting version flags %s (v%d) and %s (v%d)",
					first.flag, first.version, other.flag, other.version)
			}
		}
		c.version = first.version
	}
	// chosen names the version for messages: "v5 (from -s)" or "v4 (the default)".
	chosen := fmt.Sprintf("v%d (the default)", c.version)
	if len(c.choices) > 0 {
		chosen = fmt.Sprintf("v%d (from %s)", c.version, c.choices[0].flag)
	}
	switch c.version {
	case 3, 5:
		if !c.nsSet || !c.nameSet {
			return chosen + " needs both -n NAMESPACE and -N NAME"
		}
	case 8:
		if c.nsSet != c.nameSet {
			return chosen + " needs both -n NAMESPACE and -N NAME for a name-based UUID, or neither for a random one"
		}
	default:
		if c.nsSet || c.nameSet {
			return "-n and -N apply to v3, v5 and v8 only, not " + chosen
		}
	}
	if c.atSet && c.version != 1 && c.version != 6 && c.version != 7 {
		return "-time applies to v1, v6 and v7 only, not " + chosen
	}
	if c.version != 2 {
		if c.domainSet || c.idSet {
			return "-domain and -id apply to v2 only, not " + chosen
		}
	} else if !c.idSet && c.domain != uuid.DomainPerson && c.domain != uuid.DomainGroup {
		return "-domain " + c.domainText + " needs -id N (only person and group have a default ID)"
	}
	return ""
}

// filler returns the function that fills a chunk with new UUIDs.
func (c *genConfig) filler() func([]uuid.UUID) {
	constant := func(u uuid.UUID) func([]uuid.UUID) {
		return func(dst []uuid.UUID) {
			for i := range dst {
				dst[i] = u
			}
		}
	}
	each := func(f func() uuid.UUID) func([]uuid.UUID) {
		return func(dst []uuid.UUID) {
			for i := range dst {
				dst[i] = f()
			}
		}
	}
	at := func(f func(time.Time) uuid.UUID) func() uuid.UUID {
		return func() uuid.UUID { return f(c.at) }
	}
	switch c.version {
	case 1:
		if c.atSet {
			return each(at(uuid.NewV1At))
		}
		return each(uuid.NewV1)
	case 2:
		switch {
		case c.idSet:
			return each(func() uuid.UUID { return uuid.NewV2(c.domain, c.id) })
		case c.domain == uuid.DomainGroup:
			return each(uuid.NewV2Group)
		default:
			return each(uuid.NewV2Person)
		}
	case 3:
		return constant(uuid.NewV3(c.ns, c.name))
	case 5:
		return constant(uuid.NewV5(c.ns, c.name))
	case 6:
		if c.atSet {
			return each(at(uuid.NewV6At))
		}
		return each(uuid.NewV6)
	case 7:
		if c.atSet {
			return each(at(uuid.NewV7At))
		}
		return uuid.FillV7
	case 8:
		if c.nsSet {
			return constant(uuid.NewV8Hash(sha256.New(), c.ns, c.name))
		}
		var random [chunkLen * 16]byte
		return func(dst []uuid.UUID) {
			rand.Read(random[:16*len(dst)]) // never fails since Go 1.24
			for i := range dst {
				dst[i] = uuid.NewV8([16]byte(random[16*i:]))
			}
		}
	}
	return each(uuid.NewV4) // buffers crypto/rand itself
}

// generate writes c.count UUIDs to w, one per line.
func (c *genConfig) generate(w *bufio.Writer) error {
	fill := c.filler()
	chunk := make([]uuid.UUID, min(c.count, chunkLen))
	for left := c.count; left > 0; {
		dst := chunk[:min(left, uint64(len(chunk)))]
		fill(dst)
		for _, u := range dst {
			b, err := c.appendUUID(w.AvailableBuffer(), u)
			if err != nil {
				return err
			}
			if _, err := w.Write(append(b, '\n')); err != nil {
				return err
			}
		}
		left -= uint64(len(dst))
	}
	return nil
}

// appendUUID appends u to b in the chosen format, without a newline.
func (c *genConfig) appendUUID(b []byte, u uuid.UUID) ([]byte, error) {
	switch c.format {
	case "urn":
		b = append(b, "urn:uuid:"...)
	case "braced":
		b = append(b, '{')
	}
	start := len(b)
	var err error
	if c.format == "hex" {
		b = hex.AppendEncode(b, u[:])
	} else {
		b, err = u.AppendText(b)
	}
	if c.upper {
		for i := start; i < len(b); i++ {
			if 'a' <= b[i] && b[i] <= 'f' {
				b[i] -= 'a' - 'A'
			}
		}
	}
	if c.format == "braced" {
		b = append(b, '}')
	}
	return b, err
}
