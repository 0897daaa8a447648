package uuid_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/afb7af96/uuid"
)

// TestJSONSchemaBytes checks the schemas' exact text, that they are JSON
// objects, and that each call returns bytes of its own.
func TestJSONSchemaBytes(t *testing.T) {
	for _, c := range []struct {
		name   string
		schema func() ([]byte, error)
		want   map[string]any
	}{
		{"UUID", uuid.UUID{}.JSONSchemaBytes, map[string]any{"type": "string", "format": "uuid"}},
		{"NullUUID", uuid.NullUUID{}.JSONSchemaBytes, map[string]any{"type": []any{"string", "null"}, "format": "uuid"}},
	} {
		b, err := c.schema()
		if err != nil {
			t.Fatalf("%s.JSONSchemaBytes: %v", c.name, err)
		}
		var got map[string]any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s.JSONSchemaBytes = %s: %v", c.name, b, err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s.JSONSchemaBytes = %s; want %v", c.name, b, c.want)
		}
		b[0] = 'X'
		if again, _ := c.schema(); again[0] != '{' {
			t.Errorf("%s.JSONSchemaBytes: a change to one result shows in the next: %s", c.name, again)
		}
	}
}

// The schema a JSON Schema tool that asks the type for it (such as
// swaggest/jsonschema-go) gives a UUID field; docs/ecosystem.md says what
// the other tools need.
func ExampleUUID_JSONSchemaBytes() {
	b, _ := uuid.UUID{}.JSONSchemaBytes()
	fmt.Println(string(b))
	b, _ = uuid.NullUUID{}.JSONSchemaBytes()
	fmt.Println(string(b))
	// Output:
	// {"type":"string","format":"uuid"}
	// {"type":["string","null"],"format":"uuid"}
}
