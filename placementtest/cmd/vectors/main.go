// Command vectors prints, for random UUIDs, where package placement says
// each lands, for the clients that .ci/placement checks it against: the
// npm packages (node/check.js) and librdkafka (librdkafka/check.py). Each
// line holds, separated by spaces: the UUID; its index i; Murmur2's
// partitions of its text over each count of keys.Counts (comma-separated),
// then those of its bytes; the Redis slots of keys.RedisKeys; its
// Cassandra token; the tokens of the composite keys (the UUID, the int i)
// and (the UUID, the text keys.Tenant(i)); CRC32's partitions of its text
// and of its bytes; and FNV1a's. The first line is "counts" and the
// counts.
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placement"
	"github.com/afb7af96/uuid/placementtest/internal/keys"
)

func main() {
	n := flag.Int("n", 100_000, "how many UUIDs")
	seed := flag.Uint64("seed", 40, "the seed of the random UUIDs")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	counts := make([]string, len(keys.Counts))
	for i, c := range keys.Counts {
		counts[i] = strconv.Itoa(c)
	}
	fmt.Fprintln(w, "counts", strings.Join(counts, " "))
	for i, u := range keys.RandomV4(*seed, *n) {
		fmt.Fprint(w, u, " ", i, " ", partitions(placement.Murmur2, u))
		for _, s := range keys.RedisSlots(u) {
			fmt.Fprint(w, " ", s)
		}
		withInt, err1 := placement.CassandraKeyToken(u[:], binary.BigEndian.AppendUint32(nil, uint32(i)))
		withText, err2 := placement.CassandraKeyToken(u[:], []byte(keys.Tenant(i)))
		if err1 != nil || err2 != nil {
			fmt.Fprintln(os.Stderr, err1, err2)
			os.Exit(1)
		}
		fmt.Fprintln(w, "", placement.CassandraToken(u), withInt, withText, partitions(placement.CRC32, u), partitions(placement.FNV1a, u))
	}
}

// partitions returns p's partitions of u's text over each count,
// comma-separated, a space, and those of its bytes.
func partitions(p placement.Partitioner, u uuid.UUID) string {
	text, bytes := make([]string, len(keys.Counts)), make([]string, len(keys.Counts))
	for j, c := range keys.Counts {
		t, err1 := p.PartitionText(u, c)
		b, err2 := p.PartitionBinary(u, c)
		if err1 != nil || err2 != nil {
			fmt.Fprintln(os.Stderr, err1, err2)
			os.Exit(1)
		}
		text[j], bytes[j] = strconv.Itoa(t), strconv.Itoa(b)
	}
	return strings.Join(text, ",") + " " + strings.Join(bytes, ",")
}
