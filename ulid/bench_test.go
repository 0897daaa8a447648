package ulid_test

import (
	"testing"

	"github.com/afb7af96/uuid/ulid"
)

var benchText = []string{
	"01ARYZ6S41TSV4RRFFQ69G5FAV",
	"01jq4t23h220km7x0b3v1109dq",
	"00000000000000000000000000",
	"7ZZZZZZZZZZZZZZZZZZZZZZZZZ",
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ulid.Parse(benchText[i&3])
		i++
	}
}

func BenchmarkParseInvalid(b *testing.B) {
	in := []string{"01ARYZ6S41TSV4RRFFQ69G5FAU", "01ARYZ6S41TSV4RRFFQ69G5FA", "81ARYZ6S41TSV4RRFFQ69G5FAV", "01ARYZ6S41-SV4RRFFQ69G5FAV"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		ulid.Parse(in[i&3])
		i++
	}
}

func BenchmarkUnmarshalText(b *testing.B) {
	in := make([][]byte, len(benchText))
	for i, s := range benchText {
		in[i] = []byte(s)
	}
	b.ReportAllocs()
	var id ulid.ULID
	i := 0
	for b.Loop() {
		id.UnmarshalText(in[i&3])
		i++
	}
}

func BenchmarkString(b *testing.B) {
	ids := make([]ulid.ULID, len(benchText))
	for i, s := range benchText {
		ids[i] = ulid.MustParse(s)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = ids[i&3].String()
		i++
	}
}

func BenchmarkAppendText(b *testing.B) {
	ids := make([]ulid.ULID, len(benchText))
	for i, s := range benchText {
		ids[i] = ulid.MustParse(s)
	}
	b.ReportAllocs()
	var buf []byte
	i := 0
	for b.Loop() {
		buf, _ = ids[i&3].AppendText(buf[:0])
		i++
	}
}
