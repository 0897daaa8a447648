// Command keyslot asks a live redis-server with cluster-enabled yes, at
// the address -addr, CLUSTER KEYSLOT for the keys of keys.
// RedisKeys of random UUIDs, and counts the answers that differ from
// package placement's slots. It prints the counts and exits 1 on any
// disagreement or failure. It speaks RESP itself, pipelining a batch of
// commands at a time, so that binary keys go as they are.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"net"
	"os"
	"strconv"
	"time"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placementtest/internal/keys"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:6379", "the redis-server's address")
	n := flag.Int("n", 100_000, "how many UUIDs")
	seed := flag.Uint64("seed", 40, "the seed of the random UUIDs")
	flag.Parse()
	checked, bad, err := run(*addr, keys.RandomV4(*seed, *n))
	fmt.Printf("redis-server CLUSTER KEYSLOT: %d checked, %d disagreements\n", checked, bad)
	if err != nil {
		fmt.Fprintln(os.Stderr, "keyslot:", err)
		os.Exit(1)
	}
	if bad > 0 || checked == 0 {
		os.Exit(1)
	}
}

func run(addr string, ids []uuid.UUID) (checked, bad int, err error) {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return 0, 0, err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Minute)) // the run is bounded
	r, w := bufio.NewReader(conn), bufio.NewWriter(conn)
	const batch = 500
	for lo := 0; lo < len(ids); lo += batch {
		part := ids[lo:min(lo+batch, len(ids))]
		var want []int
		var ks []string
		for _, u := range part {
			ks = append(ks, keys.RedisKeys(u)...)
			want = append(want, keys.RedisSlots(u)...)
		}
		for _, k := range ks {
			fmt.Fprintf(w, "*3\r\n$7\r\nCLUSTER\r\n$7\r\nKEYSLOT\r\n$%d\r\n%s\r\n", len(k), k)
		}
		if err := w.Flush(); err != nil {
			return checked, bad, err
		}
		for i, k := range ks {
			got, err := readInt(r)
			if err != nil {
				return checked, bad, err
			}
			checked++
			if got != want[i] {
				bad++
				if bad <= 5 {
					fmt.Fprintf(os.Stderr, "key %q: redis-server says slot %d, placement %d\n", k, got, want[i])
				}
			}
		}
	}
	return checked, bad, nil
}

// readInt reads one RESP integer reply; any other reply is an error.
func readInt(r *bufio.Reader) (int, error) {
	line, err := r.ReadString('\n')
	if err != nil {
		return 0, err
	}
	if len(line) < 4 || line[0] != ':' || line[len(line)-2] != '\r' {
		return 0, fmt.Errorf("reply %q is not an integer", line)
	}
	return strconv.Atoi(line[1 : len(line)-2])
}
