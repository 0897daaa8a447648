//go:build !race

package uuid

// raceEnabled reports whether the race detector is on; see race_test.go.
const raceEnabled = false
