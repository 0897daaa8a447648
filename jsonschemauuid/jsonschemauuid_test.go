package jsonschemauuid_test

import (
	"reflect"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/internal/apitest"
	"github.com/afb7af96/uuid/jsonschemauuid"
	"github.com/danielgtaylor/huma/v2"
	invopop "github.com/invopop/jsonschema"
)

func TestAPI(t *testing.T) {
	apitest.Check(t, ".", "github.com/afb7af96/uuid/jsonschemauuid", "../api/jsonschemauuid.txt")
}

// TestDocExamples checks that the examples docs/ecosystem.md shows are
// this package's runnable examples, line for line.
func TestDocExamples(t *testing.T) {
	apitest.CheckDocExamples(t, "../docs/ecosystem.md", "jsonschemauuid", "example_test.go")
	apitest.CheckDocImports(t, "../docs/ecosystem.md", "example_test.go")
}

// TestWithoutRegistration pins what invopop/jsonschema and huma emit for
// the UUID without this package's line (what docs/ecosystem.md says they
// emit), so that the day a tool recognises the type by itself this test
// says so.
func TestWithoutRegistration(t *testing.T) {
	r := &invopop.Reflector{Anonymous: true, DoNotReference: true}
	if got, want := mustJSON(t, r.Reflect(uuid.UUID{})),
		`{"$schema":"https://json-schema.org/draft/2020-12/schema","items":{"type":"integer"},"type":"array","maxItems":16,"minItems":16}`; got != want {
		t.Errorf("invopop without InvopopMapper:\n got %s\nwant %s", got, want)
	}
	reg := huma.NewMapRegistry("#/components/schemas/", huma.DefaultSchemaNamer)
	if got, want := mustJSON(t, reg.Schema(reflect.TypeFor[uuid.UUID](), true, "")), `{"type":"string"}`; got != want {
		t.Errorf("huma without RegisterHuma:\n got %s\nwant %s", got, want)
	}
}

func TestInvopopMapper(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeFor[[16]byte](), reflect.TypeFor[string](), reflect.TypeFor[*uuid.UUID](),
		reflect.TypeFor[[]uuid.UUID](), reflect.TypeFor[struct{ UUID uuid.UUID }](),
	} {
		if s := jsonschemauuid.InvopopMapper(typ); s != nil {
			t.Errorf("InvopopMapper(%v) = %s; want nil, for the Reflector to reflect it", typ, mustJSON(t, s))
		}
	}
	// Each call returns a schema of its own: changing one changes no other.
	a := jsonschemauuid.InvopopMapper(reflect.TypeFor[uuid.UUID]())
	a.Description = "changed"
	if b := jsonschemauuid.InvopopMapper(reflect.TypeFor[uuid.UUID]()); b.Description != "" {
		t.Errorf("a change to one result shows in the next: %s", mustJSON(t, b))
	}
}

// TestHumaPointerAndMap checks the other places a UUID appears in a huma
// body: a pointer (not marked nullable, as huma marks neither a pointer to
// google/uuid's UUID nor to any TextUnmarshaler), a map value, a slice of
// NullUUID.
func TestHumaPointerAndMap(t *testing.T) {
	reg := huma.NewMapRegistry("#/components/schemas/", huma.DefaultSchemaNamer)
	jsonschemauuid.RegisterHuma(reg)
	type body struct {
		P *uuid.UUID           `json:"p"`
		M map[string]uuid.UUID `json:"m"`
		N []uuid.NullUUID      `json:"n"`
	}
	got := mustJSON(t, reg.Schema(reflect.TypeFor[body](), false, ""))
	want := `{"additionalProperties":false,"properties":{"m":{"additionalProperties":{"format":"uuid","type":"string"},"type":"object"},"n":{"items":{"format":"uuid","type":["string","null"]},"type":["array","null"]},"p":{"format":"uuid","type":"string"}},"required":["p","m","n"],"type":"object"}`
	if got != want {
		t.Errorf("huma with RegisterHuma:\n got %s\nwant %s", got, want)
	}
}
