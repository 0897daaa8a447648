// Package integration tests github.com/afb7af96/uuid and its pgxuuid module
// against real databases: a PostgreSQL server through pgx (native, with and
// without pgxuuid.Register, and through its database/sql driver) and
// lib/pq, a PostgreSQL 18 server's own version 7 UUIDs (uuidv7 and
// uuid_extract_*) beside this package's, a MariaDB server through
// github.com/go-sql-driver/mysql, SQLite in process through
// modernc.org/sqlite, and ClickHouse and DuckDB, which run inside Node.js
// (the npm packages chdb and @duckdb/node-api, driven by engine.cjs): their
// ORDER BY, stored bytes and own version 7 UUIDs against the clickhouseuuid
// and duckdbuuid packages.
//
// The PostgreSQL, MariaDB, ClickHouse and DuckDB tests need servers or
// engines. Run them with integration/run, which starts throwaway PostgreSQL
// clusters (Debian's and 18) and a throwaway MariaDB server, installs
// ClickHouse and DuckDB from the npm registry, sets UUID_TEST_POSTGRES,
// UUID_TEST_POSTGRES18 and UUID_TEST_MARIADB to the servers' connection
// strings and UUID_TEST_CHDB and UUID_TEST_DUCKDB to the engines'
// node_modules directories, runs `go test` here and removes them all;
// without those variables the tests fail rather than skip.
//
// It is a module of its own, so the library's go.mod requires nothing.
package integration
