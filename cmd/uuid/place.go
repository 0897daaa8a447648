package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placement"
)

// setKafka reads --kafka: a partition count.
func (c *config) setKafka(_, val string) error {
	n, err := strconv.Atoi(val)
	if err != nil || n < 1 || n > math.MaxInt32 {
		return errors.New("want a partition count from 1 to 2147483647")
	}
	c.kafka = n
	return nil
}

// placeForms are the text forms --redis places, in the order printed.
var placeForms = []uuid.Form{uuid.FormCanonical, uuid.FormHex, uuid.FormBraced, uuid.FormURN}

// place prints, for each UUID given as an argument or, without arguments,
// as a word of stdin, a table of where it lands: one row for each key
// form and system asked for. The status is exitInvalid if any word was
// not a UUID.
func (c *config) place(stdin io.Reader, w *bufio.Writer, stderr io.Writer) (status int, err error) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "UUID\tSYSTEM\tBY\tKEY\tLANDS IN")
	one := func(in []byte) {
		u, err := uuid.ParseBytes(in)
		if err != nil {
			tw.Flush()
			w.Flush() // keep the order of output and errors on a terminal
			fmt.Fprintln(stderr, err)
			status = exitInvalid
			return
		}
		c.placeRows(tw, u)
	}
	for _, arg := range c.args {
		one([]byte(arg[:min(len(arg), maxToken+1)]))
	}
	if len(c.args) == 0 {
		err = words(stdin, one)
	}
	return status, errors.Join(err, tw.Flush())
}

// placeRows writes the rows of u.
func (c *config) placeRows(tw *tabwriter.Writer, u uuid.UUID) {
	if c.kafka > 0 {
		of := " of " + strconv.Itoa(c.kafka)
		for _, p := range []placement.Partitioner{placement.Murmur2, placement.CRC32, placement.FNV1a} {
			text, _ := p.PartitionText(u, c.kafka) // the count was checked
			binary, _ := p.PartitionBinary(u, c.kafka)
			fmt.Fprintf(tw, "%v\tkafka\t%v\ttext\tpartition %d%s\n", u, p, text, of)
			fmt.Fprintf(tw, "%v\tkafka\t%v\tbinary\tpartition %d%s\n", u, p, binary, of)
		}
	}
	if c.redis {
		for _, f := range placeForms {
			fmt.Fprintf(tw, "%v\tredis\tcrc16\t%v\tslot %d\n", u, f, placement.RedisSlotForm(u, f))
		}
		fmt.Fprintf(tw, "%v\tredis\tcrc16\tbinary\tslot %d\n", u, placement.RedisSlotBinary(u))
	}
	if c.cassandra {
		fmt.Fprintf(tw, "%v\tcassandra\tmurmur3\tbinary\ttoken %d\n", u, placement.CassandraToken(u))
	}
}
