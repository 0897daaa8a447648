package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/afb7af96/uuid"
)

// A column is one column inspect can print. The first four are uuidparse's.
type column struct {
	name  string
	width int // the least width, as uuidparse hints it
	help  string
	cell  func(u uuid.UUID, in string) string // for a UUID written as in
}

var columns = []column{
	{"UUID", 37, "the input (canonical form for the other forms)", func(u uuid.UUID, in string) string {
		return cmp.Or(ifOK(in, len(in) == len("00000000-0000-0000-0000-000000000000")), u.String())
	}},
	{"VARIANT", 9, "NCS, DCE (RFC 9562's), Microsoft or other", func(u uuid.UUID, _ string) string {
		return [...]string{"NCS", "DCE", "Microsoft", "other"}[u.Variant()&3]
	}},
	{"TYPE", 10, "the version of a DCE UUID, in uuidparse's words", typeName},
	{"TIME", 31, "the time of v1, v6 and v7, in the local time zone", func(u uuid.UUID, in string) string {
		t, ok := u.Time()
		ok = ok && u.Variant() == uuid.VariantRFC9562 && versions[u.Version()&15].at // as uuidparse
		if u.Version() == 7 {
			t = t.Truncate(time.Millisecond) // uuidparse reads unix_ts_ms alone
		}
		return ifOK(t.Local().Format("2006-01-02 15:04:05,000000-07:00"), ok)
	}},
	{"VERSION", 0, "the version of a DCE UUID, as a number", func(u uuid.UUID, _ string) string {
		return ifOK(strconv.Itoa(int(u.Version())), u.Variant() == uuid.VariantRFC9562)
	}},
	{"CLOCKSEQ", 0, "the clock sequence of v1, v2 and v6", field(uuid.UUID.ClockSequence, func(n uint16) string {
		return strconv.Itoa(int(n))
	})},
	{"NODE", 0, "the node of v1, v2 and v6 (random if its first octet is odd)", field(uuid.UUID.NodeID, func(n [6]byte) string {
		return net.HardwareAddr(n[:]).String()
	})},
	{"DOMAIN", 0, "the DCE Security domain of v2: Person, Group, Org", field(uuid.UUID.Domain, uuid.Domain.String)},
	{"LOCALID", 0, "the local ID (such as a uid) of v2", field(uuid.UUID.LocalID, func(n uint32) string {
		return strconv.FormatUint(uint64(n), 10)
	})},
}

// field returns the cell function of a field that only some UUIDs have.
func field[T any](get func(uuid.UUID) (T, bool), text func(T) string) func(uuid.UUID, string) string {
	return func(u uuid.UUID, _ string) string {
		v, ok := get(u)
		return ifOK(text(v), ok)
	}
}

func typeName(u uuid.UUID, _ string) string {
	return ifOK(cmp.Or(versions[u.Version()&15].name, "unknown"), u.Variant() == uuid.VariantRFC9562)
}

// ifOK returns v if ok, else the zero value: "" for a cell, nil for an error.
func ifOK[T any](v T, ok bool) (zero T) {
	if !ok {
		return zero
	}
	return v
}

// setColumns reads -o LIST as uuidparse does: names in any case, separated
// by commas, replacing the default columns or, after "+", added to them.
func (c *config) setColumns(_, val string) error {
	list, add := strings.CutPrefix(val, "+")
	if !add {
		c.cols = nil
	}
	for name := range strings.SplitSeq(list, ",") {
		i := slices.IndexFunc(columns, func(col column) bool { return strings.EqualFold(col.name, name) })
		if i < 0 {
			return fmt.Errorf("unknown column %s", clip(name, false))
		}
		c.cols = append(c.cols, i)
	}
	return nil
}

// maxToken is the longest word inspect keeps; longer ones are cut, and
// invalid. It is longer than a word of every form inspect reads.
const maxToken = len("_") + 63 + 26

// inspect prints a row for each argument or, without arguments, each word of
// stdin. The status is exitInvalid if any was not a UUID.
func (c *config) inspect(stdin io.Reader, w *bufio.Writer, stderr io.Writer) (status int, err error) {
	p := printer{c: c, w: w, tw: tabwriter.NewWriter(w, 0, 8, 1, ' ', 0)}
	row := func(in []byte) {
		var u uuid.UUID
		var err error
		echo := string(in) // what the UUID column may print as given
		if c.from != nil {
			u, err = c.from.parse(echo)
			echo = "" // the UUID column prints the canonical form
		} else {
			u, err = uuid.ParseBytes(in)
		}
		cells := make([]string, len(c.cols))
		for i, col := range c.cols {
			switch {
			case err == nil:
				cells[i] = columns[col].cell(u, echo)
			case col == 0:
				cells[i] = string(in)
			default:
				cells[i] = "invalid"
			}
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = exitInvalid
		}
		p.row(cells)
	}
	if c.json {
		w.WriteString("{\n   \"uuids\": [\n")
	}
	for _, arg := range c.args {
		row([]byte(arg[:min(len(arg), maxToken+1)]))
	}
	if len(c.args) == 0 {
		err = words(stdin, row)
	}
	return status, p.end(err)
}

// words calls f with each word of r that ASCII white space separates, cut
// to maxToken+1 bytes, so that a word of any length uses little memory.
func words(r io.Reader, f func([]byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var word []byte
	for n := 0; ; {
		b, err := br.ReadByte()
		if err == nil && !strings.ContainsRune(" \t\n\r\v\f", rune(b)) {
			if n++; n <= maxToken+1 {
				word = append(word, b)
			}
			continue
		}
		if n > 0 {
			f(word)
			word, n = word[:0], 0
		}
		if err != nil {
			return ifOK(err, !errors.Is(err, io.EOF))
		}
	}
}

// A printer writes rows in the table, raw or JSON form of uuidparse.
type printer struct {
	c    *config
	w    *bufio.Writer
	tw   *tabwriter.Writer
	rows int
}

func (p *printer) row(cells []string) {
	if p.rows++; p.rows == 1 && !p.c.json && !p.c.noHeadings {
		head := make([]string, len(p.c.cols))
		for i, col := range p.c.cols {
			head[i] = columns[col].name
		}
		p.row(head) // as row 2; the data row follows as row 3
	}
	for i, col := range p.c.cols {
		cells[i] = clip(cells[i], p.c.raw)
		switch {
		case p.c.json: // printable ASCII is quoted alike in Go and JSON
			v := cmp.Or(ifOK(strconv.Quote(cells[i]), cells[i] != ""), "null")
			cells[i] = fmt.Sprintf("\n         %q: %s", strings.ToLower(columns[col].name), v)
		case !p.c.raw && i < len(cells)-1:
			cells[i] = fmt.Sprintf("%-*s", columns[col].width, cells[i])
		}
	}
	switch {
	case p.c.json: // the header is not a row in JSON
		p.w.WriteString(cmp.Or(ifOK("      },{", p.rows > 1), "      {") + strings.Join(cells, ",") + "\n")
	case p.c.raw:
		p.w.WriteString(strings.Join(cells, " ") + "\n")
	default:
		p.tw.Write([]byte(strings.Join(cells, "\t") + "\n"))
		if p.rows%4096 == 0 {
			p.tw.Flush()
		}
	}
}

// end finishes the output, after err if that is not nil.
func (p *printer) end(err error) error {
	p.tw.Flush()
	if p.c.json { // uuidparse writes an empty list as a blank line
		p.w.WriteString(cmp.Or(ifOK("      }\n", p.rows > 0), "\n") + "   ]\n}\n")
	}
	return err
}
