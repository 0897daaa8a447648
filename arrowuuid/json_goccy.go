//go:build !tinygo && !arrow_json_stdlib

// arrow-go's builders decode JSON with github.com/goccy/go-json unless built with the arrow_json_stdlib tag (or by TinyGo).
// arrow-go's array.Builder interface takes its decoder type, so these methods, which only
// arrow-go calls, live on the unexported textBuilder, and the package's API is the same in every build.

package arrowuuid

import (
	json "github.com/goccy/go-json"
)

// UnmarshalOne appends the next JSON value of dec, as [Builder] documents.
func (s *textBuilder) UnmarshalOne(dec *json.Decoder) error { return s.appendOne(dec) }

// Unmarshal appends the JSON values of dec up to the end of the array it
// is in, as [Builder] documents.
func (s *textBuilder) Unmarshal(dec *json.Decoder) error { return s.appendRest(dec) }
