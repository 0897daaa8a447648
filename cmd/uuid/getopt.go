package main

import (
	"slices"
	"strings"
)

// An option is one flag a getopt reads: -s, --long, or both.
type option struct {
	short byte   // the letter after "-", or 0 for none
	long  string // the name after "--", or "" for none
	arg   string // the name of its value in messages, or "" if it takes none
}

// A getopt reads flags as GNU getopt_long does, with permutation: -v7 or
// -v 7, -C5, -sx for -s -x, --count=5 or --count 5, a unique prefix of a
// long name after "--", operands before, between or after the flags, and
// "--" ending the flags. As getopt_long_only reads them, a whole long name
// after one dash (-count) is that flag too; a word that is not one is a
// cluster of short flags.
type getopt struct {
	opts     []option
	args     []string // the words not read yet
	cluster  string   // the short flags left of the word being read
	operands []string // the words that are not flags, in order
}

// A flagError is a flag that cannot be read: unknown, ambiguous, with a
// value where it takes none, or without the value it needs. An unknown
// flag is echoed through clip, so its message stays short and printable.
type flagError struct{ msg string }

func (e *flagError) Error() string { return e.msg }

// next reads the next flag: its index in opts, how it was written (-C,
// --count, --cou or -count) and its value, "" if it takes none. The index
// is -1 when no flag is left; operands then holds every word that was not
// a flag.
func (g *getopt) next() (opt int, flag, val string, err error) {
	for g.cluster == "" {
		if len(g.args) == 0 {
			return -1, "", "", nil
		}
		a := g.args[0]
		g.args = g.args[1:]
		switch {
		case a == "--":
			g.operands, g.args = append(g.operands, g.args...), nil
		case len(a) < 2 || a[0] != '-':
			g.operands = append(g.operands, a)
		default: // a long flag, or else a cluster of short ones
			name, val, attached := strings.Cut(a[1:], "=")
			i, err := g.long(strings.TrimPrefix(name, "-"), strings.HasPrefix(name, "-"))
			if err != nil {
				return -1, "", "", err
			}
			if i >= 0 {
				return g.take(i, "-"+name, val, attached)
			}
			g.cluster = a[1:]
		}
	}
	return g.short()
}

// long returns the index of the option named name or, if prefix is set,
// of the only one whose name starts with name. It returns -1 for a word
// that is not a long flag and may be a cluster of short ones.
func (g *getopt) long(name string, prefix bool) (int, error) {
	var starts []int // the options whose names start with name
	for i, o := range g.opts {
		if o.long != "" && o.long == name {
			return i, nil
		}
		if o.long != "" && strings.HasPrefix(o.long, name) {
			starts = append(starts, i)
		}
	}
	switch {
	case !prefix:
		return -1, nil
	case len(starts) == 0:
		return -1, &flagError{"unknown flag --" + clip(name, false)}
	case len(starts) > 1: // the message names the first and the last
		return -1, &flagError{"flag --" + name + " is ambiguous: it begins --" + g.opts[starts[0]].long +
			", --" + g.opts[starts[len(starts)-1]].long + " and maybe more"}
	}
	return starts[0], nil
}

// short reads the first flag of the cluster.
func (g *getopt) short() (int, string, string, error) {
	flag := "-" + g.cluster[:1]
	i := slices.IndexFunc(g.opts, func(o option) bool { return o.short == g.cluster[0] })
	if g.cluster = g.cluster[1:]; i >= 0 && g.opts[i].arg == "" {
		return i, flag, "", nil
	}
	val := g.cluster // the rest of the cluster is the value
	g.cluster = ""
	if i < 0 {
		return -1, "", "", &flagError{"unknown flag " + clip(flag, false)}
	}
	return g.take(i, flag, val, val != "")
}

// take returns option i, written as flag, with a value attached to it or
// else (if it takes one) the next word.
func (g *getopt) take(i int, flag, val string, attached bool) (int, string, string, error) {
	switch arg := g.opts[i].arg; {
	case arg == "" && attached:
		return -1, "", "", &flagError{"flag " + flag + " takes no value"}
	case arg != "" && !attached && len(g.args) == 0:
		return -1, "", "", &flagError{"flag " + flag + " needs a value (" + arg + ")"}
	case arg != "" && !attached:
		val, g.args = g.args[0], g.args[1:]
	}
	return i, flag, val, nil
}
