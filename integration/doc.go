// Package integration tests github.com/afb7af96/uuid and its pgxuuid module
// against real databases: a PostgreSQL server through pgx (native, with and
// without pgxuuid.Register, and through its database/sql driver) and
// lib/pq, and SQLite in process through modernc.org/sqlite.
//
// The PostgreSQL tests need a server. Run them with integration/run, which
// starts a throwaway cluster, sets UUID_TEST_POSTGRES to its connection
// string, runs `go test` here and removes the cluster; without
// UUID_TEST_POSTGRES they fail rather than skip.
//
// It is a module of its own, so the library's go.mod requires nothing.
package integration
