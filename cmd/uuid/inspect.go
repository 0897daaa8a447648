package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

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
		if len(in) != len("00000000-0000-0000-0000-000000000000") {
			return u.String()
		}
		return in
	}},
	{"VARIANT", 9, "NCS, DCE (RFC 9562's), Microsoft or other", func(u uuid.UUID, _ string) string {
		return [...]string{"NCS", "DCE", "Microsoft", "other"}[u.Variant()&3]
	}},
	{"TYPE", 10, "the version of a DCE UUID, in uuidparse's words", typeName},
	{"TIME", 31, "the time of v1, v6 and v7, in the local time zone", func(u uuid.UUID, in string) string {
		if t, ok := u.Time(); ok && strings.HasPrefix(typeName(u, in), "time") {
			return t.Local().Format("2006-01-02 15:04:05,000000-07:00")
		}
		return ""
	}},
	{"VERSION", 0, "the version of a DCE UUID, as a number", func(u uuid.UUID, _ string) string {
		if u.Variant() != uuid.VariantRFC9562 {
			return ""
		}
		return strconv.Itoa(int(u.Version()))
	}},
	{"CLOCKSEQ", 0, "the clock sequence of v1, v2 and v6", func(u uuid.UUID, _ string) string {
		seq, ok := u.ClockSequence()
		return ifOK(strconv.Itoa(int(seq)), ok)
	}},
	{"NODE", 0, "the node of v1, v2 and v6 (random if its first octet is odd)", func(u uuid.UUID, _ string) string {
		node, ok := u.NodeID()
		return ifOK(net.HardwareAddr(node[:]).String(), ok)
	}},
	{"DOMAIN", 0, "the DCE Security domain of v2: Person, Group, Org", func(u uuid.UUID, _ string) string {
		d, ok := u.Domain()
		return ifOK(d.String(), ok)
	}},
	{"LOCALID", 0, "the local ID (such as a uid) of v2", func(u uuid.UUID, _ string) string {
		id, ok := u.LocalID()
		return ifOK(strconv.FormatUint(uint64(id), 10), ok)
	}},
}

// typeNames are uuidparse's (util-linux 2.41) names of the versions of the
// DCE variant, as its TYPE column prints them; the others are "unknown".
var typeNames = [16]string{
	0: "unknown", 1: "time-based", 2: "DCE", 3: "name-based", 4: "random", 5: "sha1-based",
	6: "time-v6", 7: "time-v7", 8: "vendor", 9: "unknown", 10: "unknown", 11: "unknown",
	12: "unknown", 13: "unknown", 14: "unknown", 15: "unknown",
}

func typeName(u uuid.UUID, _ string) string {
	return ifOK(typeNames[u.Version()&15], u.Variant() == uuid.VariantRFC9562)
}

func ifOK(s string, ok bool) string {
	if !ok {
		return ""
	}
	return s
}

// defaultColumns are uuidparse's columns.
func defaultColumns() []int { return []int{0, 1, 2, 3} }

// setColumns reads -o LIST as uuidparse does: names in any case, separated
// by commas, replacing the default columns or, after "+", added to them.
func setColumns(c *config, _, val string) error {
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

// setMode records -r or -J, which exclude each other as in uuidparse.
func setMode(c *config, flag, _ string) error {
	if mode := flag[len(flag)-1]; c.mode == 0 || c.mode == mode {
		c.mode = mode
		return nil
	}
	return usagef("-r (--raw) and -J (--json) exclude each other")
}

// maxToken is the longest word inspect keeps; longer ones are cut, and invalid.
const maxToken = 64

// inspect prints a row for each argument or, without arguments, each word of
// stdin. The status is exitInvalid if any was not a UUID.
func (c *config) inspect(stdin io.Reader, w *bufio.Writer, stderr io.Writer) (status int, err error) {
	p := printer{c: c, w: w, tw: tabwriter.NewWriter(w, 0, 8, 1, ' ', 0)}
	row := func(in []byte) {
		u, err := uuid.ParseBytes(in)
		cells := make([]string, len(c.cols))
		for i, col := range c.cols {
			switch {
			case col == 0:
				cells[i] = string(in)
			case err != nil:
				cells[i] = "invalid"
			default:
				cells[i] = columns[col].cell(u, string(in))
			}
		}
		if err != nil {
			fmt.Fprintln(stderr, err)
			status = exitInvalid
		}
		p.row(cells)
	}
	if c.mode == 'J' {
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
		if errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return err
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
	cols, last := p.c.cols, len(p.c.cols)-1
	if p.rows++; p.rows == 1 && p.c.mode != 'J' && !p.c.set["noheadings"] {
		head := make([]string, len(cols))
		for i, col := range cols {
			head[i] = columns[col].name
		}
		p.row(head) // as row 2; the data row follows as row 3
	}
	switch p.c.mode {
	case 'J':
		if p.rows > 1 { // the header is not a row in JSON
			p.w.WriteString("      },")
		} else {
			p.w.WriteString("      ")
		}
		for i, col := range cols {
			v := "null"
			if cells[i] != "" {
				v = strconv.Quote(clip(cells[i], false)) // printable ASCII: also JSON
			}
			fmt.Fprintf(p.w, "%s\n         %q: %s", []string{"{", ","}[min(i, 1)], strings.ToLower(columns[col].name), v)
		}
		p.w.WriteString("\n")
	case 'r':
		for i := range cells {
			cells[i] = clip(cells[i], true)
		}
		p.w.WriteString(strings.Join(cells, " ") + "\n")
	default:
		for i, col := range cols {
			if cells[i] = clip(cells[i], false); i < last {
				cells[i] = fmt.Sprintf("%-*s", columns[col].width, cells[i])
			}
		}
		p.tw.Write([]byte(strings.Join(cells, "\t") + "\n"))
		if p.rows%4096 == 0 {
			p.tw.Flush()
		}
	}
}

// end finishes the output, after err if that is not nil.
func (p *printer) end(err error) error {
	p.tw.Flush()
	if p.c.mode == 'J' {
		if p.rows > 0 {
			p.w.WriteString("      }\n")
		} else {
			p.w.WriteString("\n") // as uuidparse writes an empty list
		}
		p.w.WriteString("   ]\n}\n")
	}
	return err
}
