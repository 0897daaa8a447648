module github.com/afb7af96/uuid/typeid

// go 1.24: the library's own minimum.
go 1.24

require github.com/afb7af96/uuid v0.0.0-20261127202756-d78b805bc634

replace github.com/afb7af96/uuid => ../
