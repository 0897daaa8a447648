module github.com/afb7af96/uuid/pgxuuid

// go 1.25.0: pgx v5.12.0 requires it; the library itself needs only 1.24.
go 1.25.0

require (
	github.com/afb7af96/uuid v0.0.0-20261124022528-cd14a5b9d2b8
	github.com/jackc/pgx/v5 v5.12.0
)

require (
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.3 // indirect
	golang.org/x/sync v0.22.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)

replace github.com/afb7af96/uuid => ../
