package main

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
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
	flag    string // as the user wrote it, e.g. "-s" or "-v 5"
	version int
}

// genConfig is the parsed generate command line.
type genConfig struct {
	choices []versionChoice
	version int // settled by check

	count uint64

	ns      uuid.UUID
	nsSet   bool
	name    string // the bytes to hash: after check, decoded if hexName
	nameSet bool
	hexName bool

	form  uuid.Form
	upper bool

	at     time.Time
	atSet  bool
	atFlag string // as the user wrote it, for messages

	domain     uuid.Domain
	domainText string // as given, for messages
	domainSet  bool
	id         uint32
	idSet      bool
}

// chooseVersion returns a flag's set function that records that it chose version v.
func chooseVersion(v int) func(*genConfig, string, string) error {
	return func(c *genConfig, spelled, _ string) error {
		c.choices = append(c.choices, versionChoice{spelled, v})
		return nil
	}
}

// forms are the output forms, in the order the usage text lists them.
var forms = [...]uuid.Form{uuid.FormCanonical, uuid.FormURN, uuid.FormHex, uuid.FormBraced}

// parseForm resolves a --format value by the library's names of the forms:
// "urn", and "urn+upper" with FormUpper.
func parseForm(s string) (uuid.Form, bool) {
	for _, f := range forms {
		for _, g := range [...]uuid.Form{f, f | uuid.FormUpper} {
			if s == g.String() {
				return g, true
			}
		}
	}
	return 0, false
}

// formNames lists the forms as --format takes them: "canonical, urn, hex or braced".
func formNames() string {
	var names []string
	for _, f := range forms {
		names = append(names, f.String())
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// genFlags defines the generate flags.
var genFlags = []flagDef[genConfig]{
	{short: 'v', arg: "N", help: "version 1-8 (default 4)",
		set: func(c *genConfig, spelled, s string) error {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > 8 {
				return errors.New("want a version from 1 to 8")
			}
			c.choices = append(c.choices, versionChoice{spelled + " " + s, n})
			return nil
		}},
	{short: 'r', long: "random", help: "v4, random", set: chooseVersion(4)},
	{short: 't', long: "time", help: "v1, time-based (with the MAC address)", set: chooseVersion(1)},
	{short: 'm', long: "md5", help: "v3, name-based MD5 (needs -n and -N)", set: chooseVersion(3)},
	{short: 's', long: "sha1", help: "v5, name-based SHA-1 (needs -n and -N)", set: chooseVersion(5)},
	{short: '6', long: "time-v6", help: "v6, reordered time", set: chooseVersion(6)},
	{short: '7', long: "time-v7", help: "v7, Unix time", set: chooseVersion(7)},
	{short: 'u', long: "uuid", arg: "uuidN", help: "version as python -m uuid names it: uuid1 ... uuid8",
		set: func(c *genConfig, spelled, s string) error {
			n, err := strconv.Atoi(strings.TrimPrefix(s, "uuid"))
			if !strings.HasPrefix(s, "uuid") || err != nil || n < 1 || n > 8 {
				return errors.New("want uuid1, uuid2, ... or uuid8")
			}
			c.choices = append(c.choices, versionChoice{spelled + " " + s, n})
			return nil
		}},
	{short: 'n', long: "namespace", arg: "NS",
		help: "namespace for v3, v5 and v8: @dns, @url, @oid, @x500\n(or dns, url, oid, x500) or a UUID",
		set: func(c *genConfig, _, s string) error {
			ns, ok := namespace(s)
			if !ok {
				return errors.New("want dns, url, oid, x500 (or @dns, @url, @oid, @x500) or a UUID")
			}
			c.ns, c.nsSet = ns, true
			return nil
		}},
	{short: 'N', long: "name", arg: "NAME",
		help: "name for v3, v5 and v8 (v8 hashes with SHA-256;\nv8 without -n and -N is 122 random bits)",
		set: func(c *genConfig, _, s string) error {
			c.name, c.nameSet = s, true
			return nil
		}},
	{short: 'x', long: "hex", help: "the -N name is hex digits, decoded before hashing",
		set: func(c *genConfig, _, _ string) error {
			c.hexName = true
			return nil
		}},
	{short: 'C', long: "count", arg: "N", help: "how many UUIDs to print (default 1)",
		set: func(c *genConfig, _, s string) error {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				return errors.New("want a whole number of UUIDs, 0 or more")
			}
			c.count = n
			return nil
		}},
	{long: "format", arg: "F",
		help: formNames() + " (default canonical);\n" +
			"append +upper for upper case, as in " + (uuid.FormURN | uuid.FormUpper).String(),
		set: func(c *genConfig, _, s string) error {
			f, ok := parseForm(s)
			if !ok {
				return errors.New("want " + formNames() + ", maybe with +upper")
			}
			c.form |= f
			return nil
		}},
	{long: "upper", help: "print hex digits in upper case",
		set: func(c *genConfig, _, _ string) error {
			c.upper = true
			return nil
		}},
	{long: "at", arg: "TIME", help: atHelp(),
		set: func(c *genConfig, spelled, s string) error {
			t, err := time.Parse(time.RFC3339Nano, s)
			if err != nil {
				return errors.New("want an RFC 3339 time such as 2022-02-22T19:22:22Z")
			}
			c.at, c.atSet, c.atFlag = t, true, spelled+" "+s
			return nil
		}},
	{long: "domain", arg: "D", help: "v2 domain: person, group, org or 0-255 (default person)",
		set: func(c *genConfig, _, s string) error {
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
		}},
	{long: "id", arg: "N", help: "v2 local ID (default: your uid for person,\ngid for group)",
		set: func(c *genConfig, _, s string) error {
			n, err := strconv.ParseUint(s, 10, 32)
			if err != nil {
				return errors.New("want a number from 0 to 4294967295")
			}
			c.id, c.idSet = uint32(n), true
			return nil
		}},
	{short: 'h', long: "help", help: "print this help", stop: true, set: func(*genConfig, string, string) error { return nil }},
	{short: 'V', long: "version", help: "print the version of uuid", stop: true, set: func(*genConfig, string, string) error { return nil }},
}

// A timeRange is the span of instants one version's timestamp holds, and
// its precision.
type timeRange struct {
	min, max time.Time
	prec     time.Duration
	layout   string // how inspect prints such a time
}

// layoutRange returns the range of a version from the library's own
// decoding of its lowest and highest timestamps, so that the epochs and
// field widths live in the library alone.
func layoutRange(lowest, highest string, prec time.Duration, layout string) timeRange {
	lo, _ := uuid.MustParse(lowest).Time()
	hi, _ := uuid.MustParse(highest).Time()
	return timeRange{lo, hi, prec, layout}
}

// atRanges holds the range of each version that --at applies to: 60-bit
// ticks of 100 ns for v1 and v6, 48-bit milliseconds for v7.
var atRanges = map[int]timeRange{
	1: layoutRange("00000000-0000-1000-8000-000000000000", "ffffffff-ffff-1fff-bfff-ffffffffffff", 100*time.Nanosecond, tickLayout),
	6: layoutRange("00000000-0000-6000-8000-000000000000", "ffffffff-ffff-6fff-bfff-ffffffffffff", 100*time.Nanosecond, tickLayout),
	7: layoutRange("00000000-0000-7000-8000-000000000000", "ffffffff-ffff-7fff-bfff-ffffffffffff", time.Millisecond, millisLayout),
}

// holds reports whether a UUID of the range's version can carry t: whether
// t, cut to the version's precision, lies within the range. The library
// cuts t the same way, so the UUID's Time() is then t.Truncate(r.prec).
func (r timeRange) holds(t time.Time) bool {
	t = t.Truncate(r.prec)
	return !t.Before(r.min) && !t.After(r.max)
}

// String names the range: "1582-10-15T00:00:00.0000000Z to 5236-03-31T21:21:00.6846975Z".
func (r timeRange) String() string {
	return r.min.Format(r.layout) + " to " + r.max.Format(r.layout)
}

// atHelp is the usage text of --at, with the ranges.
func atHelp() string {
	return "the time of a v1, v6 or v7 UUID, in RFC 3339:\n" +
		"2022-02-22T19:22:22Z or 2022-02-22T14:22:22.5-05:00;\n" +
		"v1 and v6 hold " + atRanges[1].min.Format(tickLayout) + "\n" +
		"to " + atRanges[1].max.Format(tickLayout) + ",\n" +
		"v7 " + atRanges[7].String()
}

// parseGen parses the generate command line.
func parseGen(args []string) (config, error) {
	c := genConfig{count: 1}
	rest, stopped, err := parseFlags(genFlags, &c, args)
	switch {
	case err != nil:
		return config{}, err
	case stopped != nil:
		return config{cmd: stopCommand(stopped.long)}, nil
	case len(rest) > 0:
		if _, err := time.Parse(time.RFC3339Nano, rest[0]); err == nil {
			return config{}, usagef("unexpected argument %q (--at TIME sets the time; -t and --time choose v1)", rest[0])
		}
		return config{}, usagef("unexpected argument %q (commands are gen and inspect)", rest[0])
	}
	if err := c.check(); err != nil {
		return config{}, err
	}
	return config{cmd: cmdGen, gen: c}, nil
}

// run generates and prints the UUIDs.
func (c *genConfig) run(stdout, stderr io.Writer) int {
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

// check settles the version, decodes a hex name, and reports a
// combination of flags that does not fit together as a *usageError.
func (c *genConfig) check() error {
	c.version = 4
	if len(c.choices) > 0 {
		first := c.choices[0]
		for _, other := range c.choices[1:] {
			if other.version != first.version {
				return usagef("conflicting version flags %s (v%d) and %s (v%d)",
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
			return usagef("%s needs both -n NAMESPACE and -N NAME", chosen)
		}
	case 8:
		if c.nsSet != c.nameSet {
			return usagef("%s needs both -n NAMESPACE and -N NAME for a name-based UUID, or neither for a random one", chosen)
		}
	default:
		if c.nsSet || c.nameSet {
			return usagef("-n and -N apply to v3, v5 and v8 only, not %s", chosen)
		}
	}
	if c.hexName {
		if !c.nameSet {
			return usagef("-x reads the -N name as hex, but there is no -N NAME")
		}
		b, err := hex.DecodeString(c.name)
		if err != nil {
			return usagef("-x: the name %q is not hex digits: %v", c.name, err)
		}
		c.name = string(b)
	}
	if c.atSet {
		r, ok := atRanges[c.version]
		if !ok {
			return usagef("--at applies to v1, v6 and v7 only, not %s", chosen)
		}
		if !r.holds(c.at) {
			return usagef("%s is outside the times v%d can hold: %s", c.atFlag, c.version, r)
		}
	}
	if c.version != 2 {
		if c.domainSet || c.idSet {
			return usagef("--domain and --id apply to v2 only, not %s", chosen)
		}
	} else if !c.idSet && c.domain != uuid.DomainPerson && c.domain != uuid.DomainGroup {
		return usagef("--domain %s needs --id N (only person and group have a default ID)", c.domainText)
	}
	if c.upper {
		c.form |= uuid.FormUpper
	}
	return nil
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
			b := append(u.AppendForm(w.AvailableBuffer(), c.form), '\n')
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		left -= uint64(len(dst))
	}
	return nil
}
