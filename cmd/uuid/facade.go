package main

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/uuid47"
)

// keyEnvDefault is the environment variable that holds the key of
// "uuid facade" when neither --key-env nor --key-file names another place.
// The key never comes from an argument, which ps shows to every user.
const keyEnvDefault = "UUID47_KEY"

// maxKeyFile bounds what "uuid facade" reads of a key file: a key is 32
// hex digits, so a longer file is not a key and need not be read whole.
const maxKeyFile = 4096

// setKeyEnv reads --key-env: the name of an environment variable.
func (c *config) setKeyEnv(_, val string) error {
	if val == "" || strings.ContainsAny(val, "=\x00") {
		return errors.New("want the name of an environment variable")
	}
	c.keyEnv = val
	return nil
}

// loadKey reads the key from the file --key-file names or the environment
// variable --key-env names (by default UUID47_KEY). Its errors name where
// the key was looked for, never the key text.
func (c *config) loadKey() (uuid47.Key, error) {
	var text, where string
	if c.keyFile != "" {
		where = "the key file " + clip(c.keyFile, false)
		b, err := readKeyFile(c.keyFile)
		if err != nil {
			return uuid47.Key{}, fmt.Errorf("%s %s: %w", cmp.Or(opOf(err), "reading"), where, pathless(err))
		}
		switch {
		case bytes.HasPrefix(b, []byte("\xff\xfe")), bytes.HasPrefix(b, []byte("\xfe\xff")):
			return uuid47.Key{}, fmt.Errorf("%s: UTF-16 text, not ASCII hex digits", where)
		}
		// A byte-order mark, which some Windows editors write at the
		// start of a UTF-8 file, is not part of the key.
		text = string(bytes.TrimPrefix(b, []byte("\ufeff")))
	} else {
		name := cmp.Or(c.keyEnv, keyEnvDefault)
		where = "$" + clip(name, false)
		v, ok := os.LookupEnv(name)
		if !ok {
			return uuid47.Key{}, fmt.Errorf("no key: %s is not set (give the key in an environment variable or a file, never as an argument)", where)
		}
		text = v
	}
	k, err := uuid47.ParseKey(text)
	if err != nil {
		return uuid47.Key{}, fmt.Errorf("%s: %w", where, err)
	}
	return k, nil
}

// readKeyFile returns the first maxKeyFile bytes of the file at path.
func readKeyFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxKeyFile))
}

// opOf returns "opening" or "reading" for err, an error of os.Open or of
// a read, or "" for another error.
func opOf(err error) string {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return ""
	}
	if pe.Op == "open" {
		return "opening"
	}
	return "reading"
}

// pathless returns the error that err, an error of the os package, wraps
// without its path, which the caller names escaped and clipped: a path can
// hold control bytes, or be long enough to bury the message.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// facade prints the façade of each version 7 UUID given as an argument or,
// without arguments, as a word of stdin; with -d, the version 7 UUID of
// each façade. A key that cannot be read is a usage error; the status is
// exitInvalid if any word was not a UUID of the version wanted.
func (c *config) facade(stdin io.Reader, w *bufio.Writer, stderr io.Writer) (status int, err error) {
	key, err := c.loadKey()
	if err != nil {
		fmt.Fprintf(stderr, "uuid: %v\n", err)
		return exitUsage, nil
	}
	conv := key.Encode
	if c.decode {
		conv = key.Decode
	}
	// Errors name a word by its position, never by its text: a word can
	// be a key (uuid facade < keyfile), and stderr is often a log.
	n := 0
	one := func(in []byte) {
		n++
		u, err := uuid.ParseBytes(in)
		var what string
		if err == nil {
			if u, err = conv(u); err == nil {
				w.WriteString(u.String() + "\n")
				return
			}
			what = "not a version " + cmp.Or(ifOK("4 UUID (a façade)", c.decode), "7 UUID")
		} else {
			what = "not a UUID: " + parseProblem(err)
		}
		w.Flush() // keep the order of output and errors on a terminal
		fmt.Fprintf(stderr, "uuid: word %d: %s\n", n, what)
		status = exitInvalid
	}
	for _, arg := range c.args {
		one([]byte(arg[:min(len(arg), maxToken+1)]))
	}
	if len(c.args) == 0 {
		err = words(stdin, one)
	}
	return status, err
}

// parseProblem returns what err, an error of [uuid.ParseBytes], says is
// wrong, without the input it quotes.
func parseProblem(err error) string {
	var pe *uuid.ParseError
	if !errors.As(err, &pe) || pe.Err == nil {
		return "invalid UUID"
	}
	what := strings.TrimPrefix(pe.Err.Error(), "uuid: ")
	if pe.Offset >= 0 {
		what += " at offset " + strconv.Itoa(pe.Offset)
	}
	return what
}
