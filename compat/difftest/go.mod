module github.com/afb7af96/uuid/compat/difftest

// go 1.25: github.com/gofrs/uuid/v5 v5.5.1 requires it (test-only module).
go 1.25.0

require (
	github.com/afb7af96/uuid v0.0.0-20261127205239-ca00cadd05fd
	github.com/fxamacker/cbor/v2 v2.10.0
	github.com/gofrs/uuid/v5 v5.5.1
	github.com/google/uuid v1.6.0
	go.mongodb.org/mongo-driver/v2 v2.10.0
)

require github.com/x448/float16 v0.8.4 // indirect

replace github.com/afb7af96/uuid => ../..
