package pgxuuid_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"time"

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
	// uuid: cannot scan NULL into UUID
}

// Write a batch of v7 keys with COPY: FillV7 makes them in one call, in
// increasing order, so each row lands at the end of the primary key's
// index. It needs a server, so it is compiled but not run.
func ExampleRegister_copyFrom() {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close(ctx)
	pgxuuid.Register(conn.TypeMap())

	_, err = conn.Exec(ctx, `CREATE TEMPORARY TABLE events (id uuid PRIMARY KEY, n integer NOT NULL)`)
	if err != nil {
		log.Fatal(err)
	}
	ids := make([]uuid.UUID, 10_000)
	uuid.FillV7(ids)
	n, err := conn.CopyFrom(ctx, pgx.Identifier{"events"}, []string{"id", "n"},
		pgx.CopyFromSlice(len(ids), func(i int) ([]any, error) {
			return []any{ids[i], int32(i)}, nil // each id as 16 bytes
		}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(n, "rows")
}

// Select the rows made in a span of time by their v7 keys alone: MinV7
// gives the least key of an instant's millisecond, so the rows made from
// t0 up to (not including) t1's millisecond are a range of the primary
// key's index. It needs a server, so it is compiled but not run.
func ExampleRegister_timeRange() {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close(ctx)
	pgxuuid.Register(conn.TypeMap())

	t1 := time.Now()
	t0 := t1.Add(-time.Hour)
	rows, err := conn.Query(ctx, `SELECT id FROM events WHERE id >= $1 AND id < $2 ORDER BY id`,
		uuid.MinV7(t0), uuid.MinV7(t1))
	if err != nil {
		log.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		log.Fatal(err)
	}
	for _, id := range ids {
		made, _ := id.Time() // the key's millisecond
		fmt.Println(id, made)
	}
}
