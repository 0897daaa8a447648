package uuid

// RaceEnabled lets the black-box tests (package uuid_test) skip the
// allocation counts that the race detector's instrumentation changes.
const RaceEnabled = raceEnabled
