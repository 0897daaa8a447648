// Package interop checks the BSON and CBOR methods of
// github.com/afb7af96/uuid against the packages that call them: the
// MongoDB Go driver's go.mongodb.org/mongo-driver/v2/bson, on the BSON
// corpus of the MongoDB specifications, and github.com/fxamacker/cbor/v2;
// the legacy BSON representations (binary subtype 3) against PyMongo's
// bson package, which implements all of them (Debian's python3-bson, run
// by /usr/bin/python3 or UUID_PYMONGO_PYTHON); and iceberguuid's bucket transform against github.com/twmb/murmur3, the
// hash apache/iceberg-go's bucket transform calls.
//
// It holds tests only, and is a module of its own, so the library's
// go.mod requires nothing.
package interop
