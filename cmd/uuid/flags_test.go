package main

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// toyConfig records what the toy flags saw, in order.
type toyConfig struct{ got []string }

func toySet(c *toyConfig, spelled, val string) error {
	if val == "bad" {
		return errors.New("want good")
	}
	c.got = append(c.got, spelled+"="+val)
	return nil
}

// toyFlags covers each kind of definition: short and long, short only,
// long only, with and without a value, and a stop flag.
var toyFlags = []flagDef[toyConfig]{
	{short: 'a', long: "all", set: toySet, help: "a flag"},
	{short: 'b', set: toySet, help: "short only"},
	{short: 'o', long: "output", arg: "FILE", set: toySet, help: "with a value\nsecond line"},
	{long: "level", arg: "N", set: toySet, help: "long only with a value"},
	{long: "quiet", set: toySet, help: "long only"},
	{short: 'h', long: "help", stop: true, set: toySet, help: "help"},
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		got      []string // flags applied, as spelled=value
		rest     []string
		stopped  string // long name of the stop flag, if any
		wantErr  string
		wantNone bool // no flags applied
	}{
		{name: "empty", wantNone: true},
		{name: "short", args: []string{"-a"}, got: []string{"-a="}},
		{name: "long", args: []string{"--all"}, got: []string{"--all="}},
		{name: "single_dash_long", args: []string{"-all"}, got: []string{"-all="}},
		{name: "cluster", args: []string{"-ab"}, got: []string{"-a=", "-b="}},
		{name: "short_value_next", args: []string{"-o", "f"}, got: []string{"-o=f"}},
		{name: "short_value_attached", args: []string{"-of"}, got: []string{"-o=f"}},
		{name: "short_value_ends_cluster", args: []string{"-abofile"}, got: []string{"-a=", "-b=", "-o=file"}},
		{name: "short_value_after_cluster", args: []string{"-abo", "file"}, got: []string{"-a=", "-b=", "-o=file"}},
		{name: "short_value_looks_like_flag", args: []string{"-o", "-a"}, got: []string{"-o=-a"}},
		{name: "short_value_equals", args: []string{"-o=x"}, got: []string{"-o==x"}},
		{name: "long_value_equals", args: []string{"--output=f"}, got: []string{"--output=f"}},
		{name: "long_value_empty", args: []string{"--output="}, got: []string{"--output="}},
		{name: "long_value_next", args: []string{"--output", "f"}, got: []string{"--output=f"}},
		{name: "long_value_with_equals", args: []string{"--output=a=b"}, got: []string{"--output=a=b"}},
		{name: "long_value_looks_like_flag", args: []string{"--output", "--all"}, got: []string{"--output=--all"}},
		{name: "single_dash_long_value", args: []string{"-level=3"}, got: []string{"-level=3"}},
		{name: "permuted", args: []string{"x", "-a", "y", "--level", "2", "z"},
			got: []string{"-a=", "--level=2"}, rest: []string{"x", "y", "z"}},
		{name: "double_dash", args: []string{"-a", "--", "-b", "--all"}, got: []string{"-a="}, rest: []string{"-b", "--all"}},
		{name: "double_dash_as_value", args: []string{"-o", "--", "-a"}, got: []string{"-o=--", "-a="}},
		{name: "dash_alone", args: []string{"-"}, rest: []string{"-"}, wantNone: true},
		{name: "empty_argument", args: []string{""}, rest: []string{""}, wantNone: true},
		{name: "stop", args: []string{"-a", "-h", "--bogus"}, got: []string{"-a=", "-h="}, stopped: "help"},
		{name: "stop_in_cluster", args: []string{"-hb"}, got: []string{"-h="}, stopped: "help"},
		{name: "stop_long", args: []string{"x", "--help"}, got: []string{"--help="}, rest: []string{"x"}, stopped: "help"},

		{name: "unknown_short", args: []string{"-z"}, wantErr: "unknown flag -z"},
		{name: "unknown_in_cluster", args: []string{"-az"}, wantErr: "unknown flag -z (in -az)"},
		{name: "unknown_long", args: []string{"--zz"}, wantErr: "unknown flag --zz"},
		{name: "unknown_long_prefix", args: []string{"--out", "f"}, wantErr: "unknown flag --out"},
		{name: "unknown_triple_dash", args: []string{"---all"}, wantErr: "unknown flag ---all"},
		{name: "repeated", args: []string{"-a", "-a"}, wantErr: "flag -a repeated"},
		{name: "repeated_spellings", args: []string{"-a", "--all"}, wantErr: "flag --all repeated (already given as -a)"},
		{name: "repeated_value", args: []string{"-ox", "--output=y"}, wantErr: "flag --output repeated (already given as -o)"},
		{name: "missing_short_value", args: []string{"-o"}, wantErr: "flag -o needs a value (FILE)"},
		{name: "missing_long_value", args: []string{"--level"}, wantErr: "flag --level needs a value (N)"},
		{name: "value_for_bool", args: []string{"--all=1"}, wantErr: "flag --all takes no value"},
		{name: "bad_value", args: []string{"-o", "bad"}, wantErr: `invalid value "bad" for flag -o: want good`},
		{name: "bad_value_long", args: []string{"--level=bad"}, wantErr: `invalid value "bad" for flag --level: want good`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c toyConfig
			rest, stopped, err := parseFlags(toyFlags, &c, tt.args)
			if tt.wantErr != "" {
				var ue *usageError
				if !errors.As(err, &ue) || ue.msg != tt.wantErr {
					t.Fatalf("parseFlags(%q) error = %v; want usage error %q", tt.args, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("parseFlags(%q) error = %v", tt.args, err)
			}
			if !reflect.DeepEqual(c.got, tt.got) || tt.wantNone != (c.got == nil) {
				t.Errorf("parseFlags(%q) applied %q; want %q", tt.args, c.got, tt.got)
			}
			if !reflect.DeepEqual(rest, tt.rest) && len(rest)+len(tt.rest) > 0 {
				t.Errorf("parseFlags(%q) rest = %q; want %q", tt.args, rest, tt.rest)
			}
			name := ""
			if stopped != nil {
				name = stopped.long
			}
			if name != tt.stopped {
				t.Errorf("parseFlags(%q) stopped at %q; want %q", tt.args, name, tt.stopped)
			}
		})
	}
}

func TestWriteFlagUsage(t *testing.T) {
	var b strings.Builder
	writeFlagUsage(&b, toyFlags)
	want := "" +
		"  -a, --all             a flag\n" +
		"  -b                    short only\n" +
		"  -o, --output FILE     with a value\n" +
		"                        second line\n" +
		"      --level N         long only with a value\n" +
		"      --quiet           long only\n" +
		"  -h, --help            help\n"
	if b.String() != want {
		t.Errorf("writeFlagUsage =\n%s\nwant\n%s", b.String(), want)
	}

	// A head too wide for the column puts the help on the next line.
	b.Reset()
	writeFlagUsage(&b, []flagDef[toyConfig]{{long: "a-very-long-name", arg: "VALUE", help: "text"}})
	if want := "      --a-very-long-name VALUE\n                        text\n"; b.String() != want {
		t.Errorf("writeFlagUsage of a long flag = %q; want %q", b.String(), want)
	}
}

// TestUsageFromTables checks that the usage text lists every flag the
// parser accepts, each on a line of its own, and fits 80 columns.
func TestUsageFromTables(t *testing.T) {
	var heads []string
	for _, d := range genFlags {
		heads = append(heads, d.spelling())
	}
	for _, d := range inspectFlags {
		heads = append(heads, d.spelling())
	}
	for _, head := range heads {
		found := false
		for _, line := range strings.Split(usage, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), head+" ") || strings.TrimSpace(line) == head {
				found = true
			}
		}
		if !found {
			t.Errorf("usage has no line for %s", head)
		}
	}
	for i, line := range strings.Split(usage, "\n") {
		if len(line) > 80 {
			t.Errorf("usage line %d is %d columns: %q", i+1, len(line), line)
		}
	}
	for _, f := range forms {
		if !strings.Contains(usage, f.String()) {
			t.Errorf("usage does not name the form %v", f)
		}
	}
	for _, v := range []int{1, 7} {
		r := atRanges[v]
		for _, end := range []time.Time{r.min, r.max} {
			if s := end.Format(r.layout); !strings.Contains(usage, s) {
				t.Errorf("usage does not give the v%d range end %s", v, s)
			}
		}
	}
}

func TestParseArgs(t *testing.T) {
	at := time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC)
	gen := func(c genConfig) config {
		if c.count == 0 {
			c.count = 1
		}
		return config{cmd: cmdGen, gen: c}
	}
	dns := uuid.NamespaceDNS()
	tests := []struct {
		name string
		args []string
		want config
	}{
		{"none", nil, gen(genConfig{version: 4})},
		{"gen", []string{"gen"}, gen(genConfig{version: 4})},
		{"generate", []string{"generate", "-7"}, gen(genConfig{version: 7, choices: []versionChoice{{"-7", 7}}})},
		{"count_zero", []string{"-C0"}, config{cmd: cmdGen, gen: genConfig{version: 4}}},
		{"count_max", []string{"--count=18446744073709551615"}, gen(genConfig{version: 4, count: 1<<64 - 1})},
		{"v_attached", []string{"-v7", "-C5"}, gen(genConfig{version: 7, count: 5, choices: []versionChoice{{"-v 7", 7}}})},
		{"sha1_hex", []string{"-sx", "-n@dns", "-N", "6578616d706c652e636f6d"},
			gen(genConfig{version: 5, choices: []versionChoice{{"-s", 5}}, ns: dns, nsSet: true,
				name: "example.com", nameSet: true, hexName: true})},
		{"form_upper", []string{"--format", "urn", "--upper"},
			gen(genConfig{version: 4, form: uuid.FormURN | uuid.FormUpper, upper: true})},
		{"form_plus_upper", []string{"--format=braced+upper"},
			gen(genConfig{version: 4, form: uuid.FormBraced | uuid.FormUpper})},
		{"at_v1", []string{"-t", "--at", "2022-02-22T19:22:22Z"},
			gen(genConfig{version: 1, choices: []versionChoice{{"-t", 1}}, at: at, atSet: true, atFlag: "--at 2022-02-22T19:22:22Z"})},
		{"at_v7_legacy_spelling", []string{"--time-v7", "-at", "2022-02-22T19:22:22Z"},
			gen(genConfig{version: 7, choices: []versionChoice{{"--time-v7", 7}}, at: at, atSet: true, atFlag: "-at 2022-02-22T19:22:22Z"})},
		{"v2", []string{"-v2", "--domain", "Group", "--id=42"},
			gen(genConfig{version: 2, choices: []versionChoice{{"-v 2", 2}}, domain: uuid.DomainGroup, domainText: "Group", domainSet: true, id: 42, idSet: true})},
		{"help", []string{"help"}, config{cmd: cmdHelp}},
		{"help_after_flags", []string{"-C", "3", "-s", "--help"}, config{cmd: cmdHelp}}, // -s alone would be an error
		{"version_flag", []string{"-V"}, config{cmd: cmdVersion}},
		{"inspect", []string{"inspect"}, config{cmd: cmdInspect}},
		{"parse", []string{"parse", "-J", vectorV4}, config{cmd: cmdInspect, inspect: inspectConfig{mode: modeJSON, modeFlag: "-J", args: []string{vectorV4}}}},
		{"inspect_permuted", []string{"inspect", "a", "--json-lines", "-n", "b", "--", "-c"},
			config{cmd: cmdInspect, inspect: inspectConfig{mode: modeJSONLines, modeFlag: "--json-lines", noHeadings: true, args: []string{"a", "b", "-c"}}}},
		{"inspect_help", []string{"inspect", "-nh"}, config{cmd: cmdHelp}},
		{"inspect_version", []string{"inspect", "--version"}, config{cmd: cmdVersion}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseArgs(tt.args)
			if err != nil {
				t.Fatalf("parseArgs(%q) error = %v", tt.args, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parseArgs(%q) =\n%+v\nwant\n%+v", tt.args, got, tt.want)
			}
		})
	}
}

// TestAtRanges checks the --at ranges at their ends, and that they are
// exactly the instants for which the library's UUID carries the time cut to
// the version's precision: inside, Time() gives that back; outside, the
// library would have clamped it.
func TestAtRanges(t *testing.T) {
	ns := time.Nanosecond
	tests := []struct {
		version int
		t       time.Time
		holds   bool
	}{
		{1, time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC), true},
		{1, time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC).Add(-ns), false},
		{1, time.Date(1582, 10, 14, 0, 0, 0, 0, time.UTC), false},
		{1, time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), false},
		{1, time.Date(5236, 3, 31, 21, 21, 0, 684697500, time.UTC), true},
		{1, time.Date(5236, 3, 31, 21, 21, 0, 684697599, time.UTC), true}, // cut to the last tick
		{1, time.Date(5236, 3, 31, 21, 21, 0, 684697600, time.UTC), false},
		{1, time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), false},
		{1, time.Date(2022, 2, 22, 19, 22, 22, 123456789, time.UTC), true},
		{6, time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC), true},
		{6, time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC).Add(-ns), false},
		{6, time.Date(5236, 3, 31, 21, 21, 0, 684697599, time.UTC), true},
		{6, time.Date(5236, 3, 31, 21, 21, 0, 684697600, time.UTC), false},
		{6, time.Date(1900, 1, 1, 0, 0, 0, 0, time.FixedZone("x", -3600)), true},
		{7, time.Unix(0, 0), true},
		{7, time.Unix(0, 0).Add(-ns), false},
		{7, time.Unix(0, 0).Add(-time.Millisecond), false},
		{7, time.Date(1582, 10, 15, 0, 0, 0, 0, time.UTC), false},
		{7, time.UnixMilli(1<<48 - 1), true},
		{7, time.UnixMilli(1<<48 - 1).Add(999999 * ns), true},
		{7, time.UnixMilli(1 << 48), false},
		{7, time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC), true},
	}
	newAt := map[int]func(time.Time) uuid.UUID{1: uuid.NewV1At, 6: uuid.NewV6At, 7: uuid.NewV7At}
	for _, tt := range tests {
		r := atRanges[tt.version]
		if got := r.holds(tt.t); got != tt.holds {
			t.Errorf("v%d range %v holds %v = %v; want %v", tt.version, r, tt.t, got, tt.holds)
		}
		got, ok := newAt[tt.version](tt.t).Time()
		want := tt.t.Truncate(r.prec)
		if !ok || got.Equal(want) != tt.holds {
			t.Errorf("NewV%dAt(%v).Time() = %v, %v; equal to the cut time %v is %v, want %v",
				tt.version, tt.t, got, ok, want, got.Equal(want), tt.holds)
		}
	}
	if atRanges[1] != atRanges[6] {
		t.Errorf("v1 range %v differs from v6 range %v", atRanges[1], atRanges[6])
	}
	if _, ok := atRanges[4]; ok {
		t.Error("v4 has a time range")
	}
}
