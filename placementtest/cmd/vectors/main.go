// Command vectors prints, for random UUIDs, where package placement says
// each lands, for the npm clients that .ci/placement checks it against
// (node/check.js). Each line holds, separated by spaces: the UUID; its
// index i; Murmur2's partitions of its text and of its bytes over each
// count of keys.Counts (comma-separated); the Redis slots of
// keys.RedisKeys; its Cassandra token; and the tokens of the
// composite keys (the UUID, the int i) and (the UUID, the text Tenant(i)).
// The first line is "counts" and the counts.
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

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
		text, bytes := make([]string, len(counts)), make([]string, len(counts))
		for j, c := range keys.Counts {
			t, err1 := placement.Murmur2.PartitionText(u, c)
			b, err2 := placement.Murmur2.PartitionBinary(u, c)
			if err1 != nil || err2 != nil {
				fmt.Fprintln(os.Stderr, err1, err2)
				os.Exit(1)
			}
			text[j], bytes[j] = strconv.Itoa(t), strconv.Itoa(b)
		}
		fmt.Fprint(w, u, " ", i, " ", strings.Join(text, ","), " ", strings.Join(bytes, ","))
		for _, s := range keys.RedisSlots(u) {
			fmt.Fprint(w, " ", s)
		}
		withInt, err1 := placement.CassandraKeyToken(u[:], binary.BigEndian.AppendUint32(nil, uint32(i)))
		withText, err2 := placement.CassandraKeyToken(u[:], []byte(keys.Tenant(i)))
		if err1 != nil || err2 != nil {
			fmt.Fprintln(os.Stderr, err1, err2)
			os.Exit(1)
		}
		fmt.Fprintln(w, "", placement.CassandraToken(u), withInt, withText)
	}
}
