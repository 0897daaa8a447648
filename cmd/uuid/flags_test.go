package main

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// TestGetopt checks the spellings getopt_long accepts, by their effect.
func TestGetopt(t *testing.T) {
	v5 := uuid.NewV5(uuid.NamespaceDNS(), "www.example.com").String() + "\n"
	tests := []struct {
		name string
		args []string
		want string // the output, or "" to count lines only
		n    int    // the number of lines
	}{
		{"prefix", []string{"--ran", "--cou", "2"}, "", 2},
		{"prefix_equals", []string{"--co=3"}, "", 3},
		{"exact_beats_prefix", []string{"--time"}, "", 1},
		{"plus_count", []string{"-C", "+3"}, "", 3},
		{"attached_count", []string{"-C5"}, "", 5},
		{"cluster_with_value", []string{"-7C4"}, "", 4},
		{"flags_after_args_dash", []string{"-sn@dns", "-Nwww.example.com", "--"}, v5, 1},
		{"value_looks_like_flag", []string{"-s", "-n", "@dns", "-N", "--count"}, uuid.NewV5(uuid.NamespaceDNS(), "--count").String() + "\n", 1},
		{"later_overrides", []string{"-C", "9", "-C", "2"}, "", 2},
		{"single_dash_long", []string{"-count", "2", "-time-v7"}, "", 2},
		{"gen_command", []string{"generate", "--sha1", "--namespace=dns", "--name=www.example.com"}, v5, 1},
		{"help_stops", []string{"-h", "-Z", "--bogus"}, usage(), 0},
		{"help_stops_in_cluster", []string{"-shZ"}, usage(), 0},
		{"version_stops_inspect", []string{"inspect", "-r", "-J", "-V", "-Z"}, "", 1},
		{"help_command", []string{"help"}, usage(), 0},
		{"inspect_help", []string{"inspect", "--he"}, usage(), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := runOK(t, "", tt.args...)
			if tt.want != "" && out != tt.want {
				t.Errorf("uuid %q = %q; want %q", tt.args, out, tt.want)
			}
			if tt.want == "" && len(lines(t, out)) != tt.n {
				t.Errorf("uuid %q printed %d lines; want %d", tt.args, len(lines(t, out)), tt.n)
			}
		})
	}
}

// TestUsageErrors: each is exit status 2, with one short line naming the
// problem (never echoing a huge argument whole) and a pointer to -h.
func TestUsageErrors(t *testing.T) {
	huge := strings.Repeat("g", 131<<10)
	tests := []struct {
		name string
		args []string
		want string // in the message
	}{
		{"unknown_short", []string{"-Z"}, "unknown flag -Z"},
		{"unknown_short_control", []string{"-\x1b"}, `unknown flag -\x1b`},
		{"unknown_long", []string{"--" + huge}, "unknown flag --ggg"},
		{"ambiguous", []string{"--time-v"}, "--time-v is ambiguous"},
		{"no_value_allowed", []string{"--random=yes"}, "--random takes no value"},
		{"needs_value", []string{"-C"}, "-C needs a value"},
		{"needs_value_long", []string{"--count"}, "--count needs a value"},
		{"bad_count", []string{"-C", "-1"}, "invalid value -1 for flag -C"},
		{"bad_version", []string{"-v", "9"}, "invalid value 9 for flag -v"},
		{"bad_python", []string{"-u", "7"}, "invalid value 7 for flag -u"},
		{"conflict", []string{"-r", "-t"}, "-t (v1) conflicts with -r (v4)"},
		{"conflict_v", []string{"-7", "-v6"}, "-v 6 (v6) conflicts with -7 (v7)"},
		{"bad_namespace", []string{"-s", "-n", huge, "-N", "x"}, "invalid value ggg"},
		{"bad_format", []string{"--format", "json"}, "invalid value json for flag --format"},
		{"bad_domain", []string{"-v2", "--domain", "cabal"}, "invalid value cabal"},
		{"bad_id", []string{"-v2", "--id", "-3"}, "invalid value -3"},
		{"needs_name", []string{"-s", "-n", "@dns"}, "v5 (-s) needs both"},
		{"v8_half", []string{"-v8", "-N", "x"}, "v8 needs both"},
		{"name_for_v4", []string{"-N", "x"}, "apply to v3, v5 and v8 only, not v4 (the default)"},
		{"hex_without_name", []string{"-x"}, "-x reads the -N name as hex"},
		{"hex_not_hex", []string{"-s", "-x", "-n", "@dns", "-N", huge}, "the name ggg"},
		{"at_for_v4", []string{"--at", "@0"}, "--at applies to v1, v6 and v7 only"},
		{"at_bad", []string{"-7", "--at", "yesterday"}, "invalid value yesterday for flag --at"},
		{"at_bad_unix", []string{"-7", "--at", "@1.2.3"}, "invalid value @1.2.3"},
		{"at_too_many_decimals", []string{"-7", "--at", "@1.1234567891"}, "invalid value @1.1234567891"},
		{"at_signed_fraction", []string{"-7", "--at", "@1.-5"}, "invalid value @1.-5"},
		{"at_before_v7", []string{"-7", "--at", "@-1"}, "--at @-1 is outside the times v7 holds: 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655999756Z"},
		{"at_after_v7", []string{"-7", "--at", "@281474976711"}, "outside the times v7 holds"},
		{"at_before_v1", []string{"-t", "--at", "1500-01-01T00:00:00Z"}, "outside the times v1 holds: 1582-10-15T00:00:00Z to 5236-03-31T21:21:00.6846975Z"},
		{"at_count_v1", []string{"-t", "--at", "5236-03-31T21:21:00.6846973Z", "-C", "4"},
			"-C 4: only 3 distinct v1 UUIDs fit from --at 5236-03-31T21:21:00.6846973Z to 5236-03-31T21:21:00.6846975Z"},
		{"at_count_v6", []string{"-6", "--at", "5236-03-31T21:21:00.6846975Z", "-C2"}, "only 1 distinct v6 UUIDs fit"},
		{"at_count_v7", []string{"-7", "--at", "@281474976710.655", "-C", "65530"},
			"-C 65530: only 65529 distinct v7 UUIDs fit from --at @281474976710.655 to 10889-08-02T05:31:50.655999756Z"},
		{"at_count_v7_two_ms", []string{"-7", "--at", "@281474976710.654", "-C", "131066"}, "only 131065 distinct v7"},
		{"at_count_v7_last_frac", []string{"-7", "--at", "@281474976710.655999999", "-C", "10"}, "only 9 distinct v7"},
		{"at_count_max", []string{"-t", "--at", "1582-10-15T00:00:00Z", "-C", "18446744073709551615"},
			"only 1152921504606846976 distinct v1 UUIDs fit"},
		{"bad_format_plus", []string{"--format", "hex+lower"}, "invalid value hex+lower for flag --format: want canonical, hex, braced, urn, ulid, base58, base57, base64url, base36 or base32, maybe with +upper"},
		{"format_no_upper", []string{"--format", "base58+upper"}, "invalid value base58+upper for flag --format"},
		{"format_upper_flag", []string{"--format", "ulid", "--upper"}, "--upper: the ulid form is written in one case only"},
		{"at_for_base58", []string{"--format", "base58", "--at", "@0"}, "--at applies to v1, v6 and v7 only, not v4 (the default)"},
		{"from_root_form", []string{"inspect", "--from", "hex"}, "invalid value hex for flag --from: want ulid, base58, base57, base64url, base36 or base32"},
		{"from_unknown", []string{"inspect", "--from", "base62", "x"}, "invalid value base62 for flag --from"},
		{"format_typeid", []string{"--format", "typeid"}, "invalid value typeid for flag --format"},
		{"from_for_gen", []string{"--from", "base58"}, "unknown flag --from"},
		{"bad_format_upper_twice", []string{"--format", "hex+upper+upper"}, "invalid value hex+upper+upper"},
		{"domain_for_v4", []string{"--domain", "person"}, "--domain and --id apply to v2 only"},
		{"domain_needs_id", []string{"-v2", "--domain", "org"}, "--domain org needs --id N"},
		{"domain_needs_id_as_typed", []string{"-v2", "--domain=ORG"}, "--domain ORG needs --id N"},
		{"domain_number_needs_id", []string{"-v2", "--domain", "007"}, "--domain 007 needs --id N"},
		{"argument", []string{huge}, "unexpected argument ggg"},
		{"inspect_unknown_column", []string{"inspect", "-o", "uuid,colour"}, "unknown column colour"},
		{"inspect_raw_json", []string{"inspect", "-r", "--json"}, "exclude each other"},
		{"inspect_gen_flag", []string{"inspect", "-7"}, "unknown flag -7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(t, "", tt.args...)
			if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, tt.want) ||
				!strings.HasSuffix(r.stderr, "\nrun 'uuid -h' for usage\n") || len(r.stderr) > 250 {
				t.Errorf("uuid %.40q: exit %d, stdout %q, stderr %q; want 2 and a short message with %q",
					tt.args, r.code, r.stdout, r.stderr, tt.want)
			}
		})
	}
}

// TestAt checks that --at reaches every instant the help states, in both
// spellings, and that the UUID carries the time.
func TestAt(t *testing.T) {
	tests := []struct {
		version string
		at      string
		want    time.Time
	}{
		{"-t", "2022-02-22T19:22:22.1234567Z", time.Date(2022, 2, 22, 19, 22, 22, 123456700, time.UTC)},
		{"-t", "@-12219292800", time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)},
		{"-t", "1582-10-15T00:00:00Z", time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC)},
		{"-6", "2022-02-22T14:22:22-05:00", time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)},
		{"-6", "5236-03-31T21:21:00.6846975Z", time.Date(5236, 3, 31, 21, 21, 0, 684697500, time.UTC)},
		{"-7", "@1645557742.5", time.Date(2022, 2, 22, 19, 22, 22, 500e6, time.UTC)},
		{"-7", "@-0.0", time.Unix(0, 0).UTC()},
		{"-7", "@0", time.Unix(0, 0).UTC()},
		{"-7", "@253402300800", time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"-7", "@281474976710.655", time.Date(10889, 8, 2, 5, 31, 50, 655e6, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.version+tt.at, func(t *testing.T) {
			out := strings.TrimSuffix(runOK(t, "", tt.version, "--at", tt.at), "\n")
			u, err := uuid.Parse(out)
			if got, ok := u.Time(); err != nil || !ok || !got.Equal(tt.want) {
				t.Errorf("uuid %s --at %s = %s, time %v; want %v", tt.version, tt.at, out, got, tt.want)
			}
		})
	}
}

func TestV2(t *testing.T) {
	tests := []struct {
		args   []string
		domain uuid.Domain
		id     uint32
	}{
		{[]string{"--domain", "group", "--id", "42"}, uuid.DomainGroup, 42},
		{[]string{"--domain=ORG", "--id=7"}, uuid.DomainOrg, 7},
		{[]string{"--domain", "200", "--id", "4294967295"}, 200, 4294967295},
		{[]string{"--id", "1000"}, uuid.DomainPerson, 1000},
	}
	for _, tt := range tests {
		args := append([]string{"-v2", "-C2"}, tt.args...)
		for _, u := range parseLines(t, runOK(t, "", args...), 2) {
			if d, _ := u.Domain(); d != tt.domain {
				t.Errorf("uuid %q: domain %v; want %v", args, d, tt.domain)
			}
			if id, _ := u.LocalID(); id != tt.id {
				t.Errorf("uuid %q: id %d; want %d", args, id, tt.id)
			}
		}
	}
	for d, want := range map[string]int{"person": os.Getuid(), "group": os.Getgid()} { // the ID is the caller's
		u := parseLines(t, runOK(t, "", "-v2", "--domain", d), 2)[0]
		if got, _ := u.Domain(); !strings.EqualFold(got.String(), d) {
			t.Errorf("uuid -v2 --domain %s made domain %v", d, got)
		}
		if id, _ := u.LocalID(); id != uint32(max(want, 0)) {
			t.Errorf("uuid -v2 --domain %s made ID %d; want %d", d, id, max(want, 0))
		}
	}
}

func TestHelpAndVersion(t *testing.T) {
	help := runOK(t, "", "--help")
	for _, d := range new(config).flags() { // every flag is in the help
		if !strings.Contains(help, "--"+d.long) || d.short != 0 && !strings.Contains(help, "-"+string(d.short)) {
			t.Errorf("help lacks %s/%c", d.long, d.short)
		}
	}
	for _, f := range forms {
		if !strings.Contains(help, "  "+f.name+": ") {
			t.Errorf("help lacks form %s", f.name)
		}
	}
	for _, col := range columns {
		if !strings.Contains(help, "  "+col.name+" ") {
			t.Errorf("help lacks column %s", col.name)
		}
	}
	if v := runOK(t, "", "-V"); !strings.HasPrefix(v, "uuid ") || !strings.HasSuffix(v, "\n") {
		t.Errorf("uuid -V = %q", v)
	}
}

// TestRules breaks each rule between flags, and keeps each just short of
// breaking, and checks that every rule of the table is tested.
func TestRules(t *testing.T) {
	tests := []struct {
		args []string
		rule int    // the index of the broken rule, or -1
		want string // its message
	}{
		{[]string{"-r", "x"}, 0, "unexpected argument x (commands are gen and inspect; --at TIME sets a time)"},
		{[]string{"--", "-\x1b"}, 0, `unexpected argument -\x1b (commands are gen and inspect; --at TIME sets a time)`},
		{[]string{"-s", "-n", "@dns"}, 1, "v5 (-s) needs both -n NAMESPACE and -N NAME"},
		{[]string{"-v3", "-N", "x"}, 1, "v3 (-v 3) needs both -n NAMESPACE and -N NAME"},
		{[]string{"-m", "-n", "dns", "-N", ""}, -1, ""},
		{[]string{"-v8", "-N", "x"}, 2, "v8 needs both -n NAMESPACE and -N NAME for a name-based UUID, or neither for a random one"},
		{[]string{"-v8", "-n", "url"}, 2, "v8 needs both -n NAMESPACE and -N NAME for a name-based UUID, or neither for a random one"},
		{[]string{"-v8"}, -1, ""},
		{[]string{"-N", "x"}, 3, "-n and -N apply to v3, v5 and v8 only, not v4 (the default)"},
		{[]string{"--format", "ulid", "-n", "dns"}, 3, "-n and -N apply to v3, v5 and v8 only, not v7 (the default of --format ulid)"},
		{[]string{"--uuid=uuid6", "-n", "dns"}, 3, "-n and -N apply to v3, v5 and v8 only, not v6 (--uuid uuid6)"},
		{[]string{"-x"}, 4, "-x reads the -N name as hex, but there is no -N NAME"},
		{[]string{"-sx", "-n", "dns", "-N", "00"}, -1, ""},
		{[]string{"--at", "@0"}, 5, "--at applies to v1, v6 and v7 only, not v4 (the default)"},
		{[]string{"-v2", "--at", "@0"}, 5, "--at applies to v1, v6 and v7 only, not v2 (-v 2)"},
		{[]string{"--id", "1"}, 6, "--domain and --id apply to v2 only, not v4 (the default)"},
		{[]string{"-t", "--domain", "group"}, 6, "--domain and --id apply to v2 only, not v1 (-t)"},
		{[]string{"-v2", "--domain", "Org"}, 7, "--domain Org needs --id N (only person and group have a default ID)"},
		{[]string{"-v2", "--domain", "255"}, 7, "--domain 255 needs --id N (only person and group have a default ID)"},
		{[]string{"-v2", "--domain", "1"}, -1, ""},
		{[]string{"-v2", "--domain", "org", "--id", "0"}, -1, ""},
		{[]string{"--format", "ulid", "--upper"}, 8, "--upper: the ulid form is written in one case only"},
		{[]string{"--upper", "--format", "base64url"}, 8, "--upper: the base64url form is written in one case only"},
		{[]string{"--upper", "--format", "base36"}, -1, ""},
		{[]string{"inspect", "-r", "-J"}, 9, "-r (--raw) and -J (--json) exclude each other"},
		{[]string{"inspect", "--json", "-rn"}, 9, "-r (--raw) and -J (--json) exclude each other"},
		{[]string{"inspect", "-r", "--raw", "x"}, -1, ""},
		{[]string{"inspect", "-r", "-J", "-h"}, -1, ""}, // -h ends the flags
		{[]string{"facade", "--key-env", "K", "--key-file", "f"}, 10, "--key-env and --key-file exclude each other"},
		{[]string{"facade", "--key-file=f", "-d", "--key-env=K", "x"}, 10, "--key-env and --key-file exclude each other"},
		{[]string{"facade", "--key-file", "f", "-d", "x"}, -1, ""},
		{[]string{"place"}, 11, "place needs --kafka N, --redis or --cassandra"},
		{[]string{"place", "x"}, 11, "place needs --kafka N, --redis or --cassandra"},
		{[]string{"place", "--cassandra"}, -1, ""},
	}
	tested := make([]bool, len(rules))
	for _, tt := range tests {
		c, err := parseArgs(tt.args)
		if tt.rule < 0 {
			if err != nil {
				t.Errorf("parseArgs(%q): %v; want no error", tt.args, err)
			}
			continue
		}
		tested[tt.rule] = true
		got := -1
		if c != nil {
			got = c.broken()
		}
		var ue *usageError
		if !errors.As(err, &ue) || err.Error() != tt.want || got != tt.rule {
			t.Errorf("parseArgs(%q): %v, rule %d; want rule %d: %q", tt.args, err, got, tt.rule, tt.want)
		}
	}
	for i, ok := range tested {
		if !ok {
			t.Errorf("rule %d (%q) is not tested", i, rules[i].msg)
		}
	}
}
