package typeid_test

import (
	"testing"

	"github.com/afb7af96/uuid/typeid"
)

var benchText = []string{
	"user_01h455vb4pex5vsknk084sn02q",
	"01h455vb4pex5vsknk084sn02q",
	"account_event_01h455vb4pex5vsknk084sn02q",
	"x_7zzzzzzzzzzzzzzzzzzzzzzzzz",
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		typeid.Parse(benchText[i&3])
		i++
	}
}

func BenchmarkParseInvalid(b *testing.B) {
	in := []string{"user_01h455vb4pex5vsknk084sn0iq", "User_01h455vb4pex5vsknk084sn02q", "user_", "8zzzzzzzzzzzzzzzzzzzzzzzzz"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		typeid.Parse(in[i&3])
		i++
	}
}

func BenchmarkUnmarshalText(b *testing.B) {
	in := make([][]byte, len(benchText))
	for i, s := range benchText {
		in[i] = []byte(s)
	}
	b.ReportAllocs()
	var t typeid.TypeID
	i := 0
	for b.Loop() {
		t.UnmarshalText(in[i&3])
		i++
	}
}

func BenchmarkString(b *testing.B) {
	ids := make([]typeid.TypeID, len(benchText))
	for i, s := range benchText {
		ids[i] = typeid.MustParse(s)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = ids[i&3].String()
		i++
	}
}

func BenchmarkAppendText(b *testing.B) {
	ids := make([]typeid.TypeID, len(benchText))
	for i, s := range benchText {
		ids[i] = typeid.MustParse(s)
	}
	b.ReportAllocs()
	var buf []byte
	i := 0
	for b.Loop() {
		buf, _ = ids[i&3].AppendText(buf[:0])
		i++
	}
}
