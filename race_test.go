//go:build race

package uuid

// raceEnabled reports whether the race detector is on. Under it,
// crypto/rand.Read's buffer escapes to the heap, so allocation counts of
// the generators that read crypto/rand into a stack buffer are pinned only
// without it.
const raceEnabled = true
