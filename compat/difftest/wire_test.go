package difftest

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	native "github.com/afb7af96/uuid"
	cgofrs "github.com/afb7af96/uuid/compat/gofrs/uuid"
	cgoogle "github.com/afb7af96/uuid/compat/google/uuid"
	"github.com/fxamacker/cbor/v2"
	gofrs "github.com/gofrs/uuid/v5"
	google "github.com/google/uuid"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// The same record in a program on each library: a UUID, a valid NullUUID
// and a null one, as a struct with a UUID field is written to MongoDB or
// as CBOR.
type (
	googleDoc struct {
		ID        google.UUID
		Ref, Null google.NullUUID
	}
	cgoogleDoc struct {
		ID        cgoogle.UUID
		Ref, Null cgoogle.NullUUID
	}
	gofrsDoc struct {
		ID        gofrs.UUID
		Ref, Null gofrs.NullUUID
	}
	cgofrsDoc struct {
		ID        cgofrs.UUID
		Ref, Null cgofrs.NullUUID
	}
)

// docText says what a program sees in a record it read: the three fields
// as text, whatever the library.
func docText(d any) string {
	v := reflect.ValueOf(d).Elem()
	s := fmt.Sprint(v.Field(0).Interface())
	for _, f := range []reflect.Value{v.Field(1), v.Field(2)} {
		s += fmt.Sprintf(" {%v %v}", f.Field(0).Interface(), f.Field(1).Interface())
	}
	return s
}

// A wireCodec is an encoding with its real driver.
type wireCodec struct {
	name      string
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
}

var wireCodecs = []wireCodec{
	{"bson", bson.Marshal, bson.Unmarshal},
	{"cbor", cbor.Marshal, cbor.Unmarshal},
}

// wireDocs returns, for each of some UUIDs, the record as the original
// library's program and the moved program hold it, and empty records of
// both for reading into.
func wireDocs(lib string) (theirs, ours []any, newTheirs, newOurs func() any) {
	for _, b := range randomUUIDs(200) {
		switch lib {
		case "google":
			theirs = append(theirs, &googleDoc{google.UUID(b), google.NullUUID{UUID: google.UUID(b), Valid: true}, google.NullUUID{}})
			ours = append(ours, &cgoogleDoc{b, cgoogle.NullUUID{UUID: b, Valid: true}, cgoogle.NullUUID{}})
		case "gofrs":
			theirs = append(theirs, &gofrsDoc{gofrs.UUID(b), gofrs.NullUUID{UUID: gofrs.UUID(b), Valid: true}, gofrs.NullUUID{}})
			ours = append(ours, &cgofrsDoc{b, cgofrs.NullUUID{UUID: b, Valid: true}, cgofrs.NullUUID{}})
		}
	}
	if lib == "google" {
		return theirs, ours, func() any { return new(googleDoc) }, func() any { return new(cgoogleDoc) }
	}
	return theirs, ours, func() any { return new(gofrsDoc) }, func() any { return new(cgofrsDoc) }
}

// read is what a program sees when it reads data into a fresh record.
func read(c wireCodec, data []byte, fresh func() any) string {
	d := fresh()
	err := c.unmarshal(data, d)
	return outcome(docText(d), err)
}

// TestWire writes the record through the real mongo-driver v2 and
// fxamacker/cbor v2 in a program on each original library and in the same
// program moved onto the compat package, and reads each one's data back in
// both programs: what a moved program reads from the data written before
// the move must be what the original program read.
func TestWire(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	for _, lib := range []string{"google", "gofrs"} {
		theirs, ours, newTheirs, newOurs := wireDocs(lib)
		for _, codec := range wireCodecs {
			for i := range theirs {
				in := docText(theirs[i])
				tb, terr := codec.marshal(theirs[i])
				ob, oerr := codec.marshal(ours[i])
				c.compare(lib, codec.name+".Marshal", in, outcome(hex.EncodeToString(ob), oerr), outcome(hex.EncodeToString(tb), terr))
				// The moved program reads what the original wrote, and
				// what it writes itself.
				c.compare(lib, codec.name+" moved reads old", in, read(codec, tb, newOurs), read(codec, tb, newTheirs))
				c.compare(lib, codec.name+" moved reads new", in, read(codec, ob, newOurs), read(codec, tb, newTheirs))
				// A program not yet moved reads what the moved one wrote.
				c.compare(lib, codec.name+" old reads new", in, read(codec, ob, newTheirs), read(codec, tb, newTheirs))
			}
		}
	}
}

// keepBSON is the registry that docs/migrating.md gives a program moved
// onto a compat package whose MongoDB data must stay as the original
// library wrote it: a UUID as binary subtype 0, a NullUUID as the document
// {uuid, valid}. Keep this function and the document's snippet the same.
func keepBSON() *bson.Registry {
	reg := bson.NewRegistry()
	reg.RegisterTypeEncoder(reflect.TypeFor[native.UUID](), bson.ValueEncoderFunc(
		func(_ bson.EncodeContext, vw bson.ValueWriter, v reflect.Value) error {
			u := v.Interface().(native.UUID)
			return vw.WriteBinaryWithSubtype(u[:], 0)
		}))
	reg.RegisterTypeEncoder(reflect.TypeFor[native.NullUUID](), bson.ValueEncoderFunc(
		func(_ bson.EncodeContext, vw bson.ValueWriter, v reflect.Value) error {
			n := v.Interface().(native.NullUUID)
			dw, err := vw.WriteDocument()
			if err != nil {
				return err
			}
			ew, err := dw.WriteDocumentElement("uuid")
			if err == nil {
				err = ew.WriteBinaryWithSubtype(n.UUID[:], 0)
			}
			if err == nil {
				ew, err = dw.WriteDocumentElement("valid")
			}
			if err == nil {
				err = ew.WriteBoolean(n.Valid)
			}
			if err != nil {
				return err
			}
			return dw.WriteDocumentEnd()
		}))
	return reg
}

// marshalWith is bson.Marshal with a registry, as a client configured with
// options.Client().SetRegistry(reg) encodes documents and filters.
func marshalWith(reg *bson.Registry, v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := bson.NewEncoder(bson.NewDocumentWriter(&buf))
	enc.SetRegistry(reg)
	err := enc.Encode(v)
	return buf.Bytes(), err
}

// TestBSONWaysThrough checks the two ways docs/migrating.md gives for
// MongoDB data written through google/uuid or gofrs/uuid: keep writing it
// as the original did (the keepBSON registry: the same bytes, so programs
// not yet moved read it and equality queries match the stored values), or
// convert the stored documents once (read with the compat package, write
// back: subtype 4, which every moved program reads).
func TestBSONWaysThrough(t *testing.T) {
	reg := keepBSON()
	for _, lib := range []string{"google", "gofrs"} {
		theirs, ours, newTheirs, newOurs := wireDocs(lib)
		bsonCodec := wireCodecs[0]
		for i := range theirs {
			tb, err := bson.Marshal(theirs[i])
			if err != nil {
				t.Fatal(err)
			}
			kb, err := marshalWith(reg, ours[i])
			if err != nil || !bytes.Equal(kb, tb) {
				t.Fatalf("%s: with the keepBSON registry, %s is written as %x, %v; the original wrote %x", lib, docText(ours[i]), kb, err, tb)
			}
			// The filter {id: u} as the moved program sends it.
			id := reflect.ValueOf(ours[i]).Elem().Field(0).Interface()
			f, _ := marshalWith(reg, bson.D{{Key: "id", Value: id}})
			tf, _ := bson.Marshal(bson.D{{Key: "id", Value: reflect.ValueOf(theirs[i]).Elem().Field(0).Interface()}})
			if !bytes.Equal(f, tf) {
				t.Fatalf("%s: filter {id: %v} is %x with the keepBSON registry; the original sends %x", lib, id, f, tf)
			}

			// The conversion: read the old document, write it back.
			conv := newOurs()
			if err := bson.Unmarshal(tb, conv); err != nil {
				t.Fatalf("%s: reading %x: %v", lib, tb, err)
			}
			cb, err := bson.Marshal(conv)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := read(bsonCodec, cb, newOurs), read(bsonCodec, tb, newTheirs); got != want {
				t.Fatalf("%s: after conversion the moved program reads %s; the original read %s", lib, got, want)
			}
			var raw struct {
				ID  bson.Binary
				Ref bson.Binary
			}
			if err := bson.Unmarshal(cb, &raw); err != nil || raw.ID.Subtype != 4 || raw.Ref.Subtype != 4 {
				t.Fatalf("%s: converted document %x: %+v, %v; want subtype 4 fields", lib, cb, raw, err)
			}
		}
	}
}

// TestBSONQueryBothShapes checks the filter docs/migrating.md gives for a
// collection that holds both shapes: its $in list holds the value as the
// compat package writes it and as the original library wrote it.
func TestBSONQueryBothShapes(t *testing.T) {
	for _, b := range randomUUIDs(50) {
		u := native.UUID(b)
		filter, err := bson.Marshal(bson.D{{Key: "id", Value: bson.D{{Key: "$in", Value: bson.A{u, bson.Binary{Subtype: 0, Data: u[:]}}}}}})
		if err != nil {
			t.Fatal(err)
		}
		oldDoc, _ := bson.Marshal(googleDoc{ID: google.UUID(b)})
		newDoc, _ := bson.Marshal(cgoogleDoc{ID: u})
		in := bson.Raw(filter).Lookup("id", "$in").Array()
		for i, doc := range [][]byte{newDoc, oldDoc} {
			stored := bson.Raw(doc).Lookup("id")
			if got := in.Index(uint(i)); got.Type != stored.Type || !bytes.Equal(got.Value, stored.Value) {
				t.Fatalf("$in[%d] = %v; the stored field is %v", i, got, stored)
			}
		}
	}
}

// TestMigratingSnippet checks that the registry docs/migrating.md gives is
// keepBSON's, which the tests above run.
func TestMigratingSnippet(t *testing.T) {
	doc, err := os.ReadFile("../../docs/migrating.md")
	if err != nil {
		t.Fatal(err)
	}
	_, snippet, _ := strings.Cut(string(doc), "reg := bson.NewRegistry()\n")
	snippet, _, _ = strings.Cut(snippet, "client, err :=")
	src, err := os.ReadFile("wire_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "reg := bson.NewRegistry()\n")
	body, _, _ = strings.Cut(body, "return reg")
	norm := func(s string) string {
		s = strings.ReplaceAll(s, "native.", "uuid.")
		var lines []string
		for _, l := range strings.Split(s, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		return strings.Join(lines, "\n")
	}
	if snippet == "" || norm(snippet) != norm(body) {
		t.Errorf("docs/migrating.md's registry:\n%s\nkeepBSON's:\n%s", norm(snippet), norm(body))
	}
}

// toGoogleV6 is docs/migrating.md's snippet that writes a version 6 UUID
// of the library in google/uuid's layout, for code not yet moved. Keep the
// two the same.
func toGoogleV6(u native.UUID) [16]byte {
	t, _ := u.Time()
	ticks := uint64(t.Unix()+12219292800)*1e7 + uint64(t.Nanosecond()/100)
	var g [16]byte
	binary.BigEndian.PutUint64(g[:8], ticks)
	copy(g[8:], u[8:])
	g[6] = 0x60 | g[6]&0x0f
	return g
}

// TestGoogleV6Snippet checks what docs/migrating.md says of toGoogleV6:
// google/uuid reads the library's time but for bits 12 to 15, and so does
// FromGoogleV6 of the result; and that the document has the same code.
func TestGoogleV6Snippet(t *testing.T) {
	for _, b := range randomUUIDs(2000) {
		u := native.UUID(b)
		u[6] = 0x60 | u[6]&0x0f
		u[8] = 0x80 | u[8]&0x3f
		tm, _ := u.Time()
		// google/uuid's Time reads bits 12 to 15 of the timestamp as the
		// version's 6, for its own version 6 UUIDs too.
		want := gregorianTicks(tm)&^0xf000 | 0x6000
		g := google.UUID(toGoogleV6(u))
		if int64(g.Time()) != want {
			t.Fatalf("google/uuid reads %d from toGoogleV6(%v); want %d", g.Time(), u, want)
		}
		back, err := cgoogle.FromGoogleV6(native.UUID(g))
		bt, _ := back.Time()
		if err != nil || gregorianTicks(bt) != want || back[8] != u[8] || !bytes.Equal(back[9:], u[9:]) {
			t.Fatalf("FromGoogleV6(toGoogleV6(%v)) = %v, %v; want the time %d and the same clock sequence and node", u, back, err, want)
		}
	}
	doc, err := os.ReadFile("../../docs/migrating.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("wire_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "func toGoogleV6(u native.UUID) [16]byte {\n")
	body, _, _ = strings.Cut(body, "\treturn g\n")
	body = strings.ReplaceAll(body, "\t", "")
	if !strings.Contains(strings.ReplaceAll(string(doc), "\t", ""), body) {
		t.Errorf("docs/migrating.md does not have toGoogleV6's code:\n%s", body)
	}
}
