module github.com/afb7af96/uuid/bench

// go 1.25: github.com/gofrs/uuid/v5 v5.5.1 requires it (benchmarks only).
go 1.25

replace github.com/afb7af96/uuid => ../

require (
	github.com/afb7af96/uuid v0.0.0-20261127205239-ca00cadd05fd
	github.com/afb7af96/uuid/typeid v0.0.0-20261127203154-15e6445f9138
	github.com/gofrs/uuid/v5 v5.5.1
	github.com/google/uuid v1.6.0
	github.com/lithammer/shortuuid/v4 v4.3.0
	github.com/mr-tron/base58 v1.3.0
	github.com/oklog/ulid/v2 v2.1.2
	go.jetify.com/typeid v1.3.0
	go.jetify.com/typeid/v2 v2.0.0-alpha.3
)

replace github.com/afb7af96/uuid/typeid => ../typeid
