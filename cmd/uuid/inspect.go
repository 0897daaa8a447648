package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/afb7af96/uuid"
)

// maxLine bounds one line of inspect input.
const maxLine = 1 << 20

// Widths of the text columns; a wider value pushes the rest of its row right.
const (
	uuidWidth     = len("00000000-0000-0000-0000-000000000000")
	variantWidth  = len("Microsoft")
	typeWidth     = len("5 (name-based SHA-1)")
	timeWidth     = len("2022-02-22T19:22:22.0000000Z")
	clockSeqWidth = len("CLOCKSEQ")
	nodeWidth     = len("9f:6b:de:ce:d8:46 (random, multicast bit set)")
)

// Time layouts: v1, v2 and v6 count 100 ns ticks, v7 counts milliseconds.
const (
	tickLayout   = "2006-01-02T15:04:05.0000000Z07:00"
	millisLayout = "2006-01-02T15:04:05.000Z07:00"
)

// versionNames are the RFC 9562 names of the versions, indexed by number.
var versionNames = [16]string{
	0: "unused", 1: "time-based", 2: "DCE security", 3: "name-based MD5", 4: "random",
	5: "name-based SHA-1", 6: "reordered time", 7: "Unix time", 8: "custom",
	9: "reserved", 10: "reserved", 11: "reserved", 12: "reserved", 13: "reserved", 14: "reserved", 15: "reserved",
}

// report describes one input; it is also the -json output, so its keys are stable.
type report struct {
	UUID        string  `json:"uuid"` // canonical form, or the input when it is not a UUID
	Variant     string  `json:"variant,omitempty"`
	Version     *int    `json:"version,omitempty"`
	VersionName string  `json:"version_name,omitempty"` // "nil" and "max" for those two
	Time        string  `json:"time,omitempty"`
	ClockSeq    *uint16 `json:"clock_seq,omitempty"`
	Node        string  `json:"node,omitempty"`
	NodeRandom  *bool   `json:"node_random,omitempty"`
	Domain      string  `json:"domain,omitempty"`
	ID          *uint32 `json:"id,omitempty"`
	Error       string  `json:"error,omitempty"`
}

// describe fills r with what the layout of u holds.
func describe(u uuid.UUID) report {
	r := report{UUID: u.String(), Variant: u.Variant().String()}
	switch {
	case u == uuid.Nil():
		r.VersionName = "nil"
		return r
	case u == uuid.Max():
		r.VersionName = "max"
		return r
	case u.Variant() != uuid.VariantRFC9562:
		// Other variants define no version field.
		return r
	}
	v := int(u.Version())
	r.Version = &v
	r.VersionName = versionNames[v&15]
	if t, ok := u.Time(); ok {
		layout := tickLayout
		if v == 7 {
			layout = millisLayout
		}
		r.Time = t.UTC().Format(layout)
	}
	if seq, ok := u.ClockSequence(); ok {
		r.ClockSeq = &seq
	}
	if node, ok := u.NodeID(); ok {
		var b []byte
		for i, octet := range node {
			if i > 0 {
				b = append(b, ':')
			}
			b = append(b, hexDigits[octet>>4], hexDigits[octet&15])
		}
		r.Node = string(b)
		// RFC 9562, Section 6.10: a random node sets the multicast bit, the
		// least significant bit of the first octet, which no real MAC sets.
		random := node[0]&1 != 0
		r.NodeRandom = &random
	}
	if d, ok := u.Domain(); ok {
		r.Domain = d.String()
	}
	if id, ok := u.LocalID(); ok {
		r.ID = &id
	}
	return r
}

const hexDigits = "0123456789abcdef"

// typeColumn is the TYPE column: "7 (Unix time)", "nil", "max" or "unknown".
func (r *report) typeColumn() string {
	switch {
	case r.Error != "":
		return "invalid"
	case r.Version != nil:
		return strconv.Itoa(*r.Version) + " (" + r.VersionName + ")"
	case r.VersionName != "":
		return r.VersionName
	}
	return "unknown"
}

// inspector prints reports as a table or as JSON lines.
type inspector struct {
	w      *bufio.Writer
	enc    *json.Encoder // nil for the table
	stderr io.Writer
	row    []byte
}

func runInspect(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("uuid inspect", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var asJSON, noHeadings bool
	fs.BoolVar(&asJSON, "json", false, "")
	fs.BoolVar(&asJSON, "J", false, "")
	fs.BoolVar(&noHeadings, "noheadings", false, "")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return printUsage(stdout)
		}
		return usageError(stderr, "inspect: %v", err)
	}

	in := &inspector{w: bufio.NewWriterSize(stdout, outBufSize), stderr: stderr}
	if asJSON {
		in.enc = json.NewEncoder(in.w)
		in.enc.SetEscapeHTML(false)
	} else if !noHeadings {
		in.header()
	}

	status := exitOK
	if fs.NArg() > 0 {
		for i, arg := range fs.Args() {
			arg = strings.TrimSpace(arg)
			if arg == "" {
				continue
			}
			if !in.inspect([]byte(arg), "argument "+strconv.Itoa(i+1)) {
				status = exitInvalid
			}
		}
	} else {
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64<<10), maxLine)
		for line := 1; sc.Scan(); line++ {
			text := bytes.TrimSpace(sc.Bytes())
			if len(text) == 0 {
				continue
			}
			if !in.inspect(text, "line "+strconv.Itoa(line)) {
				status = exitInvalid
			}
		}
		if err := sc.Err(); err != nil {
			in.w.Flush()
			if errors.Is(err, bufio.ErrTooLong) {
				err = fmt.Errorf("a line is longer than %d bytes", maxLine)
			}
			fmt.Fprintf(stderr, "uuid inspect: reading input: %v\n", err)
			return exitInvalid
		}
	}
	if err := in.w.Flush(); err != nil {
		fmt.Fprintf(stderr, "uuid inspect: %v\n", err)
		return exitInvalid
	}
	return status
}

// inspect prints one input, where names its place for error messages
// ("line 3"). It reports whether text is a UUID.
func (in *inspector) inspect(text []byte, where string) bool {
	u, err := uuid.ParseBytes(text)
	var r report
	if err != nil {
		msg := parseErrorText(err)
		r = report{UUID: string(text), Error: where + ": " + msg}
		if in.enc == nil {
			in.w.Flush() // so that on a terminal the message follows the rows before it
			fmt.Fprintf(in.stderr, "uuid inspect: %s: %s\n", where, msg)
		}
	} else {
		r = describe(u)
	}
	if in.enc != nil {
		if err := in.enc.Encode(&r); err != nil {
			fmt.Fprintf(in.stderr, "uuid inspect: %v\n", err)
		}
	} else {
		in.print(&r)
	}
	return err == nil
}

// parseErrorText says what is wrong with the text, with the offset of the first bad byte.
func parseErrorText(err error) string {
	var pe *uuid.ParseError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	if pe.Offset < 0 {
		return fmt.Sprintf("%s is not a UUID: bad length: %s", strconv.Quote(pe.Input), pe.Msg)
	}
	return fmt.Sprintf("%s is not a UUID: %s at offset %d", strconv.Quote(pe.Input), pe.Msg, pe.Offset)
}

func (in *inspector) header() {
	in.writeRow("UUID", "VARIANT", "TYPE", "TIME", "CLOCKSEQ", "NODE", "DCE")
}

func (in *inspector) print(r *report) {
	if r.Error != "" {
		in.writeRow(printable(r.UUID), "invalid", "", "", "", "", "")
		return
	}
	var seq, dce string
	if r.ClockSeq != nil {
		seq = strconv.Itoa(int(*r.ClockSeq))
	}
	node := r.Node
	if r.NodeRandom != nil && *r.NodeRandom {
		node += " (random, multicast bit set)"
	}
	if r.Domain != "" {
		dce = r.Domain
		if r.ID != nil {
			dce += " " + strconv.FormatUint(uint64(*r.ID), 10)
		}
	}
	in.writeRow(r.UUID, r.Variant, r.typeColumn(), r.Time, seq, node, dce)
}

// writeRow writes aligned columns, without trailing spaces.
func (in *inspector) writeRow(cols ...string) {
	widths := [...]int{uuidWidth, variantWidth, typeWidth, timeWidth, clockSeqWidth, nodeWidth}
	b := in.row[:0]
	for i, col := range cols {
		b = append(b, col...)
		if i < len(widths) {
			for n := utf8.RuneCountInString(col); n < widths[i]+2; n++ {
				b = append(b, ' ')
			}
		}
	}
	b = append(bytes.TrimRight(b, " "), '\n')
	in.w.Write(b)
	in.row = b
}

// printable returns s if it prints as itself on one line, else s quoted.
// (CanBackquote rejects control characters other than tab, and backquotes.)
func printable(s string) string {
	if strconv.CanBackquote(s) && !strings.ContainsRune(s, '\t') {
		return s
	}
	return strconv.Quote(s)
}
