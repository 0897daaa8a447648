package main

import (
	"strconv"
	"strings"

	"github.com/afb7af96/uuid"
)

// A command is what a run does; as a set of bits, the commands a flag or a
// rule applies to.
type command uint8

const (
	gen command = 1 << iota
	inspect
	help
	version
	facade
	place
)

// A flagDef is one flag, for reading and for the usage text.
type flagDef struct {
	in command // the commands that take it
	option
	help string // usage text; "\n" starts a continuation line
	// set records the flag, written as flag, with its value. An error that
	// is not a *usageError reports an invalid value.
	set func(flag, val string) error
}

// flags is the table of flags, recording into c; the usage text is made
// from it, in its order.
func (c *config) flags() []flagDef {
	on := func(b *bool) func(string, string) error { return func(string, string) error { *b = true; return nil } }
	to := func(cmd command) func(string, string) error {
		return func(string, string) error { c.cmd = cmd; return nil }
	}
	return []flagDef{
		{gen, option{'r', "random", ""}, "v4, random (the default)", c.chooseVersion(4)},
		{gen, option{'t', "time", ""}, "v1, time-based (with the MAC address)", c.chooseVersion(1)},
		{gen, option{'m', "md5", ""}, "v3, name-based MD5 (needs -n and -N)", c.chooseVersion(3)},
		{gen, option{'s', "sha1", ""}, "v5, name-based SHA-1 (needs -n and -N)", c.chooseVersion(5)},
		{gen, option{'6', "time-v6", ""}, "v6, reordered time", c.chooseVersion(6)},
		{gen, option{'7', "time-v7", ""}, "v7, Unix time", c.chooseVersion(7)},
		{gen, option{'v', "", "N"}, "version 1-8", c.chooseVersion(0)},
		{gen, option{'u', "uuid", "uuidN"}, "version as python -m uuid names it: uuid1 ... uuid8", c.chooseVersion(-1)},
		{gen, option{'n', "namespace", "NS"}, "namespace for v3, v5 and v8: @dns, @url, @oid, @x500\n(or dns, url, oid, x500) or a UUID", c.setNamespace},
		{gen, option{'N', "name", "NAME"}, "name for v3, v5 and v8 (v8 hashes with SHA-256;\nv8 without -n and -N is 122 random bits)",
			func(_, val string) error { c.name = &val; return nil }},
		{gen, option{'x', "hex", ""}, "the -N name is hex digits, decoded before hashing", on(&c.hex)},
		{gen, option{'C', "count", "N"}, "how many UUIDs to print (default 1), all distinct\nexcept name-based ones (see below)",
			setUint(64, func(n uint64) { c.count = n })},
		{gen, option{0, "format", "F"}, formHelp(), c.setFormat},
		{gen, option{0, "upper", ""}, "print the text form in upper case", on(&c.upperFlag)},
		{gen, option{0, "at", "TIME"}, atHelp(), c.setAt},
		{gen, option{0, "domain", "D"}, "v2 domain: person, group, org or 0-255 (default person)", c.setDomain},
		{gen, option{0, "id", "N"}, "v2 local ID (default: your uid for person, gid for group)",
			setUint(32, func(n uint64) { id := uint32(n); c.id = &id })},
		{inspect, option{'o', "output", "LIST"}, "the columns to print, by name, comma-separated; +LIST\nadds them to the default ones (see Columns below)", c.setColumns},
		{inspect, option{'r', "raw", ""}, "raw output: cells separated by one space, with space,\nbackslash and other bytes outside printable ASCII as \\xNN", on(&c.raw)},
		{inspect, option{'J', "json", ""}, "print a JSON document, as uuidparse -J does", on(&c.json)},
		{inspect, option{'n', "noheadings", ""}, "do not print the header line", on(&c.noHeadings)},
		{inspect, option{0, "from", "F"}, "every word is in form F, one of ulid, base58, base57,\nbase64url, base36 and base32 (never guessed);\nwithout --from, canonical, hex, braced or urn", c.setFrom},
		{facade, option{'d', "decode", ""}, "decode: print the v7 of each façade (v4)", on(&c.decode)},
		{facade, option{0, "key-env", "NAME"}, "read the key from environment variable NAME\n(default " + keyEnvDefault + ")", c.setKeyEnv},
		{facade, option{0, "key-file", "PATH"}, "read the key from the file PATH", func(_, val string) error { c.keyFile = val; return nil }},
		{place, option{0, "kafka", "N"}, "the Kafka partition of each UUID key, as text and as\n16 bytes, among N partitions, for each client family", c.setKafka},
		{place, option{0, "redis", ""}, "the Redis Cluster slot of each UUID key in each text\nform and as 16 bytes", on(&c.redis)},
		{place, option{0, "cassandra", ""}, "the Cassandra and ScyllaDB token of a partition key\nthat is the UUID alone", on(&c.cassandra)},
		{gen | inspect | facade | place, option{'h', "help", ""}, "print this help", to(help)},
		{gen | inspect | facade | place, option{'V', "version", ""}, "print the version of uuid", to(version)},
	}
}

// A rule is flags that do not fit together, and the usage error that
// reports them. In msg, {v} is the version, {by} the flag that chose it,
// {arg} the first argument that is not a flag, {form} the --format form
// and {domain} the --domain value, as given.
type rule struct {
	in     command
	broken func(c *config) bool
	msg    string
}

// rules are checked in order once every flag is read; the first broken one
// is the error.
var rules = []rule{
	{gen, func(c *config) bool { return len(c.args) > 0 }, "unexpected argument {arg} (commands are gen and inspect; --at TIME sets a time)"},
	{gen, func(c *config) bool { return (c.version == 3 || c.version == 5) && (c.ns == nil || c.name == nil) }, "v{v} ({by}) needs both -n NAMESPACE and -N NAME"},
	{gen, func(c *config) bool { return c.version == 8 && (c.ns == nil) != (c.name == nil) }, "v8 needs both -n NAMESPACE and -N NAME for a name-based UUID, or neither for a random one"},
	{gen, func(c *config) bool { return versions[c.version].hash == nil && (c.ns != nil || c.name != nil) }, "-n and -N apply to v3, v5 and v8 only, not v{v} ({by})"},
	{gen, func(c *config) bool { return c.hex && c.name == nil }, "-x reads the -N name as hex, but there is no -N NAME"},
	{gen, func(c *config) bool { return c.atText != "" && !versions[c.version].at }, "--at applies to v1, v6 and v7 only, not v{v} ({by})"},
	{gen, func(c *config) bool { return c.version != 2 && (c.domainText != "" || c.id != nil) }, "--domain and --id apply to v2 only, not v{v} ({by})"},
	{gen, func(c *config) bool { return c.version == 2 && c.id == nil && c.domain > uuid.DomainGroup }, "--domain {domain} needs --id N (only person and group have a default ID)"},
	{gen, func(c *config) bool { return c.upperFlag && !c.form.upper }, "--upper: the {form} form is written in one case only"},
	{inspect, func(c *config) bool { return c.raw && c.json }, "-r (--raw) and -J (--json) exclude each other"},
	{facade, func(c *config) bool { return c.keyEnv != "" && c.keyFile != "" }, "--key-env and --key-file exclude each other"},
	{place, func(c *config) bool { return c.kafka == 0 && !c.redis && !c.cassandra }, "place needs --kafka N, --redis or --cassandra"},
}

// broken returns the index of the first rule c breaks, or -1.
func (c *config) broken() int {
	for i, r := range rules {
		if r.in&c.cmd != 0 && r.broken(c) {
			return i
		}
	}
	return -1
}

// ruleError is the usage error of rule i.
func (c *config) ruleError(i int) error {
	arg := ""
	if len(c.args) > 0 {
		arg = clip(c.args[0], false)
	}
	return &usageError{strings.NewReplacer("{v}", strconv.Itoa(c.version), "{by}", c.vflag, "{arg}", arg,
		"{form}", c.form.name, "{domain}", clip(c.domainText, false)).Replace(rules[i].msg)}
}
