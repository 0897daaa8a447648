package main

import (
	"errors"
	"fmt"
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
	for _, version := range []int{1, 2, 4, 6, 7, 8} {
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

// failWriter accepts n bytes, then fails every write with err.
type failWriter struct {
	n   int
	err error
}

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, w.err
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteError: a failed write ends the command with status 1 and the
// error on standard error, however much was written before it.
func TestWriteError(t *testing.T) {
	errFull := errors.New("no space left on device")
	tests := []struct {
		args []string
		n    int // bytes written before the failure, less than the output
	}{
		{[]string{"-C", "3"}, 0},
		{[]string{"-C", "3"}, 10},
		{[]string{"-C", "100000"}, 70000}, // after the buffer's first flush
		{[]string{"-t", "--at", "@0", "-C", "5000"}, 100},
		{[]string{"-h"}, 10},
		{[]string{"inspect", vectorV7}, 10},
	}
	for _, tt := range tests {
		var stderr strings.Builder
		code := run(tt.args, strings.NewReader(""), &failWriter{tt.n, errFull}, &stderr)
		if code != exitInvalid || stderr.String() != "uuid: "+errFull.Error()+"\n" {
			t.Errorf("uuid %q, writes failing after %d bytes: exit %d, stderr %q; want 1 and the error",
				tt.args, tt.n, code, stderr.String())
		}
	}
}
