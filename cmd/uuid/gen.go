package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/afb7af96/uuid"
)

// chooseVersion returns the do function of a flag that chooses version v,
// or for v 0 the version in its value ("7"), for v -1 in python's
// spelling ("uuid7"). Two flags that choose different versions conflict.
func chooseVersion(fixed int) func(c *config, flag, val string) error {
	return func(c *config, flag, val string) error {
		v := fixed
		if v <= 0 {
			n, python := strings.CutPrefix(val, "uuid")
			var err error
			if v, err = strconv.Atoi(n); python != (fixed < 0) || err != nil || v < 1 || v > 8 {
				return errors.New("want a version from 1 to 8")
			}
			flag += " " + val
		}
		if c.version != 0 && c.version != v {
			return usagef("%s (v%d) conflicts with %s (v%d)", flag, v, c.vflag, c.version)
		}
		c.version, c.vflag = v, flag
		return nil
	}
}

func setNamespace(c *config, _, val string) (err error) {
	ns := map[string]func() uuid.UUID{"dns": uuid.NamespaceDNS, "url": uuid.NamespaceURL,
		"oid": uuid.NamespaceOID, "x500": uuid.NamespaceX500}[strings.ToLower(strings.TrimPrefix(val, "@"))]
	if ns != nil {
		c.ns = ns()
	} else if c.ns, err = uuid.Parse(val); err != nil {
		return errors.New("want @dns, @url, @oid, @x500 or a UUID")
	}
	return nil
}

// setUint returns the do function of a flag whose value is a whole number
// below 2^bits, which put stores. A "+" may lead, as uuidgen -C takes it.
func setUint(bits int, put func(*config, uint64)) func(*config, string, string) error {
	return func(c *config, _, val string) error {
		n, err := strconv.ParseUint(strings.TrimPrefix(val, "+"), 10, bits)
		put(c, n)
		return ifOK(fmt.Errorf("want a whole number from 0 to %d", uint64(1)<<bits-1), err != nil)
	}
}

func setDomain(c *config, _, val string) error {
	d, ok := map[string]uuid.Domain{"person": uuid.DomainPerson, "group": uuid.DomainGroup, "org": uuid.DomainOrg}[strings.ToLower(val)]
	if n, err := strconv.ParseUint(val, 10, 8); !ok && err != nil {
		return errors.New("want person, group, org or a number from 0 to 255")
	} else if !ok {
		d = uuid.Domain(n)
	}
	c.domain = d
	return nil
}

// checkGen settles the version, decodes a hex name, and reports flags that
// do not fit together.
func (c *config) checkGen() error {
	if len(c.args) > 0 {
		return usagef("unexpected argument %s (commands are gen and inspect; --at TIME sets a time)", clip(c.args[0], false))
	}
	if c.version == 0 {
		c.version, c.vflag = 4, "the default"
		if c.form.timed { // ULIDs and TypeIDs start with their time
			c.version, c.vflag = 7, "the default of --format "+c.form.name
		}
	}
	v, set := c.version, c.set
	switch {
	case (v == 3 || v == 5) && !(set["namespace"] && set["name"]):
		return usagef("v%d (%s) needs both -n NAMESPACE and -N NAME", v, c.vflag)
	case v == 8 && set["namespace"] != set["name"]:
		return usagef("v8 needs both -n NAMESPACE and -N NAME for a name-based UUID, or neither for a random one")
	case versions[v].hash == nil && (set["namespace"] || set["name"]):
		return usagef("-n and -N apply to v3, v5 and v8 only, not v%d (%s)", v, c.vflag)
	case set["hex"] && !set["name"]:
		return usagef("-x reads the -N name as hex, but there is no -N NAME")
	case set["at"] && versions[v].at == nil:
		return usagef("--at applies to v1, v6 and v7 only, not v%d (%s)", v, c.vflag)
	case v != 2 && (set["domain"] || set["id"]):
		return usagef("--domain and --id apply to v2 only, not v%d (%s)", v, c.vflag)
	case v == 2 && !set["id"] && c.domain != uuid.DomainPerson && c.domain != uuid.DomainGroup:
		return usagef("--domain %s needs --id N (only person and group have a default ID)", c.domain)
	}
	if set["hex"] {
		b, err := hex.DecodeString(c.name)
		if err != nil {
			return usagef("-x: the name %s is not hex digits: %v", clip(c.name, false), err)
		}
		c.name = string(b)
	}
	if set["at"] {
		if err := c.checkAt(); err != nil {
			return err
		}
	}
	if set["upper"] {
		if !c.form.upper {
			return usagef("--upper: the %s form has no upper case", c.form.name)
		}
		c.upper = true
	}
	return nil
}

// versions is the table of versions: uuidparse's names of them (util-linux
// 2.41, the TYPE column of inspect), and how the default generator makes them
// now, at a given time, or from a namespace and name.
var versions = [16]struct {
	name string
	now  func() uuid.UUID
	at   func(time.Time) uuid.UUID
	hash func(ns uuid.UUID, name string) uuid.UUID
}{
	1: {"time-based", uuid.NewV1, uuid.NewV1At, nil},
	2: {"DCE", nil, nil, nil}, // filler makes them: they need a domain and ID
	3: {"name-based", nil, nil, uuid.NewV3},
	4: {"random", uuid.NewV4, nil, nil},
	5: {"sha1-based", nil, nil, uuid.NewV5},
	6: {"time-v6", uuid.NewV6, uuid.NewV6At, nil},
	7: {"time-v7", uuid.NewV7, uuid.NewV7At, nil},
	8: {"vendor", nil, nil, func(ns uuid.UUID, name string) uuid.UUID {
		return uuid.NewV8Hash(sha256.New(), ns, name)
	}},
}

// filler returns the function that fills a batch with new UUIDs.
func (c *config) filler() func([]uuid.UUID) error {
	v := versions[c.version]
	next := v.now
	switch {
	case c.set["at"]:
		return atFiller(c.version, c.at)
	case c.set["name"]:
		u := v.hash(c.ns, c.name)
		next = func() uuid.UUID { return u }
	case c.version == 4:
		return noError(uuid.FillV4)
	case c.version == 7:
		return noError(uuid.FillV7)
	case c.version == 8:
		return func(dst []uuid.UUID) error {
			uuid.FillV4(dst) // 122 random bits, which NewV8 keeps
			for i, u := range dst {
				dst[i] = uuid.NewV8(u)
			}
			return nil
		}
	case c.version == 2:
		// The IDs default to the caller's (Windows has none: -1, taken as 0).
		d, id := c.domain, c.id
		switch {
		case c.set["id"]:
		case d == uuid.DomainGroup:
			id = uint32(max(os.Getgid(), 0))
		default:
			id = uint32(max(os.Getuid(), 0))
		}
		next = func() uuid.UUID { return uuid.NewV2(d, id) }
	}
	return noError(func(dst []uuid.UUID) {
		for i := range dst {
			dst[i] = next()
		}
	})
}

// noError returns fill as a filler that never fails.
func noError(fill func([]uuid.UUID)) func([]uuid.UUID) error {
	return func(dst []uuid.UUID) error { fill(dst); return nil }
}

// generate writes c.count UUIDs to w, one per line, a batch at a time.
func (c *config) generate(w *bufio.Writer) error {
	fill := c.filler()
	batch := make([]uuid.UUID, min(c.count, 1024))
	for left := c.count; left > 0; left -= uint64(len(batch)) {
		batch = batch[:min(left, uint64(len(batch)))]
		if err := fill(batch); err != nil {
			return err
		}
		for _, u := range batch {
			if _, err := w.Write(append(c.form.appendTo(w.AvailableBuffer(), u, c.upper), '\n')); err != nil {
				return err
			}
		}
	}
	return nil
}
