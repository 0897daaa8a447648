package jsonschemauuid_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/jsonschemauuid"
	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
	invopop "github.com/invopop/jsonschema"
	swaggest "github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go/openapi31"
)

// Item is the example's type: a UUID and a UUID that may be null.
type Item struct {
	ID     uuid.UUID     `json:"id"`
	Parent uuid.NullUUID `json:"parent"`
}

// invopop/jsonschema: InvopopMapper as the Reflector's Mapper.
func ExampleInvopopMapper() {
	r := &invopop.Reflector{Mapper: jsonschemauuid.InvopopMapper}
	s := r.Reflect(Item{})
	b, err := json.Marshal(s.Definitions["Item"].Properties)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(b))
	// Output:
	// {"id":{"type":"string","format":"uuid"},"parent":{"oneOf":[{"type":"string","format":"uuid"},{"type":"null"}]}}
}

// swaggest/jsonschema-go needs nothing: it finds UUID.JSONSchemaBytes,
// and puts the types in definitions of their own.
func Example_swaggest() {
	var r swaggest.Reflector
	s, err := r.Reflect(Item{})
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range []string{"UuidUUID", "UuidNullUUID"} {
		b, err := json.Marshal(s.Definitions[name])
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(name, string(b))
	}
	// Output:
	// UuidUUID {"type":"string","format":"uuid"}
	// UuidNullUUID {"type":["string","null"],"format":"uuid"}
}

// swaggest/openapi-go needs nothing either; the UUID types become
// components of their own.
func Example_openapi() {
	r := openapi31.NewReflector()
	oc, err := r.NewOperationContext(http.MethodGet, "/items")
	if err != nil {
		log.Fatal(err)
	}
	oc.AddRespStructure(Item{})
	if err := r.AddOperation(oc); err != nil {
		log.Fatal(err)
	}
	for _, name := range []string{"UuidUUID", "UuidNullUUID"} {
		b, err := json.Marshal(r.Spec.Components.Schemas[name])
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(name, string(b))
	}
	// Output:
	// UuidUUID {"format":"uuid","type":"string"}
	// UuidNullUUID {"format":"uuid","type":["string","null"]}
}

// huma v2: RegisterHuma on the registry of the API's document, before the
// operations are registered. huma then also refuses a body whose id is
// not a UUID.
func ExampleRegisterHuma() {
	config := huma.DefaultConfig("Items", "1.0.0")
	jsonschemauuid.RegisterHuma(config.Components.Schemas)
	mux := http.NewServeMux()
	api := humago.New(mux, config)

	type body struct{ Body Item }
	huma.Put(api, "/items", func(_ context.Context, in *body) (*body, error) { return in, nil })

	s := api.OpenAPI().Components.Schemas.Map()["Item"]
	fmt.Println(s.Properties["id"].Type, s.Properties["id"].Format)
	fmt.Println(s.Properties["parent"].Format, s.Properties["parent"].Nullable)

	for _, id := range []string{"f81d4fae-7dec-11d0-a765-00a0c91e6bf6", "not-a-uuid"} {
		req := httptest.NewRequest(http.MethodPut, "/items",
			strings.NewReader(`{"id":"`+id+`","parent":null}`))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, req)
		fmt.Println(id, w.Code)
	}
	// Output:
	// string uuid
	// uuid true
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 200
	// not-a-uuid 422
}
