package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/afb7af96/uuid"
)

// The key of the reference PostgreSQL extension's tests, and a version 7
// UUID with its façade under it (stateless-me/uuidv47 pull request 10).
const (
	testKey    = "0011223344556677:8899aabbccddeeff"
	testV7     = "01997155-1e00-7032-8c96-fd3b3405593e"
	testFacade = "3309401a-ae5f-4032-8c96-fd3b3405593e"
)

func TestFacade(t *testing.T) {
	dir := t.TempDir()
	keyFile := filepath.Join(dir, "key")
	if err := os.WriteFile(keyFile, []byte(testKey+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bomFile := filepath.Join(dir, "bom")
	if err := os.WriteFile(bomFile, []byte("\ufeff"+testKey+"\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	utf16File := filepath.Join(dir, "utf16")
	if err := os.WriteFile(utf16File, append([]byte("\xff\xfe"), []byte("0\x000\x001\x001\x00")...), 0o600); err != nil {
		t.Fatal(err)
	}
	badFile := filepath.Join(dir, "bad")
	if err := os.WriteFile(badFile, []byte("a1a2a3a4a5a6a7a8b1b2b3b4b5b6b7bz"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		env        map[string]string // set for the test; UUID47_KEY is unset unless given
		args       []string
		stdin      string
		out, inErr string // stdout, and a fragment of stderr ("" for none)
		code       int
	}{
		{"encode_env", map[string]string{"UUID47_KEY": testKey}, []string{"facade", testV7}, "", testFacade + "\n", "", 0},
		{"decode_env", map[string]string{"UUID47_KEY": testKey}, []string{"facade", "-d", testFacade}, "", testV7 + "\n", "", 0},
		{"decode_long", map[string]string{"UUID47_KEY": testKey}, []string{"facade", "--decode", strings.ToUpper(testFacade)}, "", testV7 + "\n", "", 0},
		{"key_env_named", map[string]string{"MY_KEY": testKey}, []string{"facade", "--key-env", "MY_KEY", testV7}, "", testFacade + "\n", "", 0},
		{"key_file", nil, []string{"facade", "--key-file", keyFile, "urn:uuid:" + testV7}, "", testFacade + "\n", "", 0},
		{"stdin_words", map[string]string{"UUID47_KEY": testKey}, []string{"facade", "-d"}, testFacade + " " + testFacade + "\n", testV7 + "\n" + testV7 + "\n", "", 0},
		{"not_v7", map[string]string{"UUID47_KEY": testKey}, []string{"facade", testFacade, testV7}, "", testFacade + "\n", "uuid: word 1: not a version 7 UUID\n", 1},
		{"key_as_word", map[string]string{"UUID47_KEY": testKey}, []string{"facade", testV7, "00112233445566778899aabbccddeeff"}, "", testFacade + "\n", "uuid: word 2: not a version 7 UUID\n", 1},
		{"key_as_word_decode", map[string]string{"UUID47_KEY": testKey}, []string{"facade", "-d", "00112233445566778899aabbccddeeff"}, "", "", "uuid: word 1: not a version 4 UUID (a façade)\n", 1},
		{"key_file_as_stdin", map[string]string{"UUID47_KEY": testKey}, []string{"facade"}, testV7 + "\n" + testKey + "\n", testFacade + "\n", "uuid: word 2: not a UUID: invalid digit at offset 16\n", 1},
		{"key_halves_as_stdin", map[string]string{"UUID47_KEY": testKey}, []string{"facade"}, "0011223344556677 8899aabbccddeeff " + testV7, testFacade + "\n", "uuid: word 2: not a UUID: invalid length\n", 1},
		{"bom_key_file", nil, []string{"facade", "--key-file", bomFile, testV7}, "", testFacade + "\n", "", 0},
		{"utf16_key_file", nil, []string{"facade", "--key-file", utf16File, testV7}, "", "", "uuid: the key file " + utf16File + ": UTF-16 text, not ASCII hex digits\n", 2},
		{"key_file_path_escaped", nil, []string{"facade", "--key-file", "a\x1b[2Jb", testV7}, "", "", `a\x1b[2Jb: ` + syscall.ENOENT.Error() + "\n", 2},
		{"key_file_path_clipped", nil, []string{"facade", "--key-file", filepath.Join(dir, strings.Repeat("x", 200)), testV7}, "", "", "...: " + syscall.ENOENT.Error() + "\n", 2},
		{"not_v4", map[string]string{"UUID47_KEY": testKey}, []string{"facade", "-d", testV7}, "", "", ": not a version 4 UUID (a façade)\n", 1},
		{"not_uuid", map[string]string{"UUID47_KEY": testKey}, []string{"facade", "nope"}, "", "", "uuid: word 1: not a UUID: invalid digit at offset 0\n", 1},
		{"no_key", nil, []string{"facade", testV7}, "", "", "uuid: no key: $UUID47_KEY is not set", 2},
		{"empty_env", map[string]string{"UUID47_KEY": ""}, []string{"facade", testV7}, "", "", "uuid: $UUID47_KEY: uuid47: key: invalid length", 2},
		{"bad_key_file", nil, []string{"facade", "--key-file", badFile, testV7}, "", "", "uuid: the key file " + badFile + ": uuid47: key: invalid digit at offset 31\n", 2},
		{"missing_key_file", nil, []string{"facade", "--key-file", filepath.Join(dir, "none"), testV7}, "", "", syscall.ENOENT.Error(), 2},
		{"both_sources", map[string]string{"UUID47_KEY": testKey}, []string{"facade", "--key-env", "K", "--key-file", keyFile}, "", "", "uuid: --key-env and --key-file exclude each other\n", 2},
		{"empty_env_name", nil, []string{"facade", "--key-env="}, "", "", "want the name of an environment variable", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("UUID47_KEY", "")
			os.Unsetenv("UUID47_KEY") // t.Setenv restores it afterwards
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			var stdout, stderr bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code || stdout.String() != tc.out || (tc.inErr == "") != (stderr.Len() == 0) || !strings.Contains(stderr.String(), tc.inErr) {
				t.Errorf("uuid %q = %d, stdout %q, stderr %q; want %d, %q, stderr with %q", tc.args, code, stdout.String(), stderr.String(), tc.code, tc.out, tc.inErr)
			}
			if strings.Contains(stderr.String(), "\x1b") || strings.Contains(stderr.String(), strings.Repeat("x", 100)) {
				t.Errorf("uuid %q: stderr %q shows a path raw", tc.args, stderr.String())
			}
			for _, secret := range []string{"8899aabb", "a6a7a8b1", "44556677"} { // digits of the keys
				if strings.Contains(stderr.String(), secret) {
					t.Errorf("uuid %q: stderr %q shows key digits", tc.args, stderr.String())
				}
			}
		})
	}
}

// TestFacadeRoundTrip sends version 7 UUIDs of the command through
// "uuid facade" and back.
func TestFacadeRoundTrip(t *testing.T) {
	t.Setenv("UUID47_KEY", testKey)
	var gen, enc, dec, stderr bytes.Buffer
	if code := run([]string{"-7", "-C", "50"}, nil, &gen, &stderr); code != 0 {
		t.Fatalf("uuid -7 -C 50: exit %d, %s", code, stderr.String())
	}
	if code := run([]string{"facade"}, bytes.NewReader(gen.Bytes()), &enc, &stderr); code != 0 {
		t.Fatalf("uuid facade: exit %d, %s", code, stderr.String())
	}
	if code := run([]string{"facade", "-d"}, bytes.NewReader(enc.Bytes()), &dec, &stderr); code != 0 {
		t.Fatalf("uuid facade -d: exit %d, %s", code, stderr.String())
	}
	if dec.String() != gen.String() {
		t.Errorf("v7s\n%s\nfaçades\n%s\ndecoded\n%s", gen.String(), enc.String(), dec.String())
	}
	for _, line := range strings.Fields(enc.String()) {
		if u, err := uuid.Parse(line); err != nil || u.Version() != 4 {
			t.Errorf("uuid facade printed %q; want a version 4 UUID", line)
		}
	}
}
