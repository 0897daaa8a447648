// Package bench holds no code: its test files benchmark package
// github.com/afb7af96/uuid side by side with github.com/google/uuid,
// github.com/gofrs/uuid/v5, the standard library's uuid package (Go 1.27+)
// and a plain "floor" implementation of each operation. See README.md.
package bench
