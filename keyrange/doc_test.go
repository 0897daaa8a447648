package keyrange_test

import (
	"testing"

	"github.com/afb7af96/uuid/internal/apitest"
)

// TestDocExamples checks that the examples docs/keyranges.md shows are
// this package's examples, and that it names every function and type.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/keyranges.md", "keyrange", "example_test.go")
	apitest.CheckDocNames(t, "../docs/keyranges.md", "keyrange", ".", "github.com/afb7af96/uuid/keyrange")
}
