package uuid

// The JSON Schemas of UUID and NullUUID, as JSON. Tools that describe Go
// types as JSON Schema recognise google/uuid's type by its import path and
// see this one as a string (or as 16 numbers); JSONSchemaBytes is the
// method swaggest/jsonschema-go (and swaggest/openapi-go, built on it)
// looks for, by its shape, to take a type's schema from the type.
const (
	schemaUUID     = `{"type":"string","format":"uuid"}`
	schemaNullUUID = `{"type":["string","null"],"format":"uuid"}`
)

// JSONSchemaBytes returns the JSON Schema of a UUID's JSON form,
// {"type":"string","format":"uuid"}, so that tools that take a type's
// schema from this method (swaggest/jsonschema-go's RawExposer, and
// swaggest/openapi-go) describe a UUID as a UUID, as they describe
// google/uuid's. The error is always nil. docs/ecosystem.md lists what
// the other tools need.
func (UUID) JSONSchemaBytes() ([]byte, error) {
	return []byte(schemaUUID), nil
}

// JSONSchemaBytes returns the JSON Schema of a NullUUID's JSON form, a
// UUID or null: {"type":["string","null"],"format":"uuid"}. See
// [UUID.JSONSchemaBytes].
func (NullUUID) JSONSchemaBytes() ([]byte, error) {
	return []byte(schemaNullUUID), nil
}
