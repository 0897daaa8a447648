package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"

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

// report describes one input; it is also the --json-lines output, so its keys are stable.
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
		r.Node = net.HardwareAddr(node[:]).String()
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

// typeColumn is the TYPE column of a UUID: "7 (Unix time)", "nil", "max" or "unknown".
func (r *report) typeColumn() string {
	switch {
	case r.Version != nil:
		return strconv.Itoa(*r.Version) + " (" + r.VersionName + ")"
	case r.VersionName != "":
		return r.VersionName
	}
	return "unknown"
}

// uuidparseTypes are the TYPE names uuidparse (util-linux 2.41) gives the
// versions of the RFC 9562 variant; other versions are "unknown".
var uuidparseTypes = [...]string{
	1: "time-based", 2: "DCE", 3: "name-based", 4: "random",
	5: "sha1-based", 6: "time-v6", 7: "time-v7", 8: "vendor",
}

// uuidparseTimeLayout is how uuidparse prints a time (ISO_TIMESTAMP_COMMA).
// uuidparse prints local time; inspect prints UTC, so that its output does
// not depend on the machine.
const uuidparseTimeLayout = "2006-01-02 15:04:05,000000-07:00"

// docReport is one element of the -J document: uuidparse's four keys with
// its spellings, where an empty cell is null, then the keys of report
// that are not already there.
type docReport struct {
	UUID    string  `json:"uuid"`
	Variant string  `json:"variant"` // NCS, DCE, Microsoft, other or invalid
	Type    *string `json:"type"`
	Time    *string `json:"time"`

	VariantName string  `json:"variant_name,omitempty"` // the library's name: "RFC 9562"
	Version     *int    `json:"version,omitempty"`
	VersionName string  `json:"version_name,omitempty"`
	TimeRFC3339 string  `json:"time_rfc3339,omitempty"` // to the precision of the version, also for v2
	ClockSeq    *uint16 `json:"clock_seq,omitempty"`
	Node        string  `json:"node,omitempty"`
	NodeRandom  *bool   `json:"node_random,omitempty"`
	Domain      string  `json:"domain,omitempty"`
	ID          *uint32 `json:"id,omitempty"`
	Error       string  `json:"error,omitempty"`
}

// documentReport converts r, the report of u (ignored if r.Error is set),
// to the -J form.
func documentReport(u uuid.UUID, r *report) docReport {
	d := docReport{UUID: r.UUID, Error: r.Error}
	if r.Error != "" {
		invalid := "invalid"
		d.Variant, d.Type, d.Time = invalid, &invalid, &invalid
		return d
	}
	d.VariantName, d.Version, d.VersionName = r.Variant, r.Version, r.VersionName
	d.TimeRFC3339, d.ClockSeq, d.Node, d.NodeRandom = r.Time, r.ClockSeq, r.Node, r.NodeRandom
	d.Domain, d.ID = r.Domain, r.ID
	switch u.Variant() {
	case uuid.VariantNCS:
		d.Variant = "NCS"
	case uuid.VariantMicrosoft:
		d.Variant = "Microsoft"
	case uuid.VariantFuture:
		d.Variant = "other"
	default:
		d.Variant = "DCE"
		v := u.Version()
		typ := "unknown"
		if int(v) < len(uuidparseTypes) && uuidparseTypes[v] != "" {
			typ = uuidparseTypes[v]
		}
		d.Type = &typ
		if t, ok := u.Time(); ok && (v == 1 || v == 6 || v == 7) {
			s := t.UTC().Format(uuidparseTimeLayout)
			d.Time = &s
		}
	}
	return d
}

// An outputMode is how inspect prints.
type outputMode int

const (
	modeTable     outputMode = iota
	modeJSON                 // -J: one document, as uuidparse -J
	modeJSONLines            // --json-lines: one report per line
)

// inspectConfig is the parsed inspect command line.
type inspectConfig struct {
	mode       outputMode
	modeFlag   string // the flag that set mode, for conflicts
	noHeadings bool
	args       []string // UUIDs to inspect; none means stdin
}

// setMode returns a flag's set function that selects mode m.
func setMode(m outputMode) func(*inspectConfig, string, string) error {
	return func(c *inspectConfig, spelled, _ string) error {
		if c.modeFlag != "" {
			return fmt.Errorf("conflicts with %s", c.modeFlag)
		}
		c.mode, c.modeFlag = m, spelled
		return nil
	}
}

// inspectFlags defines the inspect flags.
var inspectFlags = []flagDef[inspectConfig]{
	{short: 'J', long: "json", set: setMode(modeJSON),
		help: "print one JSON document, {\"uuids\":[...]}, as\n" +
			"uuidparse -J does: its keys uuid, variant, type and\n" +
			"time, with its spellings (but time in UTC) and null\n" +
			"where it prints nothing; then ours: variant_name,\n" +
			"version, version_name, time_rfc3339, clock_seq, node,\n" +
			"node_random, domain, id and error"},
	{long: "json-lines", set: setMode(modeJSONLines),
		help: "print one JSON object per line, for streams, with the\n" +
			"keys uuid, variant, version, version_name, time,\n" +
			"clock_seq, node, node_random, domain, id and error\n" +
			"(absent ones omitted)"},
	{short: 'n', long: "noheadings", help: "do not print the header line",
		set: func(c *inspectConfig, _, _ string) error {
			c.noHeadings = true
			return nil
		}},
	{short: 'h', long: "help", help: "print this help", stop: true, set: func(*inspectConfig, string, string) error { return nil }},
	{short: 'V', long: "version", help: "print the version of uuid", stop: true, set: func(*inspectConfig, string, string) error { return nil }},
}

// parseInspect parses the inspect command line.
func parseInspect(args []string) (config, error) {
	var c inspectConfig
	rest, stopped, err := parseFlags(inspectFlags, &c, args)
	switch {
	case err != nil:
		return config{}, usagef("inspect: %v", err)
	case stopped != nil:
		return config{cmd: stopCommand(stopped.long)}, nil
	}
	c.args = rest
	return config{cmd: cmdInspect, inspect: c}, nil
}

// inspector prints reports in one of the output modes.
type inspector struct {
	w      *bufio.Writer
	mode   outputMode
	stderr io.Writer
	n      int // reports printed
	row    []byte
}

// run inspects the arguments, or the lines of stdin, and returns the exit status.
func (c *inspectConfig) run(stdin io.Reader, stdout, stderr io.Writer) int {
	in := &inspector{w: bufio.NewWriterSize(stdout, outBufSize), mode: c.mode, stderr: stderr}
	switch {
	case c.mode == modeJSON:
		in.w.WriteString(`{"uuids":[`)
	case c.mode == modeTable && !c.noHeadings:
		in.header()
	}

	status := exitOK
	if len(c.args) > 0 {
		for i, arg := range c.args {
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
			in.end()
			in.w.Flush()
			if errors.Is(err, bufio.ErrTooLong) {
				err = fmt.Errorf("a line is longer than %d bytes", maxLine)
			}
			fmt.Fprintf(stderr, "uuid inspect: reading input: %v\n", err)
			return exitInvalid
		}
	}
	in.end()
	if err := in.w.Flush(); err != nil {
		fmt.Fprintf(stderr, "uuid inspect: %v\n", err)
		return exitInvalid
	}
	return status
}

// end closes the -J document.
func (in *inspector) end() {
	if in.mode == modeJSON {
		in.w.WriteString("\n]}\n")
	}
}

// inspect prints one input, where names its place for error messages
// ("line 3"). It reports whether text is a UUID.
func (in *inspector) inspect(text []byte, where string) bool {
	u, err := uuid.ParseBytes(text)
	var r report
	if err != nil {
		msg := parseErrorText(err)
		r = report{UUID: string(text), Error: where + ": " + msg}
		if in.mode == modeTable {
			in.w.Flush() // so that on a terminal the message follows the rows before it
			fmt.Fprintf(in.stderr, "uuid inspect: %s: %s\n", where, msg)
		}
	} else {
		r = describe(u)
	}
	switch in.mode {
	case modeTable:
		in.print(&r)
	case modeJSON:
		sep := ",\n"
		if in.n == 0 {
			sep = "\n"
		}
		in.w.WriteString(sep)
		in.writeJSON(documentReport(u, &r))
	default:
		in.writeJSON(&r)
		in.w.WriteByte('\n')
	}
	in.n++
	return err == nil
}

// writeJSON writes v as JSON on one line, without a newline. The reports
// hold only strings, numbers and booleans, so encoding cannot fail.
func (in *inspector) writeJSON(v any) {
	b, _ := json.Marshal(v)
	in.w.Write(b)
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
		in.writeRow(cell(r.UUID, uuidWidth), "invalid", "", "", "", "", "")
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

// writeRow writes aligned columns, without trailing spaces. Every cell but
// the last is printable ASCII no wider than its column.
func (in *inspector) writeRow(cols ...string) {
	widths := [...]int{uuidWidth, variantWidth, typeWidth, timeWidth, clockSeqWidth, nodeWidth}
	b := in.row[:0]
	for i, col := range cols {
		b = append(b, col...)
		if i < len(widths) {
			for n := len(col); n < widths[i]+2; n++ {
				b = append(b, ' ')
			}
		}
	}
	b = append(bytes.TrimRight(b, " "), '\n')
	in.w.Write(b)
	in.row = b
}

// cell returns s as a table cell at most width bytes wide: s itself if it is
// printable ASCII, else s quoted with Go escapes (so that control bytes
// cannot move the cursor and wide characters cannot shift the columns),
// with its end replaced by "..." if it is too long.
func cell(s string, width int) string {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			s = strconv.QuoteToASCII(s)
			break
		}
	}
	if len(s) > width {
		s = s[:width-len("...")] + "..."
	}
	return s
}
