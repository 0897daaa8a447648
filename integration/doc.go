// Package integration tests github.com/afb7af96/uuid and its pgxuuid module
// against real databases: a PostgreSQL server through pgx (native, with and
// without pgxuuid.Register, and through its database/sql driver) and
// lib/pq, a PostgreSQL 18 server's own version 7 UUIDs (uuidv7 and
// uuid_extract_*) beside this package's, a MariaDB server through
// github.com/go-sql-driver/mysql, and SQLite in process through
// modernc.org/sqlite.
//
// The PostgreSQL and MariaDB tests need servers. Run them with
// integration/run, which starts throwaway PostgreSQL clusters (Debian's
// and 18) and a throwaway MariaDB server, sets UUID_TEST_POSTGRES,
// UUID_TEST_POSTGRES18 and UUID_TEST_MARIADB to their connection strings,
// runs `go test` here and removes them; without those variables the tests
// fail rather than skip.
//
// It is a module of its own, so the library's go.mod requires nothing.
package integration
