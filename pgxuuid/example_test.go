package pgxuuid_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/pgxuuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Register every connection of a pool as it is made, then use uuid.UUID,
// *uuid.UUID, uuid.NullUUID and []uuid.UUID as parameters and scan
// targets. It needs a server, so it is compiled but not run; DATABASE_URL
// is, for example, "postgres://user:password@localhost:5432/dbname".
func ExampleRegister() {
	ctx := context.Background()
	config, err := pgxpool.ParseConfig(os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	config.AfterConnect = func(ctx context.Context, conn *pgx.Conn) error {
		pgxuuid.Register(conn.TypeMap())
		return nil
	}
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()

	_, err = pool.Exec(ctx, `CREATE TEMPORARY TABLE items (id uuid PRIMARY KEY, parent uuid, tags uuid[])`)
	if err != nil {
		log.Fatal(err)
	}

	id := uuid.NewV7() // sortable, so the primary key index grows at one end
	tags := []uuid.UUID{uuid.NewV4(), uuid.NewV4()}
	_, err = pool.Exec(ctx, `INSERT INTO items (id, parent, tags) VALUES ($1, $2, $3)`,
		id, uuid.NullUUID{}, tags) // 16 bytes each, in binary
	if err != nil {
		log.Fatal(err)
	}

	var (
		got     uuid.UUID
		parent  uuid.NullUUID // the column may be NULL
		gotTags []uuid.UUID
	)
	err = pool.QueryRow(ctx, `SELECT id, parent, tags FROM items WHERE id = $1`, id).
		Scan(&got, &parent, &gotTags)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(got == id, parent.Valid, len(gotTags))
}

// Register works on any pgtype.Map; here one without a connection encodes
// and scans a UUID as PostgreSQL's binary uuid format, 16 bytes.
func ExampleRegister_typeMap() {
	m := pgtype.NewMap()
	pgxuuid.Register(m)

	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	buf, err := m.Encode(pgtype.UUIDOID, pgtype.BinaryFormatCode, u, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d bytes: %x\n", len(buf), buf)

	var back uuid.UUID
	if err := m.Scan(pgtype.UUIDOID, pgtype.BinaryFormatCode, buf, &back); err != nil {
		log.Fatal(err)
	}
	fmt.Println(back)

	err = m.Scan(pgtype.UUIDOID, pgtype.BinaryFormatCode, nil, &back)
	fmt.Println(err)
	// Output:
	// 16 bytes: f81d4fae7dec11d0a76500a0c91e6bf6
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6
	// uuid: cannot scan NULL into UUID; use NullUUID
}
