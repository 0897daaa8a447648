module github.com/afb7af96/uuid/internal/modproxy

// go 1.26.0: golang.org/x/mod v0.42.0 requires it (a CI tool).
go 1.26.0

require golang.org/x/mod v0.42.0
