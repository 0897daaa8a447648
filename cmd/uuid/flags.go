package main

import (
	"fmt"
	"strings"
)

// This file is a small getopt_long parser driven by tables of flagDef. It
// follows GNU getopt, which util-linux uuidgen and uuidparse use:
//
//   - short flags cluster and take attached values: -sx, -v7, -C5, -n@dns;
//   - long flags take "--name=value" or "--name value";
//   - a flag's value is the next argument whatever it looks like, so
//     -N --time names "--time" and -C -1 is a bad count, not two flags;
//   - arguments that are not flags may come before, between or after the
//     flags, and "--" ends the flags;
//   - an unknown flag, a repeated one, or a value where none belongs is an
//     error naming it.
//
// It adds one habit of getopt_long_only, for the flags this command had
// before it used getopt: a single dash followed by a whole long name, such
// as -format or -upper, is that long flag. Any other single-dash word is a
// cluster of short flags. Long names are never abbreviated.

// A flagDef defines one flag of a command, for parsing and for the usage text.
type flagDef[C any] struct {
	short byte   // the letter after "-", or 0
	long  string // the name after "--", or ""
	arg   string // the value's name in the usage text; "" for a flag without a value
	help  string // usage text; "\n" starts a continuation line
	// set records the flag in the configuration. spelled is the flag as
	// the user wrote it ("-v", "--count"); val is "" for a flag without a
	// value. An error is reported as an invalid value (or, for a flag
	// without a value, as the message itself).
	set func(c *C, spelled, val string) error
	// stop ends parsing when the flag is seen, as -h and -V do.
	stop bool
}

// A usageError is a mistake on the command line, reported with exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) *usageError {
	return &usageError{fmt.Sprintf(format, args...)}
}

// spelling returns the flag as the usage text names it: "-r, --random",
// "-v" or "--format".
func (d *flagDef[C]) spelling() string {
	switch {
	case d.short != 0 && d.long != "":
		return "-" + string(d.short) + ", --" + d.long
	case d.short != 0:
		return "-" + string(d.short)
	}
	return "--" + d.long
}

// parseFlags applies the flags in args to c and returns the other arguments
// in order. It stops at the first error, and at a stop flag, which it
// reports as stopped.
func parseFlags[C any](defs []flagDef[C], c *C, args []string) (rest []string, stopped *flagDef[C], err error) {
	seen := make(map[*flagDef[C]]string) // flag -> how it was first written
	// apply records one use of d, written as spelled, with value val.
	apply := func(d *flagDef[C], spelled, val string) error {
		if first, ok := seen[d]; ok {
			if first == spelled {
				return usagef("flag %s repeated", spelled)
			}
			return usagef("flag %s repeated (already given as %s)", spelled, first)
		}
		seen[d] = spelled
		if err := d.set(c, spelled, val); err != nil {
			if d.arg == "" {
				return usagef("%s: %v", spelled, err)
			}
			return usagef("invalid value %q for flag %s: %v", val, spelled, err)
		}
		return nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(rest, args[i+1:]...), nil, nil
		case len(a) < 2 || a[0] != '-':
			rest = append(rest, a) // "-" alone is an argument, as for getopt
			continue
		}
		// A long flag: --name, --name=value, or a single-dash whole long name.
		name, val, hasVal := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		long := strings.HasPrefix(a, "--")
		d := lookupLong(defs, name)
		if long || d != nil {
			spelled := "--" + name
			if !long {
				spelled = "-" + name
			}
			switch {
			case d == nil:
				return nil, nil, usagef("unknown flag %s", spelled)
			case d.arg == "" && hasVal:
				return nil, nil, usagef("flag %s takes no value", spelled)
			case d.arg != "" && !hasVal:
				if i+1 == len(args) {
					return nil, nil, usagef("flag %s needs a value (%s)", spelled, d.arg)
				}
				i++
				val = args[i]
			}
			if err := apply(d, spelled, val); err != nil {
				return nil, nil, err
			}
			if d.stop {
				return rest, d, nil
			}
			continue
		}
		// A cluster of short flags; one that takes a value ends it.
		for j := 1; j < len(a); j++ {
			d := lookupShort(defs, a[j])
			spelled := "-" + string(a[j])
			if d == nil {
				if len(a) > 2 {
					return nil, nil, usagef("unknown flag %s (in %s)", quoteFlag(a[j]), a)
				}
				return nil, nil, usagef("unknown flag %s", quoteFlag(a[j]))
			}
			val := ""
			if d.arg != "" {
				switch {
				case j+1 < len(a):
					val = a[j+1:]
				case i+1 < len(args):
					i++
					val = args[i]
				default:
					return nil, nil, usagef("flag %s needs a value (%s)", spelled, d.arg)
				}
				j = len(a)
			}
			if err := apply(d, spelled, val); err != nil {
				return nil, nil, err
			}
			if d.stop {
				return rest, d, nil
			}
		}
	}
	return rest, nil, nil
}

// quoteFlag spells an unknown short flag, quoting a byte that would not print.
func quoteFlag(b byte) string {
	if b > ' ' && b < 0x7f {
		return "-" + string(b)
	}
	return fmt.Sprintf("-%q", string(b))
}

func lookupLong[C any](defs []flagDef[C], name string) *flagDef[C] {
	for i := range defs {
		if defs[i].long != "" && defs[i].long == name {
			return &defs[i]
		}
	}
	return nil
}

func lookupShort[C any](defs []flagDef[C], b byte) *flagDef[C] {
	for i := range defs {
		if defs[i].short != 0 && defs[i].short == b {
			return &defs[i]
		}
	}
	return nil
}

// helpColumn is where the help text of a flag starts in the usage text.
const helpColumn = 24

// writeFlagUsage appends the usage lines of defs to b, one flag per entry:
//
//	-C, --count N         how many UUIDs to print (default 1)
func writeFlagUsage[C any](b *strings.Builder, defs []flagDef[C]) {
	for i := range defs {
		d := &defs[i]
		head := "  " + d.spelling()
		if d.short == 0 {
			head = "      " + d.spelling() // under the long names of "-r, --random"
		}
		if d.arg != "" {
			head += " " + d.arg
		}
		lines := strings.Split(d.help, "\n")
		b.WriteString(head)
		if len(head) >= helpColumn-1 {
			b.WriteString("\n")
			b.WriteString(strings.Repeat(" ", helpColumn))
		} else {
			b.WriteString(strings.Repeat(" ", helpColumn-len(head)))
		}
		b.WriteString(lines[0])
		b.WriteString("\n")
		for _, l := range lines[1:] {
			b.WriteString(strings.Repeat(" ", helpColumn))
			b.WriteString(l)
			b.WriteString("\n")
		}
	}
}
