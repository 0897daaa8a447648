package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/placement"
)

// TestPlace checks every row "uuid place" prints against package
// placement, for UUIDs given as arguments and on standard input.
func TestPlace(t *testing.T) {
	ids := []uuid.UUID{uuid.MustParse("f79c3e09-677c-4bbd-a479-3f349cb785e7"), uuid.Nil(), uuid.Max(), uuid.NewV4(), uuid.NewV7()}
	var args []string
	for _, u := range ids {
		args = append(args, u.String())
	}
	for _, n := range []int{1, 7, 32, 2147483647} {
		flags := []string{"place", "--kafka", fmt.Sprint(n), "--redis", "--cassandra"}
		for name, out := range map[string]string{
			"args":  runOK(t, "", append(flags, args...)...),
			"stdin": runOK(t, strings.Join(args, "\n")+"\n", flags...),
		} {
			rows := lines(t, out)
			if got := strings.Fields(rows[0]); strings.Join(got, " ") != "UUID SYSTEM BY KEY LANDS IN" {
				t.Errorf("%s: heading %q", name, rows[0])
			}
			var want []string
			for _, u := range ids {
				for _, p := range []placement.Partitioner{placement.Murmur2, placement.CRC32, placement.FNV1a} {
					text, _ := p.PartitionText(u, n)
					binary, _ := p.PartitionBinary(u, n)
					want = append(want, fmt.Sprintf("%v kafka %v text partition %d of %d", u, p, text, n),
						fmt.Sprintf("%v kafka %v binary partition %d of %d", u, p, binary, n))
				}
				for _, f := range []uuid.Form{uuid.FormCanonical, uuid.FormHex, uuid.FormBraced, uuid.FormURN} {
					want = append(want, fmt.Sprintf("%v redis crc16 %v slot %d", u, f, placement.RedisSlotForm(u, f)))
				}
				want = append(want, fmt.Sprintf("%v redis crc16 binary slot %d", u, placement.RedisSlotBinary(u)),
					fmt.Sprintf("%v cassandra murmur3 binary token %d", u, placement.CassandraToken(u)))
			}
			if len(rows)-1 != len(want) {
				t.Fatalf("%s, --kafka %d: %d rows; want %d", name, n, len(rows)-1, len(want))
			}
			for i, w := range want {
				if got := strings.Join(strings.Fields(rows[i+1]), " "); got != w {
					t.Errorf("%s, --kafka %d: row %d = %q; want %q", name, n, i+1, got, w)
				}
			}
		}
	}
}

func TestPlaceErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		rows   int    // rows on stdout after the heading
		stderr string // a line of stderr
	}{
		{"no_system", []string{"place", "f79c3e09-677c-4bbd-a479-3f349cb785e7"}, "", 2, -1, "uuid: place needs --kafka N, --redis or --cassandra"},
		{"zero_partitions", []string{"place", "--kafka", "0"}, "", 2, -1, "uuid: invalid value 0 for flag --kafka: want a partition count from 1 to 2147483647"},
		{"too_many_partitions", []string{"place", "--kafka=2147483648"}, "", 2, -1, "uuid: invalid value 2147483648 for flag --kafka: want a partition count from 1 to 2147483647"},
		{"bad_word", []string{"place", "--cassandra", "nope", "f79c3e09-677c-4bbd-a479-3f349cb785e7"}, "", 1, 1, `uuid: parsing "nope": invalid digit at offset 0`},
		{"bad_stdin_word", []string{"place", "--redis"}, "f79c3e09-677c-4bbd-a479-3f349cb785e7 zz\n", 1, 5, `uuid: parsing "zz": invalid digit at offset 0`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.stdin, tc.args...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.stderr+"\n") {
				t.Errorf("uuid %q: exit %d, stderr %q; want exit %d and %q", tc.args, r.code, r.stderr, tc.code, tc.stderr)
			}
			if tc.rows < 0 && r.stdout != "" || tc.rows >= 0 && len(lines(t, r.stdout)) != tc.rows+1 {
				t.Errorf("uuid %q printed %q; want %d rows", tc.args, r.stdout, tc.rows)
			}
		})
	}
}
