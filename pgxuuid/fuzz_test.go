package pgxuuid

import (
	"bytes"
	"cmp"
	"database/sql/driver"
	"errors"
	"slices"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/jackc/pgx/v5/pgtype"
)

// rawCodec is an element codec that hands each element over as the bytes
// that came (nil for NULL). Under pgx's own [pgtype.ArrayCodec] it shows
// what pgx makes of an array value, element by element, with none of this
// package's code involved.
type rawCodec struct{}

func (rawCodec) FormatSupported(int16) bool { return true }
func (rawCodec) PreferredFormat() int16     { return binary }
func (rawCodec) PlanEncode(*pgtype.Map, uint32, int16, any) pgtype.EncodePlan {
	return nil
}

func (rawCodec) PlanScan(_ *pgtype.Map, _ uint32, _ int16, target any) pgtype.ScanPlan {
	if _, ok := target.(*[]byte); ok {
		return rawScan{}
	}
	return nil
}

func (rawCodec) DecodeDatabaseSQLValue(*pgtype.Map, uint32, int16, []byte) (driver.Value, error) {
	return nil, errors.ErrUnsupported
}

func (rawCodec) DecodeValue(*pgtype.Map, uint32, int16, []byte) (any, error) {
	return nil, errors.ErrUnsupported
}

type rawScan struct{}

func (rawScan) Scan(src []byte, target any) error {
	*target.(*[]byte) = bytes.Clone(src) // nil stays nil
	return nil
}

// rawElements returns the elements pgx's array codec finds in src, nil
// for no dimensions (a NULL array is never passed), or its error.
func rawElements(m *pgtype.Map, format int16, src []byte) (pgtype.FlatArray[[]byte], error) {
	c := &pgtype.ArrayCodec{ElementType: &pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: rawCodec{}}}
	var elems pgtype.FlatArray[[]byte]
	err := c.PlanScan(m, pgtype.UUIDArrayOID, format, &elems).Scan(src, &elems)
	return elems, err
}

// decodeElement is the library's own reading of a uuid value in format.
func decodeElement(format int16, src []byte) (uuid.UUID, error) {
	if format == binary {
		return uuid.FromBytes(src)
	}
	return uuid.ParseBytes(src)
}

// FuzzDecode gives the uuid and uuid[] decoders any bytes, in the binary
// or the text format, as a server or a proxy might send them. It checks
// that nothing panics; that scanning into a UUID, a NullUUID, a *UUID, an
// any, a []UUID and a []NullUUID either fails, leaving a NullUUID not Valid
// with its UUID kept and every other target as it was, or gives what pgx's
// own array codec and the library's FromBytes or ParseBytes make of the same
// bytes; and that what it gives encodes as pgx's own codec encodes it and
// decodes back to itself.
//
// CI runs it as
//
//	go test -run='^$' -fuzz='^FuzzDecode$' -fuzztime=200000x .
func FuzzDecode(f *testing.F) {
	a, b := hostileA[:], hostileB[:]
	canonical := hostileA.String()
	seeds := []struct {
		text bool
		src  string
	}{
		{false, string(a)},                                            // a uuid in binary
		{false, ""},                                                   // an empty value, which is not NULL
		{false, string(binArray(nil))},                                // an empty uuid[]
		{false, string(binArray([]int32{2}, a, b))},                   // a uuid[] of two
		{false, string(binArray([]int32{3}, nil, a, nil))},            // NULL elements
		{false, string(binArray([]int32{1, 2}, a, b))},                // two dimensions
		{true, canonical},                                             // a uuid in text
		{true, "{" + canonical + "}"},                                 // braced: a uuid, or a uuid[] of one
		{true, "urn:uuid:" + canonical},                               // the URN form
		{true, "00112233445566778899AABBCCDDEEFF"},                    // 32 hex digits, upper case
		{true, "00112233X4455X6677X8899Xaabbccddeeff"},                // pgx's parser reads any separator
		{true, "{NULL," + canonical + "}"},                            // a NULL element
		{true, `{"` + canonical + `", NULL }`},                        // quoting and blanks
		{true, "[0:1]={" + canonical + "," + hostileB.String() + "}"}, // explicit bounds
	}
	for _, s := range seeds {
		f.Add(s.text, []byte(s.src))
	}
	for _, c := range hostileArrays() {
		f.Add(c.format == text, c.src)
	}

	m := newMap()
	stock := pgtype.NewMap()
	f.Fuzz(func(t *testing.T, isText bool, src []byte) {
		format := int16(binary)
		if isText {
			format = text
		}
		fuzzScalar(t, m, stock, format, src)
		fuzzArray(t, m, stock, format, src)
	})
}

// fuzzScalar checks the scans of src as one uuid value.
func fuzzScalar(t *testing.T, m, stock *pgtype.Map, format int16, src []byte) {
	want, wantErr := decodeElement(format, src)

	// check reports a scan whose outcome differs from the library's
	// decoding, or that failed and did not leave its target as a failed
	// scan must (kept).
	check := func(what string, err error, got uuid.UUID, kept bool) {
		t.Helper()
		var pe *uuid.ParseError
		switch {
		case (err != nil) != (wantErr != nil):
			t.Fatalf("%s: Scan(%d, %q) = %v; decoding gives %v", what, format, src, err, wantErr)
		case err != nil && format == text && !errors.As(err, &pe):
			t.Fatalf("%s: Scan(%d, %q) = %v; want a *uuid.ParseError", what, format, src, err)
		case err != nil && format == binary && !errors.Is(err, uuid.ErrLength):
			t.Fatalf("%s: Scan(%d, %q) = %v; want an error matching uuid.ErrLength", what, format, src, err)
		case err != nil && !kept:
			t.Fatalf("%s: failed Scan(%d, %q) did not keep the target as a failed scan must", what, format, src)
		case err == nil && got != want:
			t.Fatalf("%s: Scan(%d, %q) = %v; want %v", what, format, src, got, want)
		}
	}

	u := testUUID
	err := m.Scan(pgtype.UUIDOID, format, src, &u)
	check("UUID", err, u, u == testUUID)
	// A failed scan into a NullUUID ends as a failed NullUUID.Scan does:
	// not Valid, UUID kept.
	n := valid(testUUID)
	errN := m.Scan(pgtype.UUIDOID, format, src, &n)
	check("NullUUID", errN, n.UUID, n == uuid.NullUUID{UUID: testUUID})
	if errN == nil && !n.Valid {
		t.Fatalf("NullUUID: Scan(%d, %q) gave NULL", format, src)
	}
	keep := testUUID
	p := &keep
	errP := m.Scan(pgtype.UUIDOID, format, src, &p)
	switch {
	case errP != nil && (p != &keep || keep != testUUID):
		t.Fatalf("*UUID: failed Scan(%d, %q) changed the target", format, src)
	case errP == nil && (p == nil || p == &keep):
		t.Fatalf("*UUID: Scan(%d, %q) gave %p; want a new UUID", format, src, p)
	case errP == nil:
		check("*UUID", errP, *p, true)
	default:
		check("*UUID", errP, uuid.UUID{}, true)
	}
	var v any = "unchanged"
	errV := m.Scan(pgtype.UUIDOID, format, src, &v)
	got, _ := v.(uuid.UUID)
	check("any", errV, got, v == "unchanged")

	// pgx's own codec reads binary exactly as this package does; its text
	// parser takes any separators, and no braces or URN, so there the two
	// agree where both succeed.
	var pg pgtype.UUID
	pgErr := stock.Scan(pgtype.UUIDOID, format, src, &pg)
	if format == binary && (pgErr != nil) != (err != nil) {
		t.Fatalf("Scan(binary, %x) = %v; pgx's codec: %v", src, err, pgErr)
	}
	if err == nil && pgErr == nil && pg.Bytes != u {
		t.Fatalf("Scan(%d, %q) = %v; pgx's codec: %x", format, src, u, pg.Bytes)
	}
	if err != nil {
		return
	}

	// What was read encodes as pgx's own codec encodes it, and back.
	for _, f := range []int16{binary, text} {
		enc, err := m.Encode(pgtype.UUIDOID, f, u, nil)
		if err != nil {
			t.Fatalf("Encode(%d, %v): %v", f, u, err)
		}
		pgEnc, err := stock.Encode(pgtype.UUIDOID, f, pgtype.UUID{Bytes: u, Valid: true}, nil)
		if err != nil || !bytes.Equal(enc, pgEnc) {
			t.Fatalf("Encode(%d, %v) = %q; pgx's codec: %q, %v", f, u, enc, pgEnc, err)
		}
		var back uuid.UUID
		if err := m.Scan(pgtype.UUIDOID, f, enc, &back); err != nil || back != u {
			t.Fatalf("Scan(%d, Encode(%v)) = %v, %v", f, u, back, err)
		}
	}
	if format == binary && !bytes.Equal(u[:], src) {
		t.Fatalf("Scan(binary, %x) = %v", src, u)
	}
}

// fuzzArray checks the scans of src as a uuid[] value.
func fuzzArray(t *testing.T, m, stock *pgtype.Map, format int16, src []byte) {
	// What the scans should give: pgx's reading of the array, with each
	// element read by the library.
	elems, structErr := rawElements(stock, format, src)
	var (
		wantIDs   []uuid.UUID
		wantNulls []uuid.NullUUID
		idsErr    error // the first element a []UUID cannot hold
		nullsErr  error // the first element a []NullUUID cannot hold
	)
	if structErr == nil {
		wantIDs = make([]uuid.UUID, 0, len(elems))
		wantNulls = make([]uuid.NullUUID, 0, len(elems))
	}
	for _, e := range elems {
		if structErr != nil {
			break
		}
		if e == nil {
			idsErr = cmp.Or(idsErr, uuid.ErrScanNull)
			wantNulls = append(wantNulls, uuid.NullUUID{})
			continue
		}
		u, err := decodeElement(format, e)
		if err != nil {
			idsErr, nullsErr = cmp.Or(idsErr, err), cmp.Or(nullsErr, err)
		}
		wantIDs = append(wantIDs, u)
		wantNulls = append(wantNulls, valid(u))
	}
	idsErr, nullsErr = cmp.Or(structErr, idsErr), cmp.Or(structErr, nullsErr)

	ids := []uuid.UUID{testUUID}
	before := ids
	err := m.Scan(pgtype.UUIDArrayOID, format, src, &ids)
	checkArray(t, "[]UUID", format, src, err, idsErr, structErr, ids, before, wantIDs, testUUID)

	ns := []uuid.NullUUID{valid(testUUID)}
	nsBefore := ns
	errN := m.Scan(pgtype.UUIDArrayOID, format, src, &ns)
	checkArray(t, "[]NullUUID", format, src, errN, nullsErr, structErr, ns, nsBefore, wantNulls, valid(testUUID))

	// Into an any, pgx's generic path with this package's element codec.
	var v any = "unchanged"
	errV := m.Scan(pgtype.UUIDArrayOID, format, src, &v)
	if (errV != nil) != (nullsErr != nil) {
		t.Fatalf("any: Scan(%d, %q) = %v; want error %v", format, src, errV, nullsErr)
	}
	if errV == nil {
		got, ok := v.([]any)
		if !ok || len(got) != len(wantNulls) {
			t.Fatalf("any: Scan(%d, %q) = %#v; want %v", format, src, v, wantNulls)
		}
		for i, g := range got {
			if w := wantNulls[i]; (g == nil) == w.Valid || (w.Valid && g != any(w.UUID)) {
				t.Fatalf("any: Scan(%d, %q)[%d] = %#v; want %v", format, src, i, g, w)
			}
		}
	}

	// pgx's own codec into its own type: in binary it fails exactly when a
	// []NullUUID scan does; in text, where its element parser differs, the
	// two agree where both succeed.
	var pg pgtype.FlatArray[pgtype.UUID]
	pgErr := stock.Scan(pgtype.UUIDArrayOID, format, src, &pg)
	if format == binary && (pgErr != nil) != (errN != nil) {
		t.Fatalf("[]NullUUID: Scan(binary, %x) = %v; pgx's codec: %v", src, errN, pgErr)
	}
	if errN == nil && pgErr == nil && !slices.EqualFunc(ns, pg, func(n uuid.NullUUID, p pgtype.UUID) bool {
		return n.Valid == p.Valid && n.UUID == uuid.UUID(p.Bytes)
	}) {
		t.Fatalf("[]NullUUID: Scan(%d, %q) = %v; pgx's codec: %v", format, src, ns, pg)
	}
	if errN != nil {
		return
	}

	// What was read encodes as pgx's own codec encodes it, and back.
	pg = pgtype.FlatArray[pgtype.UUID]{}
	if ns != nil {
		pg = make(pgtype.FlatArray[pgtype.UUID], len(ns))
	}
	for i, n := range ns {
		pg[i] = pgtype.UUID{Bytes: n.UUID, Valid: n.Valid}
	}
	for _, f := range []int16{binary, text} {
		enc, err := m.Encode(pgtype.UUIDArrayOID, f, ns, nil)
		if err != nil {
			t.Fatalf("Encode(%d, %v): %v", f, ns, err)
		}
		pgEnc, err := stock.Encode(pgtype.UUIDArrayOID, f, pg, nil)
		if err != nil || !bytes.Equal(enc, pgEnc) {
			t.Fatalf("Encode(%d, %v) = %q; pgx's codec: %q, %v", f, ns, enc, pgEnc, err)
		}
		var back []uuid.NullUUID
		if err := m.Scan(pgtype.UUIDArrayOID, f, enc, &back); err != nil || !slices.Equal(back, ns) || (back == nil) != (ns == nil) {
			t.Fatalf("Scan(%d, Encode(%v)) = %v, %v", f, ns, back, err)
		}
	}
}

// checkArray reports a slice scan whose outcome differs from want and
// wantErr, or that failed and changed the slice it began with, before.
func checkArray[T comparable](t *testing.T, what string, format int16, src []byte, err, wantErr, structErr error, got, before, want []T, old T) {
	t.Helper()
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%s: Scan(%d, %q) = %v; want error %v", what, format, src, err, wantErr)
	}
	if err != nil {
		if !sameSlice(got, before, []T{old}) {
			t.Fatalf("%s: failed Scan(%d, %q) left %v; want it unchanged", what, format, src, got)
		}
		// Errors in elements are the library's, matchable as such.
		var pe *uuid.ParseError
		switch {
		case structErr != nil:
		case errors.Is(wantErr, uuid.ErrScanNull) && !errors.Is(err, uuid.ErrScanNull):
			t.Fatalf("%s: Scan(%d, %q) = %v; want ErrScanNull", what, format, src, err)
		case errors.Is(wantErr, uuid.ErrScanNull):
		case format == text && !errors.As(err, &pe):
			t.Fatalf("%s: Scan(%d, %q) = %v; want a *uuid.ParseError", what, format, src, err)
		case format == binary && !errors.Is(err, uuid.ErrLength):
			t.Fatalf("%s: Scan(%d, %q) = %v; want an error matching uuid.ErrLength", what, format, src, err)
		}
		return
	}
	if !slices.Equal(got, want) || (got == nil) != (want == nil) {
		t.Fatalf("%s: Scan(%d, %q) = %v; want %v", what, format, src, got, want)
	}
}
