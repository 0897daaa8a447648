package jsonschemauuid_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/jsonschemauuid"
	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
)

type (
	// DefinedID is a type of its own over uuid.UUID's bytes: it has none
	// of UUID's methods, and no tool recognises it.
	DefinedID uuid.UUID
	// AliasID is uuid.UUID under another name, to every tool as to Go.
	AliasID = uuid.UUID

	Defined struct {
		ID DefinedID `json:"id"`
	}
	Alias struct {
		ID AliasID `json:"id"`
	}
)

// humaSchemas returns the components of a huma API with RegisterHuma
// called and one operation whose body is a T.
func humaSchemas[T any](t *testing.T) string {
	t.Helper()
	config := huma.DefaultConfig("Items", "1.0.0")
	config.CreateHooks = nil
	jsonschemauuid.RegisterHuma(config.Components.Schemas)
	api := humago.New(http.NewServeMux(), config)
	registerPut[T](api)
	return mustJSON(t, api.OpenAPI().Components.Schemas.Map())
}

// idFacts returns the facts of the field id of the struct named name in
// emitted: the struct's schema, or components holding it.
func idFacts(t *testing.T, emitted, name string) map[string]bool {
	t.Helper()
	var top map[string]any
	if err := json.Unmarshal([]byte(emitted), &top); err != nil {
		t.Fatal(err)
	}
	st := top
	if _, ok := top["properties"]; !ok {
		st = top[name].(map[string]any)
	}
	return facts(t, st["properties"].(map[string]any)["id"].(map[string]any), top)
}

// TestDefinedTypeAndAlias checks what docs/ecosystem.md says of a field of
// type ID uuid.UUID against type ID = uuid.UUID: every tool gives the alias
// format uuid, and none the defined type, which encoding/json also writes
// as 16 numbers, not text.
func TestDefinedTypeAndAlias(t *testing.T) {
	for _, tc := range []struct {
		name           string
		defined, alias string
	}{
		{"invopop", invopopSchema(t, Defined{}), invopopSchema(t, Alias{})},
		{"swaggest", swaggestSchema(t, Defined{}), swaggestSchema(t, Alias{})},
		{"huma", humaSchemas[Defined](t), humaSchemas[Alias](t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if f := idFacts(t, tc.alias, "Alias"); !f["string"] || !f["uuid"] {
				t.Errorf("alias: id is %v; want a string of format uuid\n%s", f, tc.alias)
			}
			if f := idFacts(t, tc.defined, "Defined"); f["uuid"] {
				t.Errorf("defined type: id is %v; the page says no tool gives it format uuid\n%s", f, tc.defined)
			}
		})
	}
	if b, err := json.Marshal(Defined{}); err != nil || !strings.HasPrefix(string(b), `{"id":[0,0,`) {
		t.Errorf("json.Marshal(Defined{}) = %s, %v; want 16 numbers", b, err)
	}
	if b, err := json.Marshal(Alias{}); err != nil || string(b) != `{"id":"00000000-0000-0000-0000-000000000000"}` {
		t.Errorf("json.Marshal(Alias{}) = %s, %v; want the text", b, err)
	}
}

// TestHumaForms checks what docs/ecosystem.md says of huma's validation:
// with RegisterHuma, a request may spell a UUID in every form uuid.Parse
// accepts, more than the canonical form that format uuid names, and the
// response spells it canonically.
func TestHumaForms(t *testing.T) {
	config := huma.DefaultConfig("Items", "1.0.0")
	jsonschemauuid.RegisterHuma(config.Components.Schemas)
	mux := http.NewServeMux()
	api := humago.New(mux, config)
	registerPut[Alias](api)
	const canonical = "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
	for _, tc := range []struct {
		form, id string
		code     int
	}{
		{"canonical", canonical, 200},
		{"upper", strings.ToUpper(canonical), 200},
		{"urn", "urn:uuid:" + canonical, 200},
		{"braced", "{" + canonical + "}", 200},
		{"hex32", strings.ReplaceAll(canonical, "-", ""), 200},
		{"not_a_uuid", "not-a-uuid", 422},
	} {
		t.Run(tc.form, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPut, "/items", strings.NewReader(`{"id":"`+tc.id+`"}`))
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			mux.ServeHTTP(w, req)
			if w.Code != tc.code {
				t.Fatalf("PUT id %q: %d %s; want %d", tc.id, w.Code, w.Body.String(), tc.code)
			}
			if tc.code == 200 && !strings.Contains(w.Body.String(), `"id":"`+canonical+`"`) {
				t.Errorf("PUT id %q: response %s; want the canonical form", tc.id, w.Body.String())
			}
		})
	}
}
