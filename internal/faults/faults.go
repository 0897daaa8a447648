// Package faults plants deliberate bugs in the uniqueness machinery, to
// prove that the tests catch them (FoundationDB's BUGGIFY; mutation
// testing). Each fault is named by what it breaks, and its site is a
// one- or two-line if in the production code:
//
//	if faults.On(faults.UnlockBeforeWrite) {
//		...
//	}
//
// In a normal build On returns the constant false (and Enabled is false):
// the call is inlined and the compiler drops every site, which adds one
// branch to the function's source and nothing to its code. Built with the
// tag uuidfaults, On reports whether the fault is the one the environment
// variable UUID_FAULT names (read once), so a test binary runs with at
// most one bug planted. .ci/faults runs the simulator with each in turn.
package faults

// A Name names a fault by what it breaks.
type Name string

// The faults, in internal/gregorian, internal/statefile and the root
// package's wiring of them.
const (
	// internal/gregorian: the rule.
	ContinueBelowEnd   Name = "continue-below-end"    // the run used last continues at the clock, below its End
	ReuseSeqBelowBound Name = "reuse-seq-below-bound" // a new run starts at the clock, below its clock sequence's bound
	NoAheadClamp       Name = "no-ahead-clamp"        // a clock sequence more than 1 s ahead of the clock is not passed over
	InsertDropsBound   Name = "insert-drops-bound"    // a run dropped from the list takes its bound with it
	RestartKeepsUsed   Name = "restart-keeps-used"    // a restart does not raise Floor to Used
	MergeDropsRuns     Name = "merge-drops-runs"      // merging a state ignores its listed runs
	NoteIgnored        Name = "note-ignored"          // another copy's run (history, eviction) is not noted
	MergeBelowUsed     Name = "merge-below-used"      // a merge raises Floor and Used to the other's Floor, below its Used

	// internal/statefile: the table, the store and the registry.
	IgnoreLock          Name = "ignore-lock"            // the file's lock is not taken
	UnlockBeforeWrite   Name = "unlock-before-write"    // the lock is released before the table is written
	NoReopenOnReplace   Name = "no-reopen-on-replace"   // a path that names a new file keeps its old descriptor
	DropEvictionMerge   Name = "drop-eviction-merge"    // an evicted node's state is not merged into its bucket
	NewSlotSkipsBucket  Name = "new-slot-skips-bucket"  // a new slot starts from nothing, not from its bucket
	CopiedSlotContinues Name = "copied-slot-continues"  // a slot read from a copy of the file continues its run
	NoHistoryMerge      Name = "no-history-merge"       // the process's history is not merged into the node
	WriteOverNewestCopy Name = "write-over-newest-copy" // the table is written over the copy it was read from
	SkipGenerationCheck Name = "skip-generation-check"  // the second copy is read whenever it is whole, newer or not
	AcceptTornCopy      Name = "accept-torn-copy"       // a copy that fails its checksum is read
	HistoryByPathOnly   Name = "history-by-path-only"   // the history is looked up by the path's spelling, not the file
	NoHistoryNote       Name = "no-history-note"        // a reservation is not recorded in the history
	UnserialisedStores  Name = "unserialised-stores"    // stores sharing a descriptor let go of the process's lock once the file's is taken
	LockErrorIgnored    Name = "lock-error-ignored"     // a lock call that fails (ENOLCK, ENOTSUP) is taken as success

	// The root package: the Generator's block of timestamps.
	BlockOverrun    Name = "block-overrun"     // a block hands out one timestamp past its end
	ClaimShortBlock Name = "claim-short-block" // the file is told of half the block the process uses
	NoEraRestart    Name = "no-era-restart"    // a restore noticed by the clock does not restart the file's slot
)

// All lists every fault, for the tests and .ci/faults.
var All = []Name{
	ContinueBelowEnd, ReuseSeqBelowBound, NoAheadClamp, InsertDropsBound, RestartKeepsUsed, MergeDropsRuns, NoteIgnored,
	MergeBelowUsed,
	IgnoreLock, UnlockBeforeWrite, NoReopenOnReplace, DropEvictionMerge, NewSlotSkipsBucket, CopiedSlotContinues,
	WriteOverNewestCopy, SkipGenerationCheck, AcceptTornCopy, HistoryByPathOnly, NoHistoryMerge, NoHistoryNote,
	UnserialisedStores, LockErrorIgnored,
	BlockOverrun, ClaimShortBlock, NoEraRestart,
}
