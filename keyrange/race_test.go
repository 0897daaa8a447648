//go:build race

package keyrange

// raceEnabled reports whether the race detector is on. The package has
// no concurrency for it to check, and it slows the large tables of
// bounds tenfold, so under it they are smaller.
const raceEnabled = true
