package mysqluuid_test

import (
	"database/sql"
	"fmt"
	"log"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/mysqluuid"
)

// The bytes of UUID_TO_BIN(u, 1), and back.
func ExampleUUIDToBin() {
	u := uuid.MustParse("6ccd780c-baba-1026-9564-5b8c656024db")
	b := mysqluuid.UUIDToBin(u, true)
	fmt.Printf("%X\n", b)
	back, err := mysqluuid.BinToUUID(b[:], true)
	fmt.Println(back, err)
	// Output:
	// 1026BABA6CCD780C95645B8C656024DB
	// 6ccd780c-baba-1026-9564-5b8c656024db <nil>
}

// Store a version 1 key as UUID_TO_BIN(u, 1) would, from the client, and
// read it back. It needs a server, so it is compiled but not run.
func ExampleBinToUUID() {
	var db *sql.DB // sql.Open("mysql", "user:pass@tcp(host:3306)/app")
	id := uuid.NewV1()
	bin := mysqluuid.UUIDToBin(id, true)
	if _, err := db.Exec(`INSERT INTO events (id) VALUES (?)`, bin[:]); err != nil {
		log.Fatal(err)
	}
	var raw []byte
	if err := db.QueryRow(`SELECT id FROM events ORDER BY id DESC LIMIT 1`).Scan(&raw); err != nil {
		log.Fatal(err)
	}
	got, err := mysqluuid.BinToUUID(raw, true)
	fmt.Println(got == id, err)
}
