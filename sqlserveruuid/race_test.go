//go:build race

package sqlserveruuid_test

// raceEnabled reports whether the race detector is on. Under it,
// crypto/rand.Read's buffer escapes to the heap, so NewV8's allocation
// count is pinned only without it, as the root package pins NewV7's.
const raceEnabled = true
