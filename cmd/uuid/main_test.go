package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

type result struct {
	stdout, stderr string
	code           int
}

// runCmd runs the command in process, as main would, with stdin and args.
func runCmd(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr strings.Builder
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return result{stdout.String(), stderr.String(), code}
}

// runOK runs the command and fails unless it exits 0 with nothing on stderr.
func runOK(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	r := runCmd(t, stdin, args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("uuid %q: exit %d, stderr %q; want exit 0 and no stderr", args, r.code, r.stderr)
	}
	return r.stdout
}

// lines splits output into lines; it requires a final newline unless out is empty.
func lines(t *testing.T, out string) []string {
	t.Helper()
	if out == "" {
		return nil
	}
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("output does not end in a newline: %q", out)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// RFC 9562, Appendix A test vectors, as printed there, and Appendix B.2 (v8, SHA-256).
const (
	vectorV1 = "C232AB00-9414-11EC-B3C8-9F6BDECED846" // A.1
	vectorV3 = "5df41881-3aed-3515-88a7-2f4a814cf09e" // A.2
	vectorV4 = "919108f7-52d1-4320-9bac-f847db4148a8" // A.3
	vectorV5 = "2ed6657d-e927-568b-95e1-2665a8aea6a2" // A.4
	vectorV6 = "1EC9414C-232A-6B00-B3C8-9F6BDECED846" // A.5
	vectorV7 = "017F22E2-79B0-7CC3-98C4-DC0C0C07398F" // A.6
	vectorV8 = "5c146b14-3c52-8afd-938a-375d0df1fbf6" // B.2
)

func TestNameBasedVectors(t *testing.T) {
	dns := []string{"-n", "@dns", "-N", "www.example.com"}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"sha1", append([]string{"-s"}, dns...), vectorV5},
		{"sha1_long", []string{"--sha1", "--namespace", "dns", "--name", "www.example.com"}, vectorV5},
		{"sha1_gen", append([]string{"gen", "-s"}, dns...), vectorV5},
		{"v5", []string{"-v", "5", "-n", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "-N", "www.example.com"}, vectorV5},
		{"v5_urn_namespace", []string{"-v", "5", "-n", "urn:uuid:6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "-N", "www.example.com"}, vectorV5},
		{"python_uuid5", append([]string{"-u", "uuid5"}, dns...), vectorV5},
		{"python_uuid5_long", append([]string{"--uuid", "uuid5"}, dns...), vectorV5},
		{"md5", append([]string{"-m"}, dns...), vectorV3},
		{"md5_long", []string{"--md5", "--namespace=@dns", "--name=www.example.com"}, vectorV3},
		{"v3", append([]string{"-v", "3"}, dns...), vectorV3},
		{"v8_sha256", append([]string{"-v", "8"}, dns...), vectorV8},
		{"same_version_twice", append([]string{"-s", "-v", "5"}, dns...), vectorV5},
		{"url", []string{"-s", "-n", "url", "-N", "https://example.com/"}, uuid.NewV5(uuid.NamespaceURL(), "https://example.com/").String()},
		{"oid", []string{"-s", "-n", "@oid", "-N", "1.3.6.1"}, uuid.NewV5(uuid.NamespaceOID(), "1.3.6.1").String()},
		{"x500", []string{"-m", "-n", "X500", "-N", "cn=x"}, uuid.NewV3(uuid.NamespaceX500(), "cn=x").String()},
		// --time is a name here, not uuidgen's v1 flag.
		{"name_like_flag", []string{"-s", "-n", "dns", "-N", "--time"}, uuid.NewV5(uuid.NamespaceDNS(), "--time").String()},
		{"name_attached", []string{"-s", "-n@dns", "-Nwww.example.com"}, vectorV5},
		{"cluster", []string{"-sn", "@dns", "-N", "www.example.com"}, vectorV5},
		{"long_equals_empty_name", []string{"-s", "--namespace=@dns", "--name="}, uuid.NewV5(uuid.NamespaceDNS(), "").String()},
		{"after_double_dash_none", []string{"-s", "-n", "@dns", "-N", "www.example.com", "--"}, vectorV5},
		// -x as in uuidgen: the name is hex. uuidgen -s -n @dns -N 6578616d706c652e636f6d -x
		// prints cfbff0d1-9375-5685-968c-48ce8b15ae17, the v5 of "example.com".
		{"hex_name_uuidgen", []string{"-s", "-n", "@dns", "-N", "6578616d706c652e636f6d", "-x"}, "cfbff0d1-9375-5685-968c-48ce8b15ae17"},
		{"hex_name_upper_digits", []string{"--sha1", "--hex", "--namespace", "@dns", "--name", "6578616D706C652E636F6D"}, "cfbff0d1-9375-5685-968c-48ce8b15ae17"},
		{"hex_name_md5", []string{"-mx", "-n", "@dns", "-N", "7777772e6578616d706c652e636f6d"}, vectorV3},
		{"hex_name_v8", []string{"-v8", "-x", "-n", "@dns", "-N", "7777772e6578616d706c652e636f6d"}, vectorV8},
		{"hex_name_empty", []string{"-s", "-x", "-n", "@dns", "-N", ""}, uuid.NewV5(uuid.NamespaceDNS(), "").String()},
		{"hex_name_binary", []string{"-s", "-x", "-n", "@url", "-N", "00ff"}, uuid.NewV5(uuid.NamespaceURL(), "\x00\xff").String()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := runOK(t, "", tt.args...); got != tt.want+"\n" {
				t.Errorf("uuid %q = %q; want %q", tt.args, got, tt.want+"\n")
			}
		})
	}
}

// parseLines parses every line of out and checks its version.
func parseLines(t *testing.T, out string, version int) []uuid.UUID {
	t.Helper()
	var ids []uuid.UUID
	for i, line := range lines(t, out) {
		u, err := uuid.Parse(line)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if line != u.String() {
			t.Fatalf("line %d = %q; want canonical form %q", i+1, line, u.String())
		}
		if int(u.Version()) != version || u.Variant() != uuid.VariantRFC9562 {
			t.Fatalf("line %d: %s is version %d, variant %v; want version %d, variant RFC 9562",
				i+1, line, u.Version(), u.Variant(), version)
		}
		ids = append(ids, u)
	}
	return ids
}

func TestVersionFlags(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		version int
	}{
		{"default", nil, 4},
		{"gen", []string{"gen"}, 4},
		{"v1", []string{"-v", "1"}, 1},
		{"v2", []string{"-v", "2"}, 2},
		{"v4", []string{"-v", "4"}, 4},
		{"v6", []string{"-v", "6"}, 6},
		{"v7", []string{"-v", "7"}, 7},
		{"v8", []string{"-v", "8"}, 8},
		{"v7_attached", []string{"-v7"}, 7},
		{"v2_attached", []string{"-v2"}, 2},
		{"r", []string{"-r"}, 4},
		{"random", []string{"--random"}, 4},
		{"t", []string{"-t"}, 1},
		{"time_no_value", []string{"--time"}, 1},
		{"time_then_flag", []string{"--time", "-v", "1"}, 1},
		{"t_cluster", []string{"-tv1"}, 1},
		{"6", []string{"-6"}, 6},
		{"time_v6", []string{"--time-v6"}, 6},
		{"7", []string{"-7"}, 7},
		{"time_v7", []string{"--time-v7"}, 7},
		{"uuid1", []string{"-u", "uuid1"}, 1},
		{"uuid4", []string{"-u", "uuid4"}, 4},
		{"uuid6", []string{"--uuid", "uuid6"}, 6},
		{"uuid7", []string{"--uuid=uuid7"}, 7},
		{"uuid8", []string{"-u", "uuid8"}, 8},
		{"agreeing", []string{"-7", "-v", "7", "-u", "uuid7"}, 7},
		{"legacy_single_dash_long", []string{"-time-v6"}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{}, tt.args...), "-C", "3")
			ids := parseLines(t, runOK(t, "", args...), tt.version)
			if len(ids) != 3 {
				t.Fatalf("uuid %q printed %d UUIDs; want 3", args, len(ids))
			}
		})
	}
}

func TestCount(t *testing.T) {
	for _, version := range []int{1, 4, 6, 7, 8} {
		for _, count := range []int{0, 1, 2, 1023, 1024, 1025, 3000} {
			t.Run(fmt.Sprintf("v%d_count%d", version, count), func(t *testing.T) {
				args := []string{"-v", strconv.Itoa(version), "-C", strconv.Itoa(count)}
				ids := parseLines(t, runOK(t, "", args...), version)
				if len(ids) != count {
					t.Fatalf("uuid %q printed %d UUIDs; want %d", args, len(ids), count)
				}
				seen := make(map[uuid.UUID]bool, count)
				for i, u := range ids {
					if seen[u] {
						t.Fatalf("line %d: %v repeats", i+1, u)
					}
					seen[u] = true
					if version == 7 && i > 0 && ids[i-1].Compare(u) >= 0 {
						t.Fatalf("line %d: v7 %v does not sort after %v", i+1, u, ids[i-1])
					}
				}
			})
		}
	}
	t.Run("long_form", func(t *testing.T) {
		if n := len(parseLines(t, runOK(t, "", "--count", "5"), 4)); n != 5 {
			t.Errorf("--count 5 printed %d UUIDs", n)
		}
	})
	t.Run("name_based_repeats", func(t *testing.T) {
		got := runOK(t, "", "-s", "-n", "dns", "-N", "www.example.com", "-C", "3")
		if want := strings.Repeat(vectorV5+"\n", 3); got != want {
			t.Errorf("got %q; want %q", got, want)
		}
	})
}

func TestFormats(t *testing.T) {
	v5 := []string{"-s", "-n", "@dns", "-N", "www.example.com"}
	const upper = "2ED6657D-E927-568B-95E1-2665A8AEA6A2"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"canonical", []string{"--format", "canonical"}, vectorV5},
		{"urn", []string{"--format", "urn"}, "urn:uuid:" + vectorV5},
		{"hex", []string{"--format", "hex"}, "2ed6657de927568b95e12665a8aea6a2"},
		{"braced", []string{"--format=braced"}, "{" + vectorV5 + "}"},
		{"legacy_single_dash", []string{"-format", "hex"}, "2ed6657de927568b95e12665a8aea6a2"},
		{"upper", []string{"--upper"}, upper},
		{"legacy_upper", []string{"-upper"}, upper},
		{"upper_canonical", []string{"--upper", "--format", "canonical"}, upper},
		{"upper_urn", []string{"--upper", "--format", "urn"}, "urn:uuid:" + upper},
		{"urn_plus_upper", []string{"--format", "urn+upper"}, "urn:uuid:" + upper},
		{"upper_hex", []string{"--upper", "--format", "hex"}, "2ED6657DE927568B95E12665A8AEA6A2"},
		{"hex_plus_upper_and_upper", []string{"--upper", "--format", "hex+upper"}, "2ED6657DE927568B95E12665A8AEA6A2"},
		{"canonical_plus_upper", []string{"--format", "canonical+upper"}, upper},
		{"upper_braced", []string{"--upper", "-format=braced"}, "{" + upper + "}"},
		{"braced_plus_upper", []string{"--format", "braced+upper"}, "{" + upper + "}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{}, v5...), tt.args...)
			if got := runOK(t, "", args...); got != tt.want+"\n" {
				t.Errorf("uuid %q = %q; want %q", args, got, tt.want+"\n")
			}
		})
	}

	// Random values: every line has the format and parses back to a v7.
	shapes := map[string]func(string) (string, bool){
		"canonical": func(s string) (string, bool) { return s, len(s) == 36 },
		"urn": func(s string) (string, bool) {
			return strings.TrimPrefix(s, "urn:uuid:"), strings.HasPrefix(s, "urn:uuid:")
		},
		"hex": func(s string) (string, bool) { return s, len(s) == 32 && !strings.Contains(s, "-") },
		"braced": func(s string) (string, bool) {
			return strings.TrimSuffix(strings.TrimPrefix(s, "{"), "}"), strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}")
		},
	}
	for format, shape := range shapes {
		for _, up := range []bool{false, true} {
			t.Run(fmt.Sprintf("random_%s_upper_%v", format, up), func(t *testing.T) {
				args := []string{"-7", "-C", "50", "--format", format}
				if up {
					args = append(args, "--upper")
				}
				got := lines(t, runOK(t, "", args...))
				if len(got) != 50 {
					t.Fatalf("uuid %q printed %d lines; want 50", args, len(got))
				}
				for _, line := range got {
					body, ok := shape(line)
					if !ok {
						t.Fatalf("uuid %q printed %q, not in format %s", args, line, format)
					}
					if (strings.ToUpper(body) == body) != up || (strings.ToLower(body) == body) == up {
						t.Fatalf("uuid %q printed %q; want upper case %v", args, line, up)
					}
					if u, err := uuid.Parse(line); err != nil || u.Version() != 7 {
						t.Fatalf("Parse(%q) = %v, %v; want a v7", line, u, err)
					}
				}
			})
		}
	}
}

// inspectJSON runs inspect --json-lines on the given UUIDs and decodes one object per input.
func inspectJSON(t *testing.T, ids ...string) []map[string]any {
	t.Helper()
	out := runOK(t, "", append([]string{"inspect", "--json-lines"}, ids...)...)
	var objs []map[string]any
	for _, line := range lines(t, out) {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("inspect --json-lines printed %q: %v", line, err)
		}
		objs = append(objs, obj)
	}
	if len(objs) != len(ids) {
		t.Fatalf("inspect --json-lines printed %d objects for %d UUIDs", len(objs), len(ids))
	}
	return objs
}

// checkFields compares a decoded JSON object with want, field by field,
// and requires that it have no other fields.
func checkFields(t *testing.T, what string, got, want map[string]any) {
	t.Helper()
	for key, w := range want {
		g, ok := got[key]
		switch {
		case !ok:
			t.Errorf("%s: field %q missing; want %v", what, key, w)
		case g != w:
			t.Errorf("%s: field %q = %#v; want %#v", what, key, g, w)
		}
	}
	for key, g := range got {
		if _, ok := want[key]; !ok {
			t.Errorf("%s: unexpected field %q = %#v", what, key, g)
		}
	}
}

// header is the first line of the inspect table.
const header = "UUID                                  VARIANT    TYPE                  TIME                          CLOCKSEQ  NODE                                           DCE\n"

func TestInspectVectors(t *testing.T) {
	// RFC 9562, Appendix A: v1 and v6 share the 60-bit timestamp 0x1EC9414C232AB00,
	// Tuesday, February 22, 2022 2:22:22.000000 PM GMT-05:00 = 19:22:22 UTC; the
	// clock sequence 0b11, 0x3C8 = 0x33C8 = 13256; and the node 0x9F6BDECED846,
	// whose multicast bit is set because it is random. v7 has unix_ts_ms
	// 0x017F22E279B0 = 1645557742000, the same instant.
	timeBased := func(version int, name, id string) map[string]any {
		return map[string]any{
			"uuid": id, "variant": "RFC 9562", "version": float64(version), "version_name": name,
			"time": "2022-02-22T19:22:22.0000000Z", "clock_seq": float64(0x33C8),
			"node": "9f:6b:de:ce:d8:46", "node_random": true,
		}
	}
	plain := func(version int, name, id string) map[string]any {
		return map[string]any{"uuid": id, "variant": "RFC 9562", "version": float64(version), "version_name": name}
	}
	v7 := plain(7, "Unix time", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f")
	v7["time"] = "2022-02-22T19:22:22.000Z"
	tests := []struct {
		name string
		in   string
		want map[string]any
	}{
		{"A1_v1", vectorV1, timeBased(1, "time-based", "c232ab00-9414-11ec-b3c8-9f6bdeced846")},
		{"A2_v3", vectorV3, plain(3, "name-based MD5", vectorV3)},
		{"A3_v4", vectorV4, plain(4, "random", vectorV4)},
		{"A4_v5", vectorV5, plain(5, "name-based SHA-1", vectorV5)},
		{"A5_v6", vectorV6, timeBased(6, "reordered time", "1ec9414c-232a-6b00-b3c8-9f6bdeced846")},
		{"A6_v7", vectorV7, v7},
		{"B2_v8", vectorV8, plain(8, "custom", vectorV8)},
		// A.1 with the node as generated, before its multicast bit was set: a MAC.
		{"A1_v1_mac_node", "C232AB00-9414-11EC-B3C8-9E6BDECED846", map[string]any{
			"uuid": "c232ab00-9414-11ec-b3c8-9e6bdeced846", "variant": "RFC 9562", "version": 1.0,
			"version_name": "time-based", "time": "2022-02-22T19:22:22.0000000Z", "clock_seq": 13256.0,
			"node": "9e:6b:de:ce:d8:46", "node_random": false,
		}},
		{"nil", "00000000-0000-0000-0000-000000000000",
			map[string]any{"uuid": "00000000-0000-0000-0000-000000000000", "variant": "NCS", "version_name": "nil"}},
		{"max", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
			map[string]any{"uuid": "ffffffff-ffff-ffff-ffff-ffffffffffff", "variant": "Future", "version_name": "max"}},
		{"microsoft_variant", "00000000-0000-1000-c000-000000000000",
			map[string]any{"uuid": "00000000-0000-1000-c000-000000000000", "variant": "Microsoft"}},
	}
	var ins []string
	for _, tt := range tests {
		ins = append(ins, tt.in)
	}
	objs := inspectJSON(t, ins...)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkFields(t, "inspect --json-lines "+tt.in, objs[i], tt.want)
		})
	}

	t.Run("json_text", func(t *testing.T) {
		// The exact bytes, so the key order stays stable.
		got := runOK(t, "", "inspect", "--json-lines", vectorV1, vectorV7)
		want := `{"uuid":"c232ab00-9414-11ec-b3c8-9f6bdeced846","variant":"RFC 9562","version":1,"version_name":"time-based","time":"2022-02-22T19:22:22.0000000Z","clock_seq":13256,"node":"9f:6b:de:ce:d8:46","node_random":true}
{"uuid":"017f22e2-79b0-7cc3-98c4-dc0c0c07398f","variant":"RFC 9562","version":7,"version_name":"Unix time","time":"2022-02-22T19:22:22.000Z"}
`
		if got != want {
			t.Errorf("inspect --json-lines =\n%s\nwant\n%s", got, want)
		}
	})

	t.Run("table", func(t *testing.T) {
		got := runOK(t, "", "inspect", vectorV1, vectorV3, vectorV4, vectorV5, vectorV6, vectorV7,
			"00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
			"c232ab00-9414-11ec-b3c8-9e6bdeced846", "00000000-0000-1000-c000-000000000000")
		want := "" +
			header +
			"c232ab00-9414-11ec-b3c8-9f6bdeced846  RFC 9562   1 (time-based)        2022-02-22T19:22:22.0000000Z  13256     9f:6b:de:ce:d8:46 (random, multicast bit set)\n" +
			"5df41881-3aed-3515-88a7-2f4a814cf09e  RFC 9562   3 (name-based MD5)\n" +
			"919108f7-52d1-4320-9bac-f847db4148a8  RFC 9562   4 (random)\n" +
			"2ed6657d-e927-568b-95e1-2665a8aea6a2  RFC 9562   5 (name-based SHA-1)\n" +
			"1ec9414c-232a-6b00-b3c8-9f6bdeced846  RFC 9562   6 (reordered time)    2022-02-22T19:22:22.0000000Z  13256     9f:6b:de:ce:d8:46 (random, multicast bit set)\n" +
			"017f22e2-79b0-7cc3-98c4-dc0c0c07398f  RFC 9562   7 (Unix time)         2022-02-22T19:22:22.000Z\n" +
			"00000000-0000-0000-0000-000000000000  NCS        nil\n" +
			"ffffffff-ffff-ffff-ffff-ffffffffffff  Future     max\n" +
			"c232ab00-9414-11ec-b3c8-9e6bdeced846  RFC 9562   1 (time-based)        2022-02-22T19:22:22.0000000Z  13256     9e:6b:de:ce:d8:46\n" +
			"00000000-0000-1000-c000-000000000000  Microsoft  unknown\n"
		if got != want {
			t.Errorf("inspect =\n%s\nwant\n%s", got, want)
		}
	})

	t.Run("noheadings", func(t *testing.T) {
		got := runOK(t, "", "inspect", "-noheadings", vectorV4)
		if want := "919108f7-52d1-4320-9bac-f847db4148a8  RFC 9562   4 (random)\n"; got != want {
			t.Errorf("inspect -noheadings = %q; want %q", got, want)
		}
	})
}

func TestInspectForms(t *testing.T) {
	const want = "c232ab00-9414-11ec-b3c8-9f6bdeced846"
	forms := []string{
		want,
		"C232AB00-9414-11EC-B3C8-9F6BDECED846",
		"c232ab00941411ecb3c89f6bdeced846",
		"{c232ab00-9414-11ec-b3c8-9f6bdeced846}",
		"urn:uuid:c232ab00-9414-11ec-b3c8-9f6bdeced846",
		"URN:UUID:C232AB00-9414-11EC-B3C8-9F6BDECED846",
		"  \t" + want + " \r",
	}
	for i, obj := range inspectJSON(t, forms...) {
		if obj["uuid"] != want || obj["error"] != nil {
			t.Errorf("inspect --json-lines %q: uuid %v, error %v; want uuid %s", forms[i], obj["uuid"], obj["error"], want)
		}
	}
}

func TestGeneratedFields(t *testing.T) {
	// Each generated UUID goes back through inspect, which must find what was asked for.
	tests := []struct {
		name string
		args []string
		want map[string]any // fields to check; node is checked for presence only
	}{
		{"v1_at", []string{"-v", "1", "--at", "2022-02-22T19:22:22Z"},
			map[string]any{"version": 1.0, "time": "2022-02-22T19:22:22.0000000Z"}},
		{"v1_at_offset_100ns", []string{"-t", "--at", "2022-02-22T14:22:22.1234567-05:00"},
			map[string]any{"version": 1.0, "time": "2022-02-22T19:22:22.1234567Z"}},
		{"v6_long_time_value", []string{"--time-v6", "--at", "2022-02-22T19:22:22.5Z"},
			map[string]any{"version": 6.0, "time": "2022-02-22T19:22:22.5000000Z"}},
		{"v6_at", []string{"-6", "--at", "2022-02-22T19:22:22Z"},
			map[string]any{"version": 6.0, "time": "2022-02-22T19:22:22.0000000Z"}},
		{"v6_at_equals", []string{"-v", "6", "--at=1999-12-31T23:59:59.9999999Z"},
			map[string]any{"version": 6.0, "time": "1999-12-31T23:59:59.9999999Z"}},
		{"v7_at", []string{"-7", "--at", "2022-02-22T19:22:22Z"},
			map[string]any{"version": 7.0, "time": "2022-02-22T19:22:22.000Z"}},
		{"v7_at_ms", []string{"-v", "7", "--at", "2022-02-22T14:22:22.123456-05:00"},
			map[string]any{"version": 7.0, "time": "2022-02-22T19:22:22.123Z"}},
		{"v2_person_id", []string{"-v", "2", "--domain", "person", "--id", "1234"},
			map[string]any{"version": 2.0, "domain": "Person", "id": 1234.0}},
		{"v2_group_id", []string{"-v", "2", "--domain", "group", "--id", "42"},
			map[string]any{"version": 2.0, "domain": "Group", "id": 42.0}},
		{"v2_org_id", []string{"-u", "uuid2", "--domain", "ORG", "--id", "4294967295"},
			map[string]any{"version": 2.0, "domain": "Org", "id": 4294967295.0}},
		{"v2_numeric_domain", []string{"-v", "2", "--domain", "2", "--id", "0"},
			map[string]any{"version": 2.0, "domain": "Org", "id": 0.0}},
		{"v2_default", []string{"-v", "2"},
			map[string]any{"version": 2.0, "domain": "Person", "id": float64(os.Getuid())}},
		{"v2_default_group", []string{"-v", "2", "--domain", "group"},
			map[string]any{"version": 2.0, "domain": "Group", "id": float64(os.Getgid())}},
		{"v1_now", []string{"-t"}, map[string]any{"version": 1.0}},
		{"v1_at_min", []string{"-t", "--at", "1582-10-15T00:00:00Z"},
			map[string]any{"version": 1.0, "time": "1582-10-15T00:00:00.0000000Z"}},
		{"v6_at_max", []string{"-6", "--at", "5236-03-31T21:21:00.68469759Z"},
			map[string]any{"version": 6.0, "time": "5236-03-31T21:21:00.6846975Z"}},
		{"v7_at_epoch", []string{"-7", "--at", "1970-01-01T00:00:00Z"},
			map[string]any{"version": 7.0, "time": "1970-01-01T00:00:00.000Z"}},
		{"v7_at_year_9999", []string{"-7", "--at", "9999-12-31T23:59:59.999999999Z"},
			map[string]any{"version": 7.0, "time": "9999-12-31T23:59:59.999Z"}},
		{"v6_now", []string{"-6"}, map[string]any{"version": 6.0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if runtime.GOOS == "windows" && strings.HasPrefix(tt.name, "v2_default") {
				t.Skip("no uid or gid on Windows")
			}
			args := append(append([]string{}, tt.args...), "-C", "2")
			ids := lines(t, runOK(t, "", args...))
			if len(ids) != 2 {
				t.Fatalf("uuid %q printed %d lines; want 2", args, len(ids))
			}
			for i, obj := range inspectJSON(t, ids...) {
				for key, want := range tt.want {
					if obj[key] != want {
						t.Errorf("uuid %q printed %s; inspect: %s = %#v; want %#v", args, ids[i], key, obj[key], want)
					}
				}
				version := tt.want["version"]
				if version == 1.0 || version == 2.0 || version == 6.0 {
					if _, ok := obj["node"].(string); !ok {
						t.Errorf("uuid %q printed %s; inspect shows no node: %v", args, ids[i], obj)
					}
					if _, ok := obj["clock_seq"].(float64); !ok {
						t.Errorf("uuid %q printed %s; inspect shows no clock_seq: %v", args, ids[i], obj)
					}
				}
			}
		})
	}

	// The RFC layouts put the requested instant in the leading bits exactly.
	prefixes := []struct {
		args   []string
		prefix string
	}{
		{[]string{"-t", "--at", "2022-02-22T19:22:22Z"}, "c232ab00-9414-11ec-"},  // A.1
		{[]string{"-6", "--at", "2022-02-22T19:22:22Z"}, "1ec9414c-232a-6b00-"},  // A.5
		{[]string{"-7", "--at", "2022-02-22T19:22:22Z"}, "017f22e2-79b0-7"},      // A.6
		{[]string{"-7", "--at", "2022-02-22T14:22:22-05:00"}, "017f22e2-79b0-7"}, // A.6
	}
	for _, tt := range prefixes {
		t.Run("prefix_"+tt.prefix, func(t *testing.T) {
			if got := runOK(t, "", tt.args...); !strings.HasPrefix(got, tt.prefix) {
				t.Errorf("uuid %q = %q; want prefix %q", tt.args, got, tt.prefix)
			}
		})
	}
}

func TestInspectTableV2(t *testing.T) {
	id := strings.TrimSpace(runOK(t, "", "-v", "2", "--domain", "group", "--id", "42"))
	rows := lines(t, runOK(t, "", "inspect", id))
	if len(rows) != 2 || rows[0]+"\n" != header {
		t.Fatalf("inspect %s printed %q", id, rows)
	}
	// Every column is filled and starts under its heading.
	for _, col := range []struct{ heading, value string }{
		{"UUID", id}, {"VARIANT", "RFC 9562"}, {"TYPE", "2 (DCE security)"}, {"DCE", "Group 42"},
	} {
		at := strings.Index(header, col.heading)
		if !strings.HasPrefix(rows[1][at:], col.value+" ") && rows[1][at:] != col.value {
			t.Errorf("row %q: column %s does not hold %q", rows[1], col.heading, col.value)
		}
	}
	for _, heading := range []string{"TIME", "CLOCKSEQ", "NODE"} {
		at := strings.Index(header, heading)
		if rows[1][at] == ' ' || rows[1][at-1] != ' ' {
			t.Errorf("row %q: column %s is empty or misaligned", rows[1], heading)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // the first stderr line
	}{
		{"unknown_flag", []string{"-q"}, "uuid: unknown flag -q"},
		{"unknown_in_cluster", []string{"-foo"}, `uuid: unknown flag -f (in -foo)`},
		{"unknown_control_byte", []string{"-\x01"}, `uuid: unknown flag -"\x01"`},
		{"unknown_long_flag", []string{"--bogus"}, "uuid: unknown flag --bogus"},
		{"unknown_long_with_value", []string{"--bogus=1"}, "uuid: unknown flag --bogus"},
		{"no_abbreviations", []string{"--coun", "3"}, "uuid: unknown flag --coun"},
		{"go_flag_double_dash_short", []string{"--v", "7"}, "uuid: unknown flag --v"},
		{"repeated", []string{"-C", "3", "-C", "4"}, "uuid: flag -C repeated"},
		{"repeated_other_spelling", []string{"-C3", "--count=4"}, "uuid: flag --count repeated (already given as -C)"},
		{"repeated_bool", []string{"-s", "-s", "-n", "dns", "-N", "x"}, "uuid: flag -s repeated"},
		{"repeated_in_cluster", []string{"-77"}, "uuid: flag -7 repeated"},
		{"repeated_long_short", []string{"--time-v7", "-7"}, "uuid: flag -7 repeated (already given as --time-v7)"},
		{"v9", []string{"-v", "9"}, `uuid: invalid value "9" for flag -v: want a version from 1 to 8`},
		{"v9_attached", []string{"-v9"}, `uuid: invalid value "9" for flag -v: want a version from 1 to 8`},
		{"v0", []string{"-v", "0"}, `uuid: invalid value "0" for flag -v: want a version from 1 to 8`},
		{"v_word", []string{"-v", "four"}, `uuid: invalid value "four" for flag -v: want a version from 1 to 8`},
		{"v_missing", []string{"-v"}, "uuid: flag -v needs a value (N)"},
		{"count_negative", []string{"-C", "-1"}, `uuid: invalid value "-1" for flag -C: want a whole number of UUIDs, 0 or more`},
		{"count_word", []string{"-C", "ten"}, `uuid: invalid value "ten" for flag -C: want a whole number of UUIDs, 0 or more`},
		{"count_fraction", []string{"--count", "1.5"}, `uuid: invalid value "1.5" for flag --count: want a whole number of UUIDs, 0 or more`},
		{"count_missing", []string{"-C"}, "uuid: flag -C needs a value (N)"},
		{"count_long_missing", []string{"--count"}, "uuid: flag --count needs a value (N)"},
		{"md5_alone", []string{"-m"}, "uuid: v3 (from -m) needs both -n NAMESPACE and -N NAME"},
		{"md5_no_name", []string{"-m", "-n", "dns"}, "uuid: v3 (from -m) needs both -n NAMESPACE and -N NAME"},
		{"sha1_no_namespace", []string{"-s", "-N", "x"}, "uuid: v5 (from -s) needs both -n NAMESPACE and -N NAME"},
		{"v5_no_namespace", []string{"-v", "5", "-N", "x"}, "uuid: v5 (from -v 5) needs both -n NAMESPACE and -N NAME"},
		{"v8_half", []string{"-v", "8", "-N", "x"},
			"uuid: v8 (from -v 8) needs both -n NAMESPACE and -N NAME for a name-based UUID, or neither for a random one"},
		{"bad_namespace", []string{"-s", "-n", "bogus", "-N", "x"},
			`uuid: invalid value "bogus" for flag -n: want dns, url, oid, x500 (or @dns, @url, @oid, @x500) or a UUID`},
		{"name_with_v4", []string{"-n", "dns", "-N", "x"}, "uuid: -n and -N apply to v3, v5 and v8 only, not v4 (the default)"},
		{"name_with_v7", []string{"-7", "-N", "x"}, "uuid: -n and -N apply to v3, v5 and v8 only, not v7 (from -7)"},
		{"hex_without_name", []string{"-r", "-x"}, "uuid: -x reads the -N name as hex, but there is no -N NAME"},
		{"hex_odd_length", []string{"-s", "-x", "-n", "dns", "-N", "abc"},
			`uuid: -x: the name "abc" is not hex digits: encoding/hex: odd length hex string`},
		{"hex_not_digits", []string{"-s", "-x", "-n", "dns", "-N", "example.com"},
			`uuid: -x: the name "example.com" is not hex digits: encoding/hex: invalid byte: U+0078 'x'`},
		{"bad_time", []string{"-7", "--at", "yesterday"},
			`uuid: invalid value "yesterday" for flag --at: want an RFC 3339 time such as 2022-02-22T19:22:22Z`},
		{"time_without_zone", []string{"-7", "--at", "2022-02-22T19:22:22"},
			`uuid: invalid value "2022-02-22T19:22:22" for flag --at: want an RFC 3339 time such as 2022-02-22T19:22:22Z`},
		{"at_with_v4", []string{"--at", "2022-02-22T19:22:22Z"}, "uuid: --at applies to v1, v6 and v7 only, not v4 (the default)"},
		{"at_with_v2", []string{"-v", "2", "--at", "2022-02-22T19:22:22Z"}, "uuid: --at applies to v1, v6 and v7 only, not v2 (from -v 2)"},
		{"at_v1_before_1582", []string{"-t", "--at", "1582-10-14T23:59:59.9999999Z"},
			"uuid: --at 1582-10-14T23:59:59.9999999Z is outside the times v1 can hold: 1582-10-15T00:00:00.0000000Z to 5236-03-31T21:21:00.6846975Z"},
		{"at_v6_after_5236", []string{"-6", "--at=5236-03-31T21:21:00.6846976Z"},
			"uuid: --at 5236-03-31T21:21:00.6846976Z is outside the times v6 can hold: 1582-10-15T00:00:00.0000000Z to 5236-03-31T21:21:00.6846975Z"},
		{"at_v7_before_1970", []string{"-7", "--at", "1969-12-31T23:59:59.9999Z"},
			"uuid: --at 1969-12-31T23:59:59.9999Z is outside the times v7 can hold: 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z"},
		{"at_v7_offset_before_1970", []string{"-7", "--at", "1970-01-01T00:30:00+01:00"},
			"uuid: --at 1970-01-01T00:30:00+01:00 is outside the times v7 can hold: 1970-01-01T00:00:00.000Z to 10889-08-02T05:31:50.655Z"},
		{"time_with_value", []string{"-7", "--time", "2022-02-22T19:22:22Z"},
			`uuid: unexpected argument "2022-02-22T19:22:22Z" (--at TIME sets the time; -t and --time choose v1)`},
		{"legacy_time_flag", []string{"-time", "2022-02-22T19:22:22Z"},
			`uuid: unexpected argument "2022-02-22T19:22:22Z" (--at TIME sets the time; -t and --time choose v1)`},
		{"conflict_sha1_md5", []string{"-s", "-m", "-n", "dns", "-N", "x"}, "uuid: conflicting version flags -s (v5) and -m (v3)"},
		{"conflict_v_7", []string{"-v", "4", "-7"}, "uuid: conflicting version flags -v 4 (v4) and -7 (v7)"},
		{"conflict_long", []string{"--random", "--time"}, "uuid: conflicting version flags --random (v4) and --time (v1)"},
		{"conflict_python", []string{"-u", "uuid7", "-6"}, "uuid: conflicting version flags -u uuid7 (v7) and -6 (v6)"},
		{"conflict_python_long", []string{"--uuid=uuid1", "-7"}, "uuid: conflicting version flags --uuid uuid1 (v1) and -7 (v7)"},
		{"python_bad", []string{"-u", "uuid9"}, `uuid: invalid value "uuid9" for flag -u: want uuid1, uuid2, ... or uuid8`},
		{"python_not_uuid", []string{"-u", "7"}, `uuid: invalid value "7" for flag -u: want uuid1, uuid2, ... or uuid8`},
		{"bool_with_value", []string{"--random=yes"}, "uuid: flag --random takes no value"},
		{"legacy_bool_with_value", []string{"-upper=true"}, "uuid: flag -upper takes no value"},
		{"bad_format", []string{"--format", "bogus"}, `uuid: invalid value "bogus" for flag --format: want canonical, urn, hex or braced, maybe with +upper`},
		{"format_upper_alone", []string{"--format", "upper"}, `uuid: invalid value "upper" for flag --format: want canonical, urn, hex or braced, maybe with +upper`},
		{"format_twice", []string{"--format", "urn", "-format", "hex"}, "uuid: flag -format repeated (already given as --format)"},
		{"bad_domain", []string{"-v", "2", "--domain", "club"},
			`uuid: invalid value "club" for flag --domain: want person, group, org or a number from 0 to 255`},
		{"org_needs_id", []string{"-v", "2", "--domain", "org"}, "uuid: --domain org needs --id N (only person and group have a default ID)"},
		{"bad_id", []string{"-v", "2", "--id", "-1"}, `uuid: invalid value "-1" for flag --id: want a number from 0 to 4294967295`},
		{"id_with_v4", []string{"--id", "5"}, "uuid: --domain and --id apply to v2 only, not v4 (the default)"},
		{"unknown_command", []string{"bogus"}, `uuid: unexpected argument "bogus" (commands are gen and inspect)`},
		{"gen_extra_argument", []string{"gen", "-C", "2", "extra"}, `uuid: unexpected argument "extra" (commands are gen and inspect)`},
		{"after_double_dash", []string{"-C", "2", "--", "-r"}, `uuid: unexpected argument "-r" (commands are gen and inspect)`},
		{"dash_alone", []string{"-"}, `uuid: unexpected argument "-" (commands are gen and inspect)`},
		{"inspect_unknown_flag", []string{"inspect", "--bogus"}, "uuid: inspect: unknown flag --bogus"},
		{"inspect_raw_unsupported", []string{"inspect", "-r"}, "uuid: inspect: unknown flag -r"},
		{"inspect_modes", []string{"inspect", "-J", "--json-lines"}, "uuid: inspect: --json-lines: conflicts with -J"},
		{"inspect_repeated", []string{"inspect", "-n", "--noheadings"}, "uuid: inspect: flag --noheadings repeated (already given as -n)"},
		{"inspect_gen_flag", []string{"inspect", "-C", "2"}, "uuid: inspect: unknown flag -C"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runCmd(t, "", tt.args...)
			if r.code != 2 {
				t.Errorf("uuid %q: exit status %d; want 2", tt.args, r.code)
			}
			if r.stdout != "" {
				t.Errorf("uuid %q: stdout %q; want none", tt.args, r.stdout)
			}
			if want := tt.want + "\nrun 'uuid -h' for usage\n"; r.stderr != want {
				t.Errorf("uuid %q: stderr\n%q\nwant\n%q", tt.args, r.stderr, want)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"-help"}, {"--help"}, {"help"}, {"gen", "-h"}, {"-C", "3", "-h"}, {"-rh"},
		{"-h", "--bogus"}, // -h stops the parse, as it does for getopt programs
		{"inspect", "-h"}, {"inspect", "--help"}, {"inspect", vectorV4, "-h"},
	} {
		t.Run(strings.Join(args, "_"), func(t *testing.T) {
			got := runOK(t, "", args...)
			if got != usage {
				t.Errorf("uuid %q printed\n%s\nwant the usage text", args, got)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"-V"}, {"--version"}, {"-rV"}, {"inspect", "-V"}, {"inspect", "--version"}} {
		t.Run(strings.Join(args, "_"), func(t *testing.T) {
			got := runOK(t, "", args...)
			if got != versionLine() || !strings.HasPrefix(got, "uuid ") || len(lines(t, got)) != 1 {
				t.Errorf("uuid %q printed %q; want one line %q", args, got, versionLine())
			}
		})
	}
}

func TestInspectInvalid(t *testing.T) {
	const bad = "6ba7b810-9dad-11d1-80b4-00c04fd430zz"
	const short = "not-a-uuid"
	stdin := vectorV1 + "\n" +
		"   \n" +
		"\n" +
		bad + "\n" +
		"  " + vectorV7 + "  \r\n" +
		short // no final newline

	// What the library says about the bad lines; the command adds the line and offset.
	parseErr := func(s string) *uuid.ParseError {
		_, err := uuid.Parse(s)
		var pe *uuid.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("Parse(%q) error = %v; want a *uuid.ParseError", s, err)
		}
		return pe
	}
	badErr, shortErr := parseErr(bad), parseErr(short)
	if badErr.Offset != 34 {
		t.Fatalf("Parse(%q): Offset %d; want 34", bad, badErr.Offset)
	}
	describe := func(pe *uuid.ParseError) string {
		if pe.Offset < 0 {
			return fmt.Sprintf("%q is not a UUID: bad length: %s", pe.Input, pe.Msg)
		}
		return fmt.Sprintf("%q is not a UUID: %s at offset %d", pe.Input, pe.Msg, pe.Offset)
	}
	badMsg := fmt.Sprintf("%q is not a UUID: %s at offset 34", bad, badErr.Msg)
	shortMsg := describe(shortErr)

	t.Run("table", func(t *testing.T) {
		r := runCmd(t, stdin, "inspect")
		if r.code != 1 {
			t.Errorf("exit status %d; want 1", r.code)
		}
		wantErr := "uuid inspect: line 4: " + badMsg + "\n" + "uuid inspect: line 6: " + shortMsg + "\n"
		if r.stderr != wantErr {
			t.Errorf("stderr\n%q\nwant\n%q", r.stderr, wantErr)
		}
		want := "" +
			header +
			"c232ab00-9414-11ec-b3c8-9f6bdeced846  RFC 9562   1 (time-based)        2022-02-22T19:22:22.0000000Z  13256     9f:6b:de:ce:d8:46 (random, multicast bit set)\n" +
			bad + "  invalid\n" +
			"017f22e2-79b0-7cc3-98c4-dc0c0c07398f  RFC 9562   7 (Unix time)         2022-02-22T19:22:22.000Z\n" +
			fmt.Sprintf("%-38sinvalid\n", short)
		if r.stdout != want {
			t.Errorf("stdout\n%s\nwant\n%s", r.stdout, want)
		}
	})

	t.Run("json", func(t *testing.T) {
		r := runCmd(t, stdin, "inspect", "--json-lines")
		if r.code != 1 || r.stderr != "" {
			t.Errorf("exit status %d, stderr %q; want 1 and none", r.code, r.stderr)
		}
		got := lines(t, r.stdout)
		if len(got) != 4 {
			t.Fatalf("printed %d lines; want 4:\n%s", len(got), r.stdout)
		}
		for i, want := range []map[string]any{
			{"uuid": bad, "error": "line 4: " + badMsg},
			{"uuid": short, "error": "line 6: " + shortMsg},
		} {
			var obj map[string]any
			if err := json.Unmarshal([]byte(got[2*i+1]), &obj); err != nil {
				t.Fatal(err)
			}
			checkFields(t, "inspect --json-lines", obj, want)
			if !strings.Contains(obj["error"].(string), "offset") {
				t.Errorf("error %q does not mention the offset", obj["error"])
			}
		}
		if !strings.HasPrefix(got[0], `{"uuid":"c232ab00-`) || !strings.HasPrefix(got[2], `{"uuid":"017f22e2-`) {
			t.Errorf("valid lines not reported in order:\n%s", r.stdout)
		}
	})

	t.Run("arguments", func(t *testing.T) {
		r := runCmd(t, "", "inspect", "-n", vectorV4, bad)
		want := "uuid inspect: argument 2: " + badMsg + "\n"
		if r.code != 1 || r.stderr != want {
			t.Errorf("exit status %d, stderr %q; want 1 and %q", r.code, r.stderr, want)
		}
		if !strings.HasPrefix(r.stdout, vectorV4) {
			t.Errorf("stdout %q does not report %s", r.stdout, vectorV4)
		}
	})

	t.Run("quoted_control_bytes", func(t *testing.T) {
		r := runCmd(t, "abc\x01def\n", "inspect", "--noheadings")
		if r.code != 1 || r.stdout != fmt.Sprintf("%-38sinvalid\n", `"abc\x01def"`) {
			t.Errorf("exit status %d, stdout %q", r.code, r.stdout)
		}
	})

	t.Run("all_valid", func(t *testing.T) {
		r := runCmd(t, "\n"+vectorV4+"\n\n", "inspect", "--json-lines")
		if r.code != 0 || r.stderr != "" || len(lines(t, r.stdout)) != 1 {
			t.Errorf("exit status %d, stderr %q, stdout %q; want 0, none, one line", r.code, r.stderr, r.stdout)
		}
	})

	t.Run("empty", func(t *testing.T) {
		if got := runOK(t, "", "inspect"); got != header {
			t.Errorf("inspect of no input = %q; want the header only", got)
		}
		if got := runOK(t, " \n\n", "inspect", "--json-lines"); got != "" {
			t.Errorf("inspect --json-lines of blank input = %q; want nothing", got)
		}
	})
}

func TestInspectStream(t *testing.T) {
	const n = 100000
	for _, tt := range []struct {
		name    string
		version int
		args    []string
	}{
		{"v4_json", 4, []string{"inspect", "--json-lines"}},
		{"v7_table", 7, []string{"inspect", "-n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			gen := runOK(t, "", "-v", strconv.Itoa(tt.version), "-C", strconv.Itoa(n))
			ids := lines(t, gen)
			if len(ids) != n {
				t.Fatalf("-C %d printed %d lines", n, len(ids))
			}
			out := runOK(t, gen, tt.args...)
			sc := bufio.NewScanner(strings.NewReader(out))
			i := 0
			for ; sc.Scan(); i++ {
				if i >= n {
					t.Fatalf("more than %d output lines", n)
				}
				line := sc.Text()
				if tt.args[1] == "--json-lines" {
					var obj struct {
						UUID    string `json:"uuid"`
						Version int    `json:"version"`
						Variant string `json:"variant"`
						Error   string `json:"error"`
					}
					if err := json.Unmarshal([]byte(line), &obj); err != nil {
						t.Fatalf("line %d: %v", i+1, err)
					}
					if obj.UUID != ids[i] || obj.Version != tt.version || obj.Variant != "RFC 9562" || obj.Error != "" {
						t.Fatalf("line %d = %s; want uuid %s, version %d", i+1, line, ids[i], tt.version)
					}
				} else {
					want := ids[i] + "  RFC 9562   7 (Unix time)         "
					if !strings.HasPrefix(line, want) || len(line) != len(want)+len("2022-02-22T19:22:22.000Z") {
						t.Fatalf("line %d = %q; want %q and a time", i+1, line, want)
					}
				}
			}
			if i != n {
				t.Fatalf("%d output lines; want %d", i, n)
			}
		})
	}
}
