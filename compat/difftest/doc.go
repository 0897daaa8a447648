// Package difftest holds only tests: it runs the real github.com/google/uuid
// and github.com/gofrs/uuid/v5 beside the compat packages of
// github.com/afb7af96/uuid on the same inputs, and fails on any difference
// that the compat packages' documentation does not state. It also writes
// records through the real MongoDB Go driver and fxamacker/cbor in a
// program on each original library and in the same program moved onto the
// compat package, and reads each one's data in both. It is a module of its
// own so that the library requires nothing; nothing depends on it.
//
// Run it from this directory with
//
//	go test ./...
package difftest
