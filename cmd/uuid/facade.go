package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
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
		f, err := os.Open(c.keyFile)
		if err != nil {
			return uuid47.Key{}, err
		}
		defer f.Close()
		b, err := io.ReadAll(io.LimitReader(f, maxKeyFile))
		if err != nil {
			return uuid47.Key{}, fmt.Errorf("reading %s: %w", where, err)
		}
		text = string(b)
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
	one := func(in []byte) {
		u, err := uuid.ParseBytes(in)
		if err == nil {
			if u, err = conv(u); err == nil {
				w.WriteString(u.String() + "\n")
				return
			}
			want := cmp.Or(ifOK("4 UUID (a façade)", c.decode), "7 UUID")
			err = errors.New("uuid: " + clip(string(in), false) + ": not a version " + want)
		}
		w.Flush() // keep the order of output and errors on a terminal
		fmt.Fprintln(stderr, err)
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
