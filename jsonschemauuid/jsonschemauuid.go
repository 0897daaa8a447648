// Package jsonschemauuid puts [uuid.UUID] and [uuid.NullUUID] into the JSON
// Schema and OpenAPI documents of invopop/jsonschema and huma v2 as
// {"type":"string","format":"uuid"}, nullable for NullUUID, with one line
// each. Both tools know google/uuid's type by its import path or not at
// all, and take another type's schema only from a method that would make
// the uuid module import them, so the registration lives here, in a
// module of its own.
//
// swaggest/jsonschema-go and swaggest/openapi-go need nothing from here:
// they find [uuid.UUID.JSONSchemaBytes] by its shape.
package jsonschemauuid

import (
	"reflect"

	"github.com/afb7af96/uuid"
	"github.com/danielgtaylor/huma/v2"
	"github.com/invopop/jsonschema"
)

var (
	typeUUID     = reflect.TypeFor[uuid.UUID]()
	typeNullUUID = reflect.TypeFor[uuid.NullUUID]()
)

// InvopopMapper returns the schema of a [uuid.UUID], {"type":"string",
// "format":"uuid"}, and of a [uuid.NullUUID], the same or null in
// invopop/jsonschema's way ({"oneOf":[...,{"type":"null"}]}), and nil for
// every other type, so that it is a [jsonschema.Reflector]'s Mapper:
//
//	r := &jsonschema.Reflector{Mapper: jsonschemauuid.InvopopMapper}
//
// A Mapper that already handles other types can end with a call to it.
// Each call returns a new schema, which the caller may change.
func InvopopMapper(t reflect.Type) *jsonschema.Schema {
	switch t {
	case typeUUID:
		return &jsonschema.Schema{Type: "string", Format: "uuid"}
	case typeNullUUID:
		return &jsonschema.Schema{OneOf: []*jsonschema.Schema{
			{Type: "string", Format: "uuid"},
			{Type: "null"},
		}}
	}
	return nil
}

// RegisterHuma makes the huma v2 registry r describe a [uuid.UUID] as
// {"type":"string","format":"uuid"} and a [uuid.NullUUID] as the same with
// nullable set (OpenAPI 3.1 prints "type":["string","null"], 3.0
// "nullable":true), in every schema r makes after the call, wherever the
// types appear: fields, slices, maps, parameters. Call it before the
// operations are registered, on the registry of the API's OpenAPI
// document:
//
//	config := huma.DefaultConfig("My API", "1.0.0")
//	jsonschemauuid.RegisterHuma(config.Components.Schemas)
//
// With the format set, huma also rejects a request whose UUID field is not
// a UUID before the handler runs.
func RegisterHuma(r huma.Registry) {
	r.RegisterTypeAlias(typeUUID, reflect.TypeFor[humaUUID]())
	r.RegisterTypeAlias(typeNullUUID, reflect.TypeFor[humaNullUUID]())
}

// humaUUID and humaNullUUID stand in for uuid.UUID and uuid.NullUUID in a
// huma registry; a registry asks them for their schema by their
// huma.SchemaProvider method.
type (
	humaUUID     struct{}
	humaNullUUID struct{}
)

func (humaUUID) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeString, Format: "uuid"}
}

func (humaNullUUID) Schema(huma.Registry) *huma.Schema {
	return &huma.Schema{Type: huma.TypeString, Format: "uuid", Nullable: true}
}
