package difftest

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// An allowed difference is one the compat package's documentation states,
// under id, at the top of its package doc and in docs/migrating.md.
type allowed struct {
	id    string // "G1", "F1", ...: the number the documentation gives it
	lib   string // "google" or "gofrs"
	match func(d diff) bool
	seen  atomic.Int64 // how many diffs it explained
	// unseen, if set, names where the difference cannot show, so that an
	// entry that explained nothing is not taken for a stale one there.
	unseen string
}

// plainText is the text of a diff's input, without the double quotes
// around it for the JSON surfaces.
func plainText(d diff) string {
	t := d.text
	if strings.Contains(d.surface, "JSON") && len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
		return t[1 : len(t)-1]
	}
	return t
}

// nilText is the Nil UUID's text.
const nilText = "00000000-0000-0000-0000-000000000000"

// accepted reports whether an outcome is a success: "… ok", "no panic", or
// a value other than Nil for the ...OrNil functions.
func accepted(surface, outcome string) bool {
	switch {
	case strings.HasSuffix(surface, "OrNil"):
		return outcome != nilText
	case surface == "MustParse":
		return outcome == "no panic"
	}
	return strings.HasSuffix(outcome, " ok")
}

// isOutcome reports whether the diff compares outcomes, which say whether
// a call succeeded, rather than plain values.
func isOutcome(d diff) bool {
	if strings.HasSuffix(d.surface, "OrNil") || d.surface == "MustParse" {
		return true
	}
	end := func(s string) bool { return strings.HasSuffix(s, " ok") || strings.HasSuffix(s, " err") }
	return end(d.ours) && end(d.theirs)
}

// rejects reports whether the compat package rejects the input and the
// original accepts it.
func rejects(d diff) bool {
	return isOutcome(d) && !accepted(d.surface, d.ours) && accepted(d.surface, d.theirs)
}

// bothFail reports whether both packages fail on the input.
func bothFail(d diff) bool {
	return isOutcome(d) && !accepted(d.surface, d.ours) && !accepted(d.surface, d.theirs)
}

// fmtVerb and fmtFlags split a fmt surface ("fmt %-#w.px") into its verb
// and what comes between % and the verb.
func fmtVerb(d diff) (verb byte, between string, ok bool) {
	rest, ok := strings.CutPrefix(d.surface, "fmt %")
	if !ok || rest == "" {
		return 0, "", false
	}
	return rest[len(rest)-1], rest[:len(rest)-1], true
}

// versionDigit is the version digit of a canonical UUID text.
func versionDigit(s string) byte {
	if len(s) < 15 {
		return 0
	}
	return s[14]
}

var allowList = []allowed{
	// google/uuid
	{id: "G1", lib: "google", match: func(d diff) bool {
		return (d.surface == "Scan" || d.surface == "NullUUID.Scan" || d.surface == "IsInvalidLengthError(Scan)") &&
			(d.input == "nil" || d.isText && d.text == "")
	}},
	{id: "G2", lib: "google", match: func(d diff) bool {
		t := plainText(d)
		return d.isText && len(t) == 38 && !(t[0] == '{' && t[37] == '}') && rejects(d)
	}},
	{id: "G3", lib: "google", match: func(d diff) bool {
		return (d.surface == "Parse" || d.surface == "ParseBytes") && bothFail(d) && strings.HasPrefix(d.ours, nilText)
	}},
	{id: "G4", lib: "google", match: func(d diff) bool {
		return d.surface == "IsInvalidLengthError(Scan)" && d.ours == "true" && d.theirs == "false"
	}},
	{id: "G5", lib: "google", match: func(d diff) bool {
		return d.surface == "Version.String" || d.surface == "Variant.String"
	}},
	{id: "G6", lib: "google", match: func(d diff) bool {
		verb, _, ok := fmtVerb(d)
		return ok && (verb == 'x' || verb == 'X' || verb == 'S')
	}},
	{id: "G7", lib: "google", match: func(d diff) bool {
		verb, between, ok := fmtVerb(d)
		return ok && verb == 'v' && strings.Contains(between, "#")
	}},
	{id: "G8", lib: "google", match: func(d diff) bool {
		return d.surface == "NewV6.Time" || d.surface == "Time" && versionDigit(d.input[1:]) == '6'
	}},
	{id: "G9", lib: "google", match: func(d diff) bool {
		return (d.surface == "Time" || d.surface == "ClockSequence") && versionDigit(d.input[1:]) == '2'
	}},
	{id: "G10", lib: "google", match: func(d diff) bool {
		return (d.surface == "NullUUID.UnmarshalText" && d.text == "null" || d.surface == "NullUUID.UnmarshalBinary" && d.text == "") &&
			d.ours == "{"+nilText+" false} ok"
	}},
	{id: "G11", lib: "google", match: func(d diff) bool { return strings.HasSuffix(d.surface, ".errtext") }},
	// Only on a host where no interface has a hardware address: the random
	// node of NodeID and NewUUID has its multicast bit set.
	{id: "G12", lib: "google", unseen: "every host with a hardware address", match: func(d diff) bool {
		return strings.HasSuffix(d.surface, "node kind") && d.ours == "multicast" && d.theirs != "first interface"
	}},
	// Only when two of google/uuid's back-to-back calls fall in one 100-ns
	// tick, which a slow or loaded machine may never see.
	{id: "G13", lib: "google", unseen: "a run in which no two version 1 UUIDs of google/uuid fell in one tick", match: func(d diff) bool {
		// google/uuid changes the clock sequence where the clock has not
		// moved or moved back.
		return d.surface == "NewUUID step" && d.ours == "later tick, same sequence" &&
			(d.theirs == "same tick, next sequence" || strings.HasPrefix(d.theirs, "time -"))
	}},
	{id: "G14", lib: "google", match: func(d diff) bool {
		return d.surface == "NullUUID.UnmarshalJSON" && strings.TrimSpace(d.text) == "null" && d.text != "null"
	}},
	{id: "G15", lib: "google", match: func(d diff) bool {
		return d.surface == "bson.Marshal" || d.surface == "bson old reads new"
	}},
	{id: "G16", lib: "google", match: func(d diff) bool {
		// google/uuid writes a null NullUUID as an empty byte string,
		// which its own UnmarshalBinary rejects.
		return d.surface == "cbor.Marshal" || strings.HasPrefix(d.surface, "cbor ") && strings.HasSuffix(d.theirs, " err")
	}},
	{id: "G17", lib: "google", match: func(d diff) bool {
		if d.surface == "NewV7 step" {
			return true
		}
		// Time reads rand_a as the time within the millisecond, where
		// google/uuid's reads the millisecond alone: later, by less than
		// a millisecond (10 000 ticks of 100 ns).
		v7 := d.surface == "NewV7.Time" || d.surface == "Time" && versionDigit(d.input[1:]) == '7'
		ours, err1 := strconv.ParseInt(d.ours, 10, 64)
		theirs, err2 := strconv.ParseInt(d.theirs, 10, 64)
		return v7 && err1 == nil && err2 == nil && ours > theirs && ours-theirs < 10_000
	}},

	// gofrs/uuid
	{id: "F1", lib: "gofrs", match: func(d diff) bool {
		t := plainText(d)
		return d.isText && rejects(d) && (len(t) == 34 && t[0] == '{' && t[33] == '}' || len(t) == 41 && t[:9] == "urn:uuid:")
	}},
	{id: "F2", lib: "gofrs", match: func(d diff) bool {
		t := plainText(d)
		return d.isText && isOutcome(d) && accepted(d.surface, d.ours) && !accepted(d.surface, d.theirs) &&
			len(t) == 45 && strings.EqualFold(t[:9], "urn:uuid:") && t[:9] != "urn:uuid:"
	}},
	{id: "F3", lib: "gofrs", match: func(d diff) bool {
		return d.surface != "NullUUID.Scan" && bothFail(d)
	}},
	{id: "F4", lib: "gofrs", match: func(d diff) bool {
		return d.surface == "NullUUID.Scan" && bothFail(d) && strings.HasSuffix(d.theirs, " true} err")
	}},
	{id: "F5", lib: "gofrs", match: func(d diff) bool {
		return (d.surface == "Scan" || d.surface == "NullUUID.Scan") && strings.HasPrefix(d.input, "uuid.UUID(") && rejects(d)
	}},
	{id: "F6", lib: "gofrs", match: func(d diff) bool {
		return (d.surface == "json.Unmarshal(NullUUID)" || d.surface == "NullUUID.UnmarshalJSON") &&
			strings.Contains(d.text, `\u`) && isOutcome(d) && accepted(d.surface, d.ours)
	}},
	{id: "F7", lib: "gofrs", match: func(d diff) bool {
		return d.surface == "Version printed" || d.surface == "Variant printed"
	}},
	{id: "F8", lib: "gofrs", match: func(d diff) bool {
		verb, between, ok := fmtVerb(d)
		return ok && between != "" && !(verb == 'v' && strings.Contains(between, "#"))
	}},
	{id: "F9", lib: "gofrs", match: func(d diff) bool {
		verb, between, ok := fmtVerb(d)
		return ok && verb == 'v' && strings.Contains(between, "#")
	}},
	{id: "F10", lib: "gofrs", match: func(d diff) bool { return strings.HasSuffix(d.surface, ".errtext") }},
	{id: "F11", lib: "gofrs", match: func(d diff) bool {
		return d.surface == "xml.Marshal(NullUUID)" || d.surface == "slog(NullUUID)" || d.surface == "json.Marshal(map key NullUUID)"
	}},
	{id: "F12", lib: "gofrs", match: func(d diff) bool {
		return d.surface == "Gen.NewV1 again" || d.surface == "Gen.NewV6 again"
	}},
	{id: "F13", lib: "gofrs", match: func(d diff) bool {
		verb, between, ok := fmtVerb(d)
		return ok && between == "" && !strings.ContainsRune("vsSqxX", rune(verb)) && strings.HasPrefix(d.theirs, "%!")
	}},
	{id: "F14", lib: "gofrs", match: func(d diff) bool {
		t := strings.TrimSpace(d.text)
		return d.surface == "NullUUID.UnmarshalJSON" && (t != d.text && (t == "null" || len(t) == 38 && t[0] == '"') ||
			len(d.text) == 36 && accepted(d.surface, d.theirs) && !accepted(d.surface, d.ours))
	}},
	{id: "F15", lib: "gofrs", match: func(d diff) bool {
		if d.surface != "Gen.NewV1 timestamp" && d.surface != "Gen.NewV6 timestamp" {
			return false
		}
		// Outside what time.Time.UnixNano, which gofrs/uuid uses, holds.
		year, _, _ := strings.Cut(d.text, "-")
		y, err := strconv.Atoi(year)
		return err == nil && (y < 1678 || y > 2262)
	}},
	{id: "F16", lib: "gofrs", match: func(d diff) bool {
		return d.surface == "NewV6 node kind" && strings.HasPrefix(d.ours, "multicast true")
	}},
	{id: "F17", lib: "gofrs", match: func(d diff) bool {
		return d.surface == "bson.Marshal" || d.surface == "bson old reads new"
	}},
	{id: "F18", lib: "gofrs", match: func(d diff) bool {
		return d.surface == "cbor.Marshal" || d.surface == "cbor old reads new"
	}},
	{id: "F19", lib: "gofrs", match: func(d diff) bool { return d.surface == "Gen.NewV7 step" }},
	{id: "F20", lib: "gofrs", match: func(d diff) bool {
		return d.surface == "Gen.NewV6 exact" || d.surface == "Gen.NewV7 exact"
	}},
}

// docIDs returns the IDs of the differences a compat package's doc lists,
// in its items of the form "//   - G1. ...".
func docIDs(t *testing.T, path string) []string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Only the package doc: the comment before the package clause.
	doc, _, ok := strings.Cut(string(src), "\npackage ")
	if !ok {
		t.Fatalf("%s: no package clause", path)
	}
	var ids []string
	for _, m := range regexp.MustCompile(`(?m)^//\s+- ([GF]\d+)\. `).FindAllStringSubmatch(doc, -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// TestAllowListMirrorsDocs checks that the allow-list and the differences
// the compat packages document are the same, one to one, and that
// docs/migrating.md states each of them.
func TestAllowListMirrorsDocs(t *testing.T) {
	migrating, err := os.ReadFile("../../docs/migrating.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range []struct{ lib, path string }{
		{"google", "../google/uuid/uuid.go"},
		{"gofrs", "../gofrs/uuid/uuid.go"},
	} {
		documented := docIDs(t, pkg.path)
		var listed []string
		for i := range allowList {
			if allowList[i].lib == pkg.lib {
				listed = append(listed, allowList[i].id)
			}
		}
		if !slices.Equal(documented, listed) {
			t.Errorf("%s documents %v; the allow-list for %s has %v", pkg.path, documented, pkg.lib, listed)
		}
		for _, id := range documented {
			if !regexp.MustCompile(`\b` + id + `\b`).Match(migrating) {
				t.Errorf("docs/migrating.md does not state %s", id)
			}
		}
	}
}
