package main

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestGetoptReader reads command lines with a table of options of its own,
// as GNU getopt_long reads them.
func TestGetoptReader(t *testing.T) {
	opts := []option{
		{'a', "all", ""},
		{'b', "", ""},
		{'C', "count", "N"},
		{0, "verbose", ""},
		{0, "version", ""},
		{'n', "name", "NAME"},
		{0, "time", ""},
		{0, "time-v6", ""},
		{0, "time-v7", ""},
	}
	tests := []struct {
		name     string
		args     []string
		flags    string // each flag read, as written, with "=" and its value
		operands string
		err      string // the error, "" for none
	}{
		{"none", nil, "", "", ""},
		{"short", []string{"-a", "-b"}, "-a= -b=", "", ""},
		{"bundle", []string{"-ab"}, "-a= -b=", "", ""},
		{"bundle_abc", []string{"-aba"}, "-a= -b= -a=", "", ""},
		{"short_attached", []string{"-C3"}, "-C=3", "", ""},
		{"short_separate", []string{"-C", "3"}, "-C=3", "", ""},
		{"bundle_then_value", []string{"-abC3"}, "-a= -b= -C=3", "", ""},
		{"bundle_value_next", []string{"-abC", "3"}, "-a= -b= -C=3", "", ""},
		{"short_value_is_rest", []string{"-Cab"}, "-C=ab", "", ""},
		{"short_value_looks_like_flag", []string{"-C", "-a"}, "-C=-a", "", ""},
		{"short_value_is_dashdash", []string{"-C", "--", "x"}, "-C=--", "x", ""},
		{"long_equals", []string{"--count=5"}, "--count=5", "", ""},
		{"long_separate", []string{"--count", "5"}, "--count=5", "", ""},
		{"long_equals_empty", []string{"--name="}, "--name=", "", ""},
		{"long_equals_in_value", []string{"--name=a=b"}, "--name=a=b", "", ""},
		{"long_value_looks_like_flag", []string{"--name", "--all"}, "--name=--all", "", ""},
		{"long_no_arg", []string{"--all", "--verbose"}, "--all= --verbose=", "", ""},
		{"prefix", []string{"--cou", "2", "--verb"}, "--cou=2 --verb=", "", ""},
		{"prefix_equals", []string{"--co=2"}, "--co=2", "", ""},
		{"exact_beats_prefix", []string{"--time"}, "--time=", "", ""},
		{"single_dash_long", []string{"-count", "2", "-verbose"}, "-count=2 -verbose=", "", ""},
		{"single_dash_long_equals", []string{"-count=2"}, "-count=2", "", ""},
		{"single_dash_prefix_is_cluster", []string{"-al"}, "-a=", "", "unknown flag -l"},
		{"operands_between", []string{"x", "-a", "y", "--count", "1", "z"}, "-a= --count=1", "x y z", ""},
		{"dash_is_operand", []string{"-", "-a"}, "-a=", "-", ""},
		{"dashdash_ends", []string{"-a", "--", "-b", "--count", "--"}, "-a=", "-b --count --", ""},
		{"dashdash_last", []string{"-a", "--"}, "-a=", "", ""},
		{"unknown_short", []string{"-a", "-Z", "-b"}, "-a=", "", "unknown flag -Z"},
		{"unknown_in_bundle", []string{"-aZb"}, "-a=", "", "unknown flag -Z"},
		{"unknown_short_control", []string{"-\x1b"}, "", "", `unknown flag -\x1b`},
		{"unknown_long", []string{"--colour"}, "", "", "unknown flag --colour"},
		{"unknown_long_cut", []string{"--" + strings.Repeat("g", 100)}, "", "", "unknown flag --" + strings.Repeat("g", 33) + "..."},
		{"ambiguous", []string{"--time-v"}, "", "", "flag --time-v is ambiguous: it begins --time-v6, --time-v7 and maybe more"},
		{"ambiguous_names_first_and_last", []string{"--ti"}, "", "", "flag --ti is ambiguous: it begins --time, --time-v7 and maybe more"},
		{"ambiguous_single_dash_is_cluster", []string{"-ver"}, "", "", "unknown flag -v"},
		{"no_value_allowed", []string{"--all=yes"}, "", "", "flag --all takes no value"},
		{"no_value_allowed_prefix", []string{"--al=yes"}, "", "", "flag --al takes no value"},
		{"no_value_allowed_single_dash", []string{"-verbose=1"}, "", "", "flag -verbose takes no value"},
		{"missing_value_short", []string{"-C"}, "", "", "flag -C needs a value (N)"},
		{"missing_value_bundle", []string{"-aC"}, "-a=", "", "flag -C needs a value (N)"},
		{"missing_value_long", []string{"--name"}, "", "", "flag --name needs a value (NAME)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := getopt{opts: opts, args: tt.args}
			var flags []string
			var err error
			for {
				var i int
				var flag, val string
				if i, flag, val, err = g.next(); i < 0 {
					break
				}
				if o := opts[i]; flag != "-"+string(o.short) && !strings.HasPrefix("--"+o.long, flag) && flag != "-"+o.long {
					t.Errorf("flag %s read as option %+v", flag, o)
				}
				flags = append(flags, flag+"="+val)
			}
			got := strings.Join(flags, " ")
			if got != tt.flags || err == nil && strings.Join(g.operands, " ") != tt.operands {
				t.Errorf("getopt(%q) read %q, operands %q; want %q, %q", tt.args, got, g.operands, tt.flags, tt.operands)
			}
			var fe *flagError
			if tt.err == "" && err != nil || tt.err != "" && (!errors.As(err, &fe) || err.Error() != tt.err) {
				t.Errorf("getopt(%q): error %v; want %q", tt.args, err, tt.err)
			}
		})
	}
}

// TestGetoptDoesNotRead checks that the reader reads no further than it
// is asked: the words after the last flag returned stay unread.
func TestGetoptDoesNotRead(t *testing.T) {
	g := getopt{opts: []option{{'h', "help", ""}}, args: []string{"-hZ", "--bogus"}}
	if i, flag, _, err := g.next(); i != 0 || flag != "-h" || err != nil {
		t.Fatalf("next() = %d, %q, %v; want 0, -h", i, flag, err)
	}
	if g.cluster != "Z" || !slices.Equal(g.args, []string{"--bogus"}) {
		t.Errorf("after -h: cluster %q, args %q; want Z and --bogus unread", g.cluster, g.args)
	}
}
