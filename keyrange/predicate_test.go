package keyrange_test

import (
	"errors"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/keyrange"
)

func TestPredicate(t *testing.T) {
	const (
		lo = "40000000-0000-0000-0000-000000000000"
		hi = "80000000-0000-0000-0000-000000000000"
	)
	mid := func(o keyrange.Order) keyrange.Range {
		return keyrange.Range{Order: o, Low: uuid.MustParse(lo), High: uuid.MustParse(hi)}
	}
	for _, tc := range []struct {
		name   string
		r      keyrange.Range
		column string
		want   string
	}{
		{"postgresql", mid(keyrange.PostgreSQL), "id",
			`"id" >= '` + lo + `'::uuid AND "id" < '` + hi + `'::uuid`},
		{"duckdb", mid(keyrange.DuckDB), "id",
			`"id" >= '` + lo + `'::UUID AND "id" < '` + hi + `'::UUID`},
		{"clickhouse", mid(keyrange.ClickHouse), "id",
			"`id` >= toUUID('" + lo + "') AND `id` < toUUID('" + hi + "')"},
		{"sqlserver", mid(keyrange.SQLServer), "id",
			"[id] >= CAST('" + lo + "' AS uniqueidentifier) AND [id] < CAST('" + hi + "' AS uniqueidentifier)"},
		{"mysql-text", mid(keyrange.MySQLText), "id",
			"`id` >= '" + lo + "' AND `id` < '" + hi + "'"},
		{"mysql-binary", mid(keyrange.MySQLBinary), "id",
			"`id` >= X'40000000000000000000000000000000' AND `id` < X'80000000000000000000000000000000'"},
		// UUID_TO_BIN(u, 1): bytes 6, 7, 4, 5, 0 to 3, then 8 to 15.
		{"mysql-swapped", keyrange.Range{Order: keyrange.MySQLSwapped,
			Low:  uuid.MustParse("00112233-4455-6677-8899-aabbccddeeff"),
			High: uuid.MustParse("00112233-4455-7777-8899-aabbccddeeff")}, "id",
			"`id` >= X'66774455001122338899aabbccddeeff' AND `id` < X'77774455001122338899aabbccddeeff'"},
		{"cassandra-uuid", mid(keyrange.CassandraUUID), "id",
			`"id" >= ` + lo + ` AND "id" < ` + hi},
		{"cassandra-timeuuid", mid(keyrange.CassandraTimeUUID), "id",
			`"id" >= ` + lo + ` AND "id" < ` + hi},
		{"qualified", mid(keyrange.PostgreSQL), "public.Orders.order_id$2",
			`"public"."Orders"."order_id$2" >= '` + lo + `'::uuid AND "public"."Orders"."order_id$2" < '` + hi + `'::uuid`},
		{"qualified-sqlserver", mid(keyrange.SQLServer), "dbo.t.id",
			"[dbo].[t].[id] >= CAST('" + lo + "' AS uniqueidentifier) AND [dbo].[t].[id] < CAST('" + hi + "' AS uniqueidentifier)"},
		{"qualified-mysql", mid(keyrange.MySQLText), "t.id",
			"`t`.`id` >= '" + lo + "' AND `t`.`id` < '" + hi + "'"},
		// A reserved word as a column is quoted like any other.
		{"reserved-word", mid(keyrange.ClickHouse), "select",
			"`select` >= toUUID('" + lo + "') AND `select` < toUUID('" + hi + "')"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.r.Predicate(tc.column)
			if err != nil || got != tc.want {
				t.Fatalf("%v.Predicate(%q) = %s, %v;\nwant %s", tc.r, tc.column, got, err, tc.want)
			}
			b, err := tc.r.AppendPredicate([]byte("WHERE "), tc.column)
			if err != nil || string(b) != "WHERE "+tc.want {
				t.Fatalf("AppendPredicate = %s, %v", b, err)
			}
		})
	}
}

// TestPredicateEnds checks the first and last ranges of splits: no low
// bound at the order's least UUID, no high bound for the last.
func TestPredicateEnds(t *testing.T) {
	for _, tc := range []struct {
		o     keyrange.Order
		n     int
		preds []string
	}{
		{keyrange.PostgreSQL, 1, []string{`"id" IS NOT NULL`}},
		{keyrange.SQLServer, 1, []string{`[id] IS NOT NULL`}},
		{keyrange.ClickHouse, 1, []string{"`id` IS NOT NULL"}},
		{keyrange.CassandraTimeUUID, 1, []string{`"id" >= 00000000-0000-0000-8080-808080808080`}},
		{keyrange.CassandraUUID, 1, []string{`"id" >= 00000000-0000-0000-0000-000000000000`}},
		{keyrange.PostgreSQL, 2, []string{
			`"id" < '80000000-0000-4000-8000-000000000000'::uuid`,
			`"id" >= '80000000-0000-4000-8000-000000000000'::uuid`,
		}},
		{keyrange.DuckDB, 3, []string{
			`"id" < '55555555-5555-4555-9555-555555555555'::UUID`,
			`"id" >= '55555555-5555-4555-9555-555555555555'::UUID AND "id" < 'aaaaaaaa-aaaa-4aaa-aaaa-aaaaaaaaaaaa'::UUID`,
			`"id" >= 'aaaaaaaa-aaaa-4aaa-aaaa-aaaaaaaaaaaa'::UUID`,
		}},
		{keyrange.ClickHouse, 2, []string{
			"`id` < toUUID('00000000-0000-4000-a000-000000000000')",
			"`id` >= toUUID('00000000-0000-4000-a000-000000000000')",
		}},
		{keyrange.SQLServer, 2, []string{
			"[id] < CAST('00000000-0000-4000-8000-800000000000' AS uniqueidentifier)",
			"[id] >= CAST('00000000-0000-4000-8000-800000000000' AS uniqueidentifier)",
		}},
		{keyrange.MySQLSwapped, 2, []string{
			"`id` < X'48000000000000008000000000000000'",
			"`id` >= X'48000000000000008000000000000000'",
		}},
	} {
		t.Run(tc.o.String()+"/n="+itoa(tc.n), func(t *testing.T) {
			ranges, err := keyrange.Split(tc.o, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range ranges {
				got, err := r.Predicate("id")
				if err != nil || got != tc.preds[i] {
					t.Errorf("range %d: %s, %v; want %s", i, got, err, tc.preds[i])
				}
			}
		})
	}
}

func TestOrderString(t *testing.T) {
	for o, want := range map[keyrange.Order]string{
		keyrange.PostgreSQL: "PostgreSQL", keyrange.DuckDB: "DuckDB", keyrange.ClickHouse: "ClickHouse",
		keyrange.SQLServer: "SQLServer", keyrange.MySQLText: "MySQLText", keyrange.MySQLBinary: "MySQLBinary",
		keyrange.MySQLSwapped: "MySQLSwapped", keyrange.CassandraUUID: "CassandraUUID",
		keyrange.CassandraTimeUUID: "CassandraTimeUUID", 0: "Order(0)", 10: "Order(10)", 255: "Order(255)",
	} {
		if got := o.String(); got != want {
			t.Errorf("Order(%d).String() = %q; want %q", uint8(o), got, want)
		}
	}
}

func TestAppendPredicateAllocs(t *testing.T) {
	ranges, err := keyrange.Split(keyrange.SQLServer, 7)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 1024)
	if n := testing.AllocsPerRun(100, func() {
		var err error
		if _, err = ranges[3].AppendPredicate(buf[:0], "t.id"); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("AppendPredicate allocates %v times; want 0", n)
	}
	// On error the buffer comes back unchanged.
	b, err := ranges[3].AppendPredicate([]byte("x"), "bad name")
	if !errors.Is(err, keyrange.ErrColumn) || string(b) != "x" {
		t.Errorf("AppendPredicate with a bad name = %q, %v", b, err)
	}
}

func TestRangeString(t *testing.T) {
	ranges, err := keyrange.Split(keyrange.ClickHouse, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{
		"ClickHouse [00000000-0000-0000-0000-000000000000, 00000000-0000-4000-a000-000000000000)",
		"ClickHouse [00000000-0000-4000-a000-000000000000, …)",
	} {
		if got := ranges[i].String(); got != want {
			t.Errorf("range %d: String() = %q; want %q", i, got, want)
		}
	}
}
