module github.com/afb7af96/uuid/jsonschemauuid

// go 1.25.0: huma v2.37.2 requires it; the library itself needs only 1.24.
go 1.25.0

require (
	github.com/afb7af96/uuid v0.0.0-20261127205239-ca00cadd05fd
	github.com/danielgtaylor/huma/v2 v2.37.2
	github.com/google/uuid v1.6.0
	github.com/invopop/jsonschema v0.14.0
	github.com/swaggest/jsonschema-go v0.3.74
	github.com/swaggest/openapi-go v0.2.60
)

require (
	github.com/bahlo/generic-list-go v0.2.0 // indirect
	github.com/buger/jsonparser v1.1.2 // indirect
	github.com/pb33f/ordered-map/v2 v2.3.1 // indirect
	github.com/swaggest/refl v1.3.1 // indirect
	go.yaml.in/yaml/v4 v4.0.0-rc.2 // indirect
	gopkg.in/yaml.v2 v2.4.0 // indirect
)

replace github.com/afb7af96/uuid => ../
