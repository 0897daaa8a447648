//go:build go1.27 && goexperiment.jsonv2

package uuid_test

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"errors"
	"testing"

	"github.com/afb7af96/uuid"
)

// TestNullUUIDJSONv2Allocs pins what encoding/json costs for a NullUUID
// field where encoding/json/v2 exists: Marshal allocates as for an int
// field (the result), and Unmarshal nothing.
func TestNullUUIDJSONv2Allocs(t *testing.T) {
	type withNull struct{ ID uuid.NullUUID }
	type withInt struct{ ID int }
	// Boxed once, so that the counts are of Marshal alone: an int below
	// 256 boxes without allocating, a NullUUID with one allocation.
	var valid, null, integer any = withNull{uuid.NullUUID{UUID: uuid.MustParse(nullTestText), Valid: true}}, withNull{}, withInt{ID: 1 << 40}
	intAllocs := testing.AllocsPerRun(100, func() { _, _ = json.Marshal(integer) })
	for _, tc := range []struct {
		name string
		f    func()
		want float64
	}{
		{"Marshal_valid", func() { _, _ = json.Marshal(valid) }, intAllocs},
		{"Marshal_null", func() { _, _ = json.Marshal(null) }, intAllocs},
		{"v2_Marshal_valid", func() { _, _ = jsonv2.Marshal(valid) }, intAllocs},
	} {
		if got := testing.AllocsPerRun(100, tc.f); got != tc.want {
			t.Errorf("%s: %v allocations; want %v, as for struct{ ID int }", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct {
		in   string
		most float64
	}{
		{`{"ID":"` + nullTestText + `"}`, 0},
		{`{"ID":null}`, 0},
		// The unescaped text is on the stack, unless the parser may keep
		// a reference to its input for an error.
		{`{"ID":"\u0066` + nullTestText[1:] + `"}`, 1},
	} {
		data := []byte(tc.in)
		var out withNull
		if got := testing.AllocsPerRun(100, func() { _ = json.Unmarshal(data, &out) }); got > tc.most {
			t.Errorf("json.Unmarshal(%s): %v allocations; want at most %v", tc.in, got, tc.most)
		}
		if got := testing.AllocsPerRun(100, func() { _ = jsonv2.Unmarshal(data, &out) }); got > tc.most {
			t.Errorf("jsonv2.Unmarshal(%s): %v allocations; want at most %v", tc.in, got, tc.most)
		}
	}
}

// TestNullUUIDJSONv2 checks that encoding/json and encoding/json/v2 go
// through MarshalJSONTo and UnmarshalJSONFrom to the same results as
// MarshalJSON and UnmarshalJSON.
func TestNullUUIDJSONv2(t *testing.T) {
	type rec struct {
		A uuid.NullUUID
		B uuid.NullUUID `json:",omitzero"`
	}
	valid := uuid.NullUUID{UUID: uuid.MustParse(nullTestText), Valid: true}
	for _, tc := range []struct {
		in   rec
		want string
	}{
		{rec{A: valid, B: valid}, `{"A":"` + nullTestText + `","B":"` + nullTestText + `"}`},
		{rec{}, `{"A":null}`},
	} {
		for name, marshal := range map[string]func(any) ([]byte, error){"v1": json.Marshal, "v2": func(v any) ([]byte, error) { return jsonv2.Marshal(v) }} {
			b, err := marshal(tc.in)
			if err != nil || string(b) != tc.want {
				t.Errorf("%s Marshal(%+v) = %s, %v; want %s", name, tc.in, b, err, tc.want)
			}
			var back rec
			if err := json.Unmarshal(b, &back); err != nil || back != tc.in {
				t.Errorf("json.Unmarshal(%s) = %+v, %v; want %+v", b, back, err, tc.in)
			}
			back = rec{}
			if err := jsonv2.Unmarshal(b, &back); err != nil || back != tc.in {
				t.Errorf("jsonv2.Unmarshal(%s) = %+v, %v; want %+v", b, back, err, tc.in)
			}
		}
	}
	// Errors: the same kinds as UnmarshalJSON gives, and Valid cleared.
	for _, tc := range []struct {
		in   string
		kind error
	}{
		{`{"A":42}`, uuid.ErrPrefix},
		{`{"A":"0123"}`, uuid.ErrLength},
		{`{"A":"\u0067` + nullTestText[1:] + `"}`, uuid.ErrDigit},
	} {
		for name, unmarshal := range map[string]func([]byte, any) error{"v1": json.Unmarshal, "v2": func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) }} {
			r := rec{A: valid}
			var pe *uuid.ParseError
			err := unmarshal([]byte(tc.in), &r)
			if !errors.As(err, &pe) || !errors.Is(err, tc.kind) || r.A.Valid {
				t.Errorf("%s Unmarshal(%s) = %v, left %+v; want a *uuid.ParseError matching %v and Valid false", name, tc.in, err, r.A, tc.kind)
			}
		}
	}
}
