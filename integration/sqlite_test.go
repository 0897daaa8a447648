package integration

import (
	"database/sql"
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"github.com/afb7af96/uuid"
	_ "modernc.org/sqlite"
)

func openSQLite(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE ids (n INTEGER PRIMARY KEY, t TEXT, b BLOB)`); err != nil {
		t.Fatal(err)
	}
	return db
}

// stored reports how SQLite stored column col of row n: its type and its
// length in bytes.
func stored(t *testing.T, db *sql.DB, col string, n int) (typ string, size int) {
	t.Helper()
	err := db.QueryRow(`SELECT typeof(`+col+`), coalesce(length(CAST(`+col+` AS BLOB)), 0) FROM ids WHERE n = ?`, n).Scan(&typ, &size)
	if err != nil {
		t.Fatal(err)
	}
	return typ, size
}

// TestSQLite checks what a UUID becomes in SQLite's TEXT and BLOB columns:
// a UUID parameter is its 36-character text in either, u[:] is 16 bytes,
// and Scan reads both back.
func TestSQLite(t *testing.T) {
	db := openSQLite(t)
	for i, v := range versions() {
		u := v.u
		if _, err := db.Exec(`INSERT INTO ids (n, t, b) VALUES (?, ?, ?)`, 2*i, u, u); err != nil {
			t.Fatal(err)
		}
		// The documented way to store 16 bytes: pass u[:], a []byte.
		if _, err := db.Exec(`INSERT INTO ids (n, t, b) VALUES (?, ?, ?)`, 2*i+1, u, u[:]); err != nil {
			t.Fatal(err)
		}

		for _, c := range []struct {
			col, typ string
			n, size  int
		}{
			{"t", "text", 2 * i, 36},
			{"b", "text", 2 * i, 36}, // a UUID is text, even in a BLOB column
			{"b", "blob", 2*i + 1, 16},
		} {
			if typ, size := stored(t, db, c.col, c.n); typ != c.typ || size != c.size {
				t.Errorf("%s: column %s of row %d stored as %s of %d bytes; want %s of %d", v.name, c.col, c.n, typ, size, c.typ, c.size)
			}
		}

		for n := 2 * i; n <= 2*i+1; n++ {
			var tu, bu uuid.UUID
			var nb uuid.NullUUID
			if err := db.QueryRow(`SELECT t, b, b FROM ids WHERE n = ?`, n).Scan(&tu, &bu, &nb); err != nil ||
				tu != u || bu != u || nb != (uuid.NullUUID{UUID: u, Valid: true}) {
				t.Errorf("%s: row %d read back as %v, %v, %+v, %v; want %v", v.name, n, tu, bu, nb, err, u)
			}
		}
		// The server compares the 16 bytes it stored with a 16-byte parameter.
		var count int
		if err := db.QueryRow(`SELECT count(*) FROM ids WHERE b = ?`, u[:]).Scan(&count); err != nil || count != 1 {
			t.Errorf("%s: WHERE b = u[:] matched %d rows, %v; want 1", v.name, count, err)
		}
	}
}

func TestSQLiteNull(t *testing.T) {
	db := openSQLite(t)
	if _, err := db.Exec(`INSERT INTO ids (n, t, b) VALUES (1, ?, ?)`, uuid.NullUUID{}, (*uuid.UUID)(nil)); err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"t", "b"} {
		if typ, _ := stored(t, db, col, 1); typ != "null" {
			t.Errorf("column %s: NULL parameter stored as %s", col, typ)
		}
		u := uuid.NewV4()
		if err := db.QueryRow(`SELECT ` + col + ` FROM ids`).Scan(&u); !errors.Is(err, uuid.ErrScanNull) {
			t.Errorf("column %s: NULL into UUID: err = %v; want one matching uuid.ErrScanNull", col, err)
		}
		p := &u
		n := uuid.NullUUID{UUID: u, Valid: true}
		if err := db.QueryRow(`SELECT `+col+`, `+col+` FROM ids`).Scan(&p, &n); err != nil || p != nil || n.Valid {
			t.Errorf("column %s: NULL into *UUID and NullUUID = %v, %+v, %v; want nil and not Valid", col, p, n, err)
		}
	}
}

// TestSQLiteOrder checks that SQLite orders UUIDs as UUID.Compare does,
// whether they are stored as 16 bytes or as lowercase text.
func TestSQLiteOrder(t *testing.T) {
	db := openSQLite(t)
	ids := edgeUUIDs()
	for range 500 {
		ids = append(ids, uuid.NewV4())
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i, u := range ids {
		if _, err := tx.Exec(`INSERT INTO ids (n, t, b) VALUES (?, ?, ?)`, i, u, u[:]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	want := slices.Clone(ids)
	slices.SortFunc(want, uuid.UUID.Compare)
	for _, col := range []string{"t", "b"} {
		rows, err := db.Query(`SELECT ` + col + ` FROM ids ORDER BY ` + col)
		if err != nil {
			t.Fatal(err)
		}
		var got []uuid.UUID
		for rows.Next() {
			var u uuid.UUID
			if err := rows.Scan(&u); err != nil {
				t.Fatal(err)
			}
			got = append(got, u)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("ORDER BY %s differs from slices.SortFunc(..., uuid.UUID.Compare)", col)
		}
	}
}
