package jsonschemauuid_test

// The recognition matrix: what each tool, at the version go.mod pins,
// emits for a struct of this library's UUID, NullUUID and []UUID, beside
// what it emits for the same struct of google/uuid v1.6.0's types. The
// tools are used as their users use them: this package's one line where
// the tool needs one, nothing where it needs nothing.
//
//	invopop/jsonschema     v0.14.0  (Mapper: InvopopMapper)
//	swaggest/jsonschema-go v0.3.74  (nothing: UUID.JSONSchemaBytes)
//	swaggest/openapi-go    v0.2.60  (nothing), OpenAPI 3.0 and 3.1
//	danielgtaylor/huma/v2  v2.37.2  (RegisterHuma), OpenAPI 3.1 and 3.0

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/jsonschemauuid"
	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	google "github.com/google/uuid"
	invopop "github.com/invopop/jsonschema"
	swaggest "github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi3"
	"github.com/swaggest/openapi-go/openapi31"
)

// Ours and Google are the struct of issue 35 with each library's types.
type (
	Ours struct {
		ID     uuid.UUID     `json:"id"`
		Parent uuid.NullUUID `json:"parent"`
		Tags   []uuid.UUID   `json:"tags"`
	}
	Google struct {
		ID     google.UUID     `json:"id"`
		Parent google.NullUUID `json:"parent"`
		Tags   []google.UUID   `json:"tags"`
	}
)

// A tool turns a value of Ours or Google into the JSON it emits for the
// struct's type.
type tool func(t *testing.T, v any) string

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func invopopSchema(t *testing.T, v any) string {
	r := &invopop.Reflector{Anonymous: true, DoNotReference: true, Mapper: jsonschemauuid.InvopopMapper}
	return mustJSON(t, r.Reflect(v))
}

func swaggestSchema(t *testing.T, v any) string {
	var r swaggest.Reflector
	s, err := r.Reflect(v, swaggest.InlineRefs)
	if err != nil {
		t.Fatal(err)
	}
	return mustJSON(t, s)
}

// openapi30 and openapi31Schemas return the components of a document whose
// one operation responds with v.
func openapi30(t *testing.T, v any) string {
	r := openapi3.NewReflector()
	addItemsOperation(t, r, v)
	return mustJSON(t, r.Spec.Components.Schemas)
}

func openapi31Schemas(t *testing.T, v any) string {
	r := openapi31.NewReflector()
	addItemsOperation(t, r, v)
	return mustJSON(t, r.Spec.Components.Schemas)
}

// addItemsOperation adds to r an operation GET /items that responds with v.
func addItemsOperation(t *testing.T, r openapi.Reflector, v any) {
	oc, err := r.NewOperationContext(http.MethodGet, "/items")
	if err != nil {
		t.Fatal(err)
	}
	oc.AddRespStructure(v)
	if err := r.AddOperation(oc); err != nil {
		t.Fatal(err)
	}
}

// humaAPI returns a huma API on net/http with RegisterHuma called on its
// registry and one operation that takes and returns a body of v's type.
func humaAPI(t *testing.T, v any) huma.API {
	t.Helper()
	config := huma.DefaultConfig("Items", "1.0.0")
	config.CreateHooks = nil // no "$schema" property added to each body
	jsonschemauuid.RegisterHuma(config.Components.Schemas)
	api := humago.New(http.NewServeMux(), config)
	switch v.(type) {
	case Ours:
		registerPut[Ours](api)
	case Google:
		registerPut[Google](api)
	}
	return api
}

func registerPut[T any](api huma.API) {
	type body struct{ Body T }
	huma.Register(api, huma.Operation{OperationID: "put-item", Method: http.MethodPut, Path: "/items"},
		func(_ context.Context, in *body) (*body, error) { return in, nil })
}

func humaName(v any) string { return reflect.TypeOf(v).Name() }

func huma31(t *testing.T, v any) string {
	api := humaAPI(t, v)
	return mustJSON(t, api.OpenAPI().Components.Schemas.Map()[humaName(v)])
}

func huma30(t *testing.T, v any) string {
	api := humaAPI(t, v)
	b, err := api.OpenAPI().Downgrade()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return string(doc.Components.Schemas[humaName(v)])
}

var matrix = []struct {
	name         string
	emit         tool
	ours, google string
}{
	{
		"tool=invopop", invopopSchema,
		`{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"id":{"type":"string","format":"uuid"},"parent":{"oneOf":[{"type":"string","format":"uuid"},{"type":"null"}]},"tags":{"items":{"type":"string","format":"uuid"},"type":"array"}},"additionalProperties":false,"type":"object","required":["id","parent","tags"]}`,
		`{"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"id":{"items":{"type":"integer"},"type":"array","maxItems":16,"minItems":16},"parent":{"properties":{"UUID":{"items":{"type":"integer"},"type":"array","maxItems":16,"minItems":16},"Valid":{"type":"boolean"}},"additionalProperties":false,"type":"object","required":["UUID","Valid"]},"tags":{"items":{"items":{"type":"integer"},"type":"array","maxItems":16,"minItems":16},"type":"array"}},"additionalProperties":false,"type":"object","required":["id","parent","tags"]}`,
	},
	{
		"tool=swaggest", swaggestSchema,
		`{"properties":{"id":{"type":"string","format":"uuid"},"parent":{"type":["string","null"],"format":"uuid"},"tags":{"items":{"type":"string","format":"uuid"},"type":["array","null"]}},"type":"object"}`,
		`{"properties":{"id":{"examples":["248df4b7-aa70-47b8-a036-33ac447e668d"],"type":"string","format":"uuid"},"parent":{"type":"string"},"tags":{"items":{"examples":["248df4b7-aa70-47b8-a036-33ac447e668d"],"type":"string","format":"uuid"},"type":["array","null"]}},"type":"object"}`,
	},
	{
		"tool=openapi-go_openapi=3.0", openapi30,
		`{"JsonschemauuidTestOurs":{"type":"object","properties":{"id":{"$ref":"#/components/schemas/UuidUUID"},"parent":{"$ref":"#/components/schemas/UuidNullUUID"},"tags":{"type":"array","items":{"$ref":"#/components/schemas/UuidUUID"},"nullable":true}}},"UuidNullUUID":{"type":"string","format":"uuid","nullable":true},"UuidUUID":{"type":"string","format":"uuid"}}`,
		`{"JsonschemauuidTestGoogle":{"type":"object","properties":{"id":{"$ref":"#/components/schemas/UuidUUID"},"parent":{"type":"string"},"tags":{"type":"array","items":{"$ref":"#/components/schemas/UuidUUID"},"nullable":true}}},"UuidUUID":{"type":"string","format":"uuid","example":"248df4b7-aa70-47b8-a036-33ac447e668d"}}`,
	},
	{
		"tool=openapi-go_openapi=3.1", openapi31Schemas,
		`{"JsonschemauuidTestOurs":{"properties":{"id":{"$ref":"#/components/schemas/UuidUUID"},"parent":{"$ref":"#/components/schemas/UuidNullUUID"},"tags":{"items":{"$ref":"#/components/schemas/UuidUUID"},"type":["array","null"]}},"type":"object"},"UuidNullUUID":{"format":"uuid","type":["string","null"]},"UuidUUID":{"format":"uuid","type":"string"}}`,
		`{"JsonschemauuidTestGoogle":{"properties":{"id":{"$ref":"#/components/schemas/UuidUUID"},"parent":{"type":"string"},"tags":{"items":{"$ref":"#/components/schemas/UuidUUID"},"type":["array","null"]}},"type":"object"},"UuidUUID":{"examples":["248df4b7-aa70-47b8-a036-33ac447e668d"],"format":"uuid","type":"string"}}`,
	},
	{
		"tool=huma_openapi=3.1", huma31,
		`{"additionalProperties":false,"properties":{"id":{"format":"uuid","type":"string"},"parent":{"format":"uuid","type":["string","null"]},"tags":{"items":{"format":"uuid","type":"string"},"type":["array","null"]}},"required":["id","parent","tags"],"type":"object"}`,
		`{"additionalProperties":false,"properties":{"id":{"type":"string"},"parent":{"type":"string"},"tags":{"items":{"type":"string"},"type":["array","null"]}},"required":["id","parent","tags"],"type":"object"}`,
	},
	{
		"tool=huma_openapi=3.0", huma30,
		`{"additionalProperties":false,"properties":{"id":{"format":"uuid","type":"string"},"parent":{"format":"uuid","nullable":true,"type":"string"},"tags":{"items":{"format":"uuid","type":"string"},"nullable":true,"type":"array"}},"required":["id","parent","tags"],"type":"object"}`,
		`{"additionalProperties":false,"properties":{"id":{"type":"string"},"parent":{"type":"string"},"tags":{"items":{"type":"string"},"nullable":true,"type":"array"}},"required":["id","parent","tags"],"type":"object"}`,
	},
}

// TestMatrix asserts, per tool, exactly what it emits for Ours and for
// Google.
func TestMatrix(t *testing.T) {
	for _, m := range matrix {
		t.Run(m.name, func(t *testing.T) {
			if got := m.emit(t, Ours{}); got != m.ours {
				t.Errorf("for this library's types:\n got %s\nwant %s", got, m.ours)
			}
			if got := m.emit(t, Google{}); got != m.google {
				t.Errorf("for google/uuid's types:\n got %s\nwant %s", got, m.google)
			}
		})
	}
}

// facts returns what a field's schema says of a value, among "string",
// "uuid" (the format) and "null" (null allowed), following $ref into the
// components and the branches of oneOf and anyOf.
func facts(t *testing.T, s map[string]any, components map[string]any) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	if ref, ok := s["$ref"].(string); ok {
		name := ref[len("#/components/schemas/"):]
		target, ok := components[name].(map[string]any)
		if !ok {
			t.Fatalf("%s resolves to nothing", ref)
		}
		return facts(t, target, components)
	}
	var types []any
	switch ty := s["type"].(type) {
	case string:
		types = []any{ty}
	case []any:
		types = ty
	}
	for _, ty := range types {
		switch ty {
		case "string":
			out["string"] = true
		case "null":
			out["null"] = true
		}
	}
	if s["nullable"] == true {
		out["null"] = true
	}
	if s["format"] == "uuid" {
		out["uuid"] = true
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		branches, _ := s[key].([]any)
		for _, b := range branches {
			for f := range facts(t, b.(map[string]any), components) {
				out[f] = true
			}
		}
	}
	return out
}

// fieldFacts returns the facts of the struct's id, parent and each of
// tags, from a tool's output: the struct's schema, or components holding
// it.
func fieldFacts(t *testing.T, emitted string) map[string]map[string]bool {
	t.Helper()
	var top map[string]any
	if err := json.Unmarshal([]byte(emitted), &top); err != nil {
		t.Fatal(err)
	}
	components := top
	st := top
	if _, ok := top["properties"]; !ok {
		for name, c := range top {
			if name == "JsonschemauuidTestOurs" || name == "JsonschemauuidTestGoogle" {
				st = c.(map[string]any)
			}
		}
	}
	props := st["properties"].(map[string]any)
	tags := props["tags"].(map[string]any)
	return map[string]map[string]bool{
		"id":     facts(t, props["id"].(map[string]any), components),
		"parent": facts(t, props["parent"].(map[string]any), components),
		"tags[]": facts(t, tags["items"].(map[string]any), components),
	}
}

// TestNeverWeaker checks, per tool, that each field of Ours is a string of
// format uuid (parent also null), and says at least what the same field of
// Google says.
func TestNeverWeaker(t *testing.T) {
	want := map[string][]string{
		"id":     {"string", "uuid"},
		"parent": {"null", "string", "uuid"},
		"tags[]": {"string", "uuid"},
	}
	for _, m := range matrix {
		t.Run(m.name, func(t *testing.T) {
			ours, google := fieldFacts(t, m.ours), fieldFacts(t, m.google)
			for field, fs := range want {
				for _, f := range fs {
					if !ours[field][f] {
						t.Errorf("%s of this library's struct is not %s: %v", field, f, ours[field])
					}
				}
				for f := range google[field] {
					if !ours[field][f] {
						t.Errorf("%s: google/uuid's is %s, this library's is not (%v)", field, f, ours[field])
					}
				}
			}
		})
	}
}

// pinned are the versions the matrix holds for, as go.mod requires them
// and docs/ecosystem.md names them: a change of version must go through
// this test, the matrix and the page together.
var pinned = []struct{ module, version, doc string }{
	{"github.com/invopop/jsonschema", "v0.14.0", "invopop/jsonschema v0.14.0"},
	{"github.com/swaggest/jsonschema-go", "v0.3.74", "swaggest/jsonschema-go v0.3.74"},
	{"github.com/swaggest/openapi-go", "v0.2.60", "swaggest/openapi-go v0.2.60"},
	{"github.com/danielgtaylor/huma/v2", "v2.37.2", "danielgtaylor/huma v2.37.2"},
	{"github.com/google/uuid", "v1.6.0", "google/uuid v1.6.0"},
}

func TestPinnedVersions(t *testing.T) {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile("../docs/ecosystem.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pinned {
		if !strings.Contains(string(mod), "\t"+p.module+" "+p.version+"\n") {
			t.Errorf("go.mod does not require %s %s", p.module, p.version)
		}
		if !strings.Contains(string(doc), p.doc) {
			t.Errorf("docs/ecosystem.md does not name %q", p.doc)
		}
	}
}
