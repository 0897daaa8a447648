package main

import (
	"bufio"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/afb7af96/uuid"
)

// chooseVersion returns the set function of a flag that chooses version v,
// or for v 0 the version in its value ("7"), for v -1 in python's
// spelling ("uuid7"). Two flags that choose different versions conflict.
func (c *config) chooseVersion(fixed int) func(flag, val string) error {
	return func(flag, val string) error {
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

func (c *config) setNamespace(_, val string) error {
	ns := map[string]func() uuid.UUID{"dns": uuid.NamespaceDNS, "url": uuid.NamespaceURL,
		"oid": uuid.NamespaceOID, "x500": uuid.NamespaceX500}[strings.ToLower(strings.TrimPrefix(val, "@"))]
	u, err := uuid.Parse(val)
	if ns != nil {
		u, err = ns(), nil
	}
	c.ns = &u
	return ifOK(errors.New("want @dns, @url, @oid, @x500 or a UUID"), err != nil)
}

// setUint returns the set function of a flag whose value is a whole number
// below 2^bits, which put stores. A "+" may lead, as uuidgen -C takes it.
func setUint(bits int, put func(uint64)) func(string, string) error {
	return func(_, val string) error {
		n, err := strconv.ParseUint(strings.TrimPrefix(val, "+"), 10, bits)
		put(n)
		return ifOK(fmt.Errorf("want a whole number from 0 to %d", uint64(1)<<bits-1), err != nil)
	}
}

func (c *config) setDomain(_, val string) error {
	d, ok := map[string]uuid.Domain{"person": uuid.DomainPerson, "group": uuid.DomainGroup, "org": uuid.DomainOrg}[strings.ToLower(val)]
	if n, err := strconv.ParseUint(val, 10, 8); !ok && err != nil {
		return errors.New("want person, group, org or a number from 0 to 255")
	} else if !ok {
		d = uuid.Domain(n)
	}
	c.domain, c.domainText = d, val
	return nil
}

// versions is the table of versions: uuidparse's names of them (util-linux
// 2.41, the TYPE column of inspect), and how the default generator makes them
// now or from a namespace and name, and whether they have a time (which
// --at sets and inspect prints).
var versions = [16]struct {
	name string
	now  func() uuid.UUID
	at   bool
	hash func(ns uuid.UUID, name string) uuid.UUID
}{
	1: {"time-based", uuid.NewV1, true, nil},
	2: {"DCE", nil, false, nil}, // filler makes them: they need a domain and ID
	3: {"name-based", nil, false, uuid.NewV3},
	4: {"random", uuid.NewV4, false, nil},
	5: {"sha1-based", nil, false, uuid.NewV5},
	6: {"time-v6", uuid.NewV6, true, nil},
	7: {"time-v7", uuid.NewV7, true, nil},
	8: {"vendor", nil, false, func(ns uuid.UUID, name string) uuid.UUID {
		return uuid.NewV8Hash(sha256.New(), ns, name)
	}},
}

// filler returns the function that fills a batch with new UUIDs.
func (c *config) filler() func([]uuid.UUID) error {
	v := versions[c.version]
	next := v.now
	switch {
	case c.atText != "":
		return atFiller(c.version, c.at)
	case c.name != nil:
		u := v.hash(*c.ns, *c.name)
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
		id := uint32(max(os.Getuid(), 0))
		if c.domain == uuid.DomainGroup {
			id = uint32(max(os.Getgid(), 0))
		}
		id = *cmp.Or(c.id, &id)
		next = func() uuid.UUID { return uuid.NewV2(c.domain, id) }
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
