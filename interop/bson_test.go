package interop

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// record is a document with every way a UUID field can be declared.
type record struct {
	ID  uuid.UUID     `bson:"id"`
	Ref uuid.NullUUID `bson:"ref"`
	Ptr *uuid.UUID    `bson:"ptr"`
}

func TestBSONStructRoundTrip(t *testing.T) {
	u := uuid.MustParse("73ffd264-44b3-4c69-90e8-e7d1dfc035d4")
	v := uuid.MustParse("01890a5d-ac96-774b-bcce-b302099a8057")
	tests := []struct {
		name string
		in   record
	}{
		{"valid", record{ID: u, Ref: uuid.NullUUID{UUID: v, Valid: true}, Ptr: &v}},
		{"null", record{ID: u}},
		{"nilUUID", record{ID: uuid.Nil(), Ref: uuid.NullUUID{Valid: true}, Ptr: new(uuid.UUID)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := bson.Marshal(tt.in)
			if err != nil {
				t.Fatalf("bson.Marshal(%+v): %v", tt.in, err)
			}
			raw := bson.Raw(doc)

			// Each field as the driver reads it: subtype 4, or null.
			checkBinary := func(key string, want uuid.UUID) {
				t.Helper()
				sub, data, ok := raw.Lookup(key).BinaryOK()
				if !ok || sub != 0x04 || !bytes.Equal(data, want[:]) {
					t.Errorf("field %s = %v; want binary subtype 4 %x", key, raw.Lookup(key), want[:])
				}
			}
			checkNull := func(key string) {
				t.Helper()
				if typ := raw.Lookup(key).Type; typ != bson.TypeNull {
					t.Errorf("field %s has type %v; want null", key, typ)
				}
			}
			checkBinary("id", tt.in.ID)
			if tt.in.Ref.Valid {
				checkBinary("ref", tt.in.Ref.UUID)
			} else {
				checkNull("ref")
			}
			if tt.in.Ptr != nil {
				checkBinary("ptr", *tt.in.Ptr)
			} else {
				checkNull("ptr")
			}

			// The same bytes as the driver's own subtype 4 value.
			want, err := bson.Marshal(bson.D{{Key: "id", Value: bson.Binary{Subtype: 4, Data: tt.in.ID[:]}}})
			if err != nil {
				t.Fatal(err)
			}
			got, err := bson.Marshal(struct {
				ID uuid.UUID `bson:"id"`
			}{tt.in.ID})
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("bson.Marshal(UUID) = %x, %v; want %x", got, err, want)
			}

			// Decode into values that are not zero, so that a null must
			// clear them.
			w := uuid.MustParse("ffffffff-ffff-4fff-bfff-ffffffffffff")
			out := record{ID: w, Ref: uuid.NullUUID{UUID: w, Valid: true}, Ptr: &w}
			if err := bson.Unmarshal(doc, &out); err != nil {
				t.Fatalf("bson.Unmarshal(%x): %v", doc, err)
			}
			if out.ID != tt.in.ID || out.Ref != tt.in.Ref || (out.Ptr == nil) != (tt.in.Ptr == nil) ||
				(out.Ptr != nil && *out.Ptr != *tt.in.Ptr) {
				t.Errorf("round trip gave %+v; want %+v", out, tt.in)
			}
		})
	}
}

// corpus is the shape of a BSON corpus file.
type corpus struct {
	Description string `json:"description"`
	TestKey     string `json:"test_key"`
	Valid       []struct {
		Description       string `json:"description"`
		CanonicalBSON     string `json:"canonical_bson"`
		CanonicalExtJSON  string `json:"canonical_extjson"`
		DegenerateExtJSON string `json:"degenerate_extjson"`
	} `json:"valid"`
}

func loadCorpus(t *testing.T) corpus {
	t.Helper()
	b, err := os.ReadFile("testdata/binary.json")
	if err != nil {
		t.Fatal(err)
	}
	var c corpus
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	if c.TestKey != "x" {
		t.Fatalf("test_key %q; want x", c.TestKey)
	}
	return c
}

// canonicalJSON re-encodes JSON text so that two texts can be compared
// whatever their spacing.
func canonicalJSON(t *testing.T, s string) string {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("json %q: %v", s, err)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// TestBSONCorpusUUID runs the corpus case "subtype 0x04 UUID" through
// UUID's methods, by way of the driver: canonical BSON decodes to the
// UUID of the degenerate extended JSON, which encodes back to the same
// bytes and to the canonical extended JSON.
func TestBSONCorpusUUID(t *testing.T) {
	c := loadCorpus(t)
	type doc struct {
		X uuid.UUID `bson:"x"`
	}
	found := false
	for _, v := range c.Valid {
		if v.Description != "subtype 0x04 UUID" {
			continue
		}
		found = true
		canonical, err := hex.DecodeString(v.CanonicalBSON)
		if err != nil {
			t.Fatal(err)
		}
		var ext struct {
			X struct {
				UUID string `json:"$uuid"`
			} `json:"x"`
		}
		if err := json.Unmarshal([]byte(v.DegenerateExtJSON), &ext); err != nil {
			t.Fatal(err)
		}
		want := uuid.MustParse(ext.X.UUID)

		var d doc
		if err := bson.Unmarshal(canonical, &d); err != nil || d.X != want {
			t.Fatalf("bson.Unmarshal(canonical_bson) = %v, %v; want %v", d.X, err, want)
		}
		var n struct {
			X uuid.NullUUID `bson:"x"`
		}
		if err := bson.Unmarshal(canonical, &n); err != nil || n.X != (uuid.NullUUID{UUID: want, Valid: true}) {
			t.Fatalf("bson.Unmarshal(canonical_bson) into NullUUID = %+v, %v; want valid %v", n.X, err, want)
		}
		for _, in := range []any{doc{X: want}, n} {
			got, err := bson.Marshal(in)
			if err != nil || !bytes.Equal(got, canonical) {
				t.Fatalf("bson.Marshal(%+v) = %X, %v; want canonical_bson %s", in, got, err, v.CanonicalBSON)
			}
		}
		extjson, err := bson.MarshalExtJSON(doc{X: want}, true, false)
		if err != nil || canonicalJSON(t, string(extjson)) != canonicalJSON(t, v.CanonicalExtJSON) {
			t.Fatalf("bson.MarshalExtJSON = %s, %v; want canonical_extjson %s", extjson, err, v.CanonicalExtJSON)
		}
		// The driver reads the $uuid form into the same value.
		var fromExt doc
		if err := bson.UnmarshalExtJSON([]byte(v.DegenerateExtJSON), true, &fromExt); err != nil || fromExt.X != want {
			t.Fatalf("bson.UnmarshalExtJSON(degenerate_extjson) = %v, %v; want %v", fromExt.X, err, want)
		}
	}
	if !found {
		t.Fatalf("%s has no case \"subtype 0x04 UUID\"", "testdata/binary.json")
	}
}

// TestBSONCorpusOtherSubtypes decodes every valid binary case of the
// corpus into a UUID: subtype 4 or 0 (generic binary, how the driver
// writes a [16]byte) of 16 bytes is accepted, other lengths give an error
// matching uuid.ErrLength, and every other subtype (the legacy subtype 3
// among them) an error matching uuid.ErrEncoding through the driver.
func TestBSONCorpusOtherSubtypes(t *testing.T) {
	c := loadCorpus(t)
	for _, v := range c.Valid {
		canonical, err := hex.DecodeString(v.CanonicalBSON)
		if err != nil {
			t.Fatal(err)
		}
		val := bson.Raw(canonical).Lookup("x")
		sub, data, ok := val.BinaryOK()
		if !ok {
			continue // the $type query operator cases hold documents
		}
		name := strings.NewReplacer(" ", "_", "(", "", ")", "", ",", "").Replace(v.Description)
		t.Run(name, func(t *testing.T) {
			var d struct {
				X uuid.UUID `bson:"x"`
			}
			err := bson.Unmarshal(canonical, &d)
			switch {
			case (sub == 0x04 || sub == 0x00) && len(data) == 16:
				if err != nil || d.X != uuid.UUID(data) {
					t.Fatalf("bson.Unmarshal = %v, %v; want %x", d.X, err, data)
				}
			case sub == 0x04 || sub == 0x00:
				if !errors.Is(err, uuid.ErrLength) {
					t.Fatalf("bson.Unmarshal = %v; want an error matching uuid.ErrLength", err)
				}
			default:
				if !errors.Is(err, uuid.ErrEncoding) || d.X != (uuid.UUID{}) {
					t.Fatalf("bson.Unmarshal of subtype %#x = %v, %v; want an error matching uuid.ErrEncoding", sub, d.X, err)
				}
			}
		})
	}
}

// TestBSONNullIntoUUID: a document whose field is null decodes into a
// NullUUID and a *UUID, and is an error for a UUID.
func TestBSONNullIntoUUID(t *testing.T) {
	doc, err := bson.Marshal(bson.D{{Key: "id", Value: nil}, {Key: "ref", Value: nil}, {Key: "ptr", Value: nil}})
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Ref uuid.NullUUID `bson:"ref"`
		Ptr *uuid.UUID    `bson:"ptr"`
	}
	if err := bson.Unmarshal(doc, &r); err != nil || r.Ref.Valid || r.Ptr != nil {
		t.Fatalf("bson.Unmarshal(nulls) = %+v, %v; want a null NullUUID and a nil *UUID", r, err)
	}
	var u struct {
		ID uuid.UUID `bson:"id"`
	}
	if err := bson.Unmarshal(doc, &u); !errors.Is(err, uuid.ErrEncoding) {
		t.Fatalf("bson.Unmarshal(null) into a UUID = %v; want an error matching uuid.ErrEncoding", err)
	}
	str, _ := bson.Marshal(bson.D{{Key: "id", Value: "73ffd264-44b3-4c69-90e8-e7d1dfc035d4"}})
	if err := bson.Unmarshal(str, &u); !errors.Is(err, uuid.ErrEncoding) {
		t.Fatalf("bson.Unmarshal(string) into a UUID = %v; want an error matching uuid.ErrEncoding", err)
	}
}
