package interop

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
	"go.mongodb.org/mongo-driver/v2/bson"
)

// pymongoPython is the interpreter whose bson package is PyMongo's:
// Debian's python3-bson installs it for /usr/bin/python3. UUID_PYMONGO_PYTHON
// names another.
func pymongoPython() string {
	if p := os.Getenv("UUID_PYMONGO_PYTHON"); p != "" {
		return p
	}
	return "/usr/bin/python3"
}

// legacyReps are the representations in the order the script takes them.
var legacyReps = []uuid.BSONRepresentation{uuid.BSONRepresentationStandard, uuid.BSONRepresentationCSharpLegacy,
	uuid.BSONRepresentationJavaLegacy, uuid.BSONRepresentationPythonLegacy}

// TestBSONRepresentationPyMongo checks the four uuidRepresentation modes
// against PyMongo's bson package, which implements all of them, on
// 100 000 random 16-byte values (every bit varies, not only those a
// version leaves random), both ways: documents that the Go driver builds
// from MarshalBSONValueAs decode in PyMongo to the UUID, and the documents
// PyMongo's Binary.from_uuid gives are, byte for byte, what
// MarshalBSONValueAs writes and read back through the Go driver and
// FromBSONValue to the UUID. UUID_BSON_N sets the count.
func TestBSONRepresentationPyMongo(t *testing.T) {
	n := 100000
	if s := os.Getenv("UUID_BSON_N"); s != "" {
		fmt.Sscan(s, &n)
	}
	py := pymongoPython()
	if out, err := exec.Command(py, "-c", "import bson.binary; bson.binary.UuidRepresentation.JAVA_LEGACY").CombinedOutput(); err != nil {
		t.Fatalf("%s has no PyMongo bson package (Debian: apt-get install python3-bson): %v\n%s", py, err, out)
	}
	ids := make([]uuid.UUID, n)
	var in bytes.Buffer
	for i := range ids {
		rand.Read(ids[i][:])
		in.WriteString(hex.EncodeToString(ids[i][:]))
		for _, r := range legacyReps {
			typ, data, err := ids[i].MarshalBSONValueAs(r)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := bson.Marshal(bson.D{{Key: "u", Value: bson.RawValue{Type: bson.Type(typ), Value: data}}})
			if err != nil {
				t.Fatal(err)
			}
			in.WriteByte(' ')
			in.WriteString(hex.EncodeToString(doc))
		}
		in.WriteByte('\n')
	}
	cmd := exec.Command(py, "testdata/pymongo_uuid.py")
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pymongo_uuid.py: %v\n%s", err, stderr.Bytes())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	line, bad := 0, 0
	for ; sc.Scan(); line++ {
		if line >= n {
			t.Fatalf("pymongo_uuid.py wrote more than %d lines", n)
		}
		u, f := ids[line], strings.Fields(sc.Text())
		if len(f) != 8 {
			t.Fatalf("line %d: %d fields, want 8: %q", line+1, len(f), sc.Text())
		}
		for k, r := range legacyReps {
			if err := checkPyMongo(u, r, f[k], f[4+k]); err != nil {
				bad++
				if bad <= 5 {
					t.Errorf("%v as %d: %v", u, r, err)
				}
			}
		}
	}
	if line != n || bad != 0 {
		t.Fatalf("%d of %d lines, %d mismatches", line, n, bad)
	}
	t.Logf("PyMongo agrees on %d random UUIDs in each of 4 representations, both ways", n)
}

// checkPyMongo compares, for u in representation r, what PyMongo decoded
// from our document and the document PyMongo encoded.
func checkPyMongo(u uuid.UUID, r uuid.BSONRepresentation, decoded, encoded string) error {
	if decoded != hex.EncodeToString(u[:]) {
		return fmt.Errorf("PyMongo decodes our document to %s", decoded)
	}
	doc, err := hex.DecodeString(encoded)
	if err != nil {
		return err
	}
	v, err := bson.Raw(doc).LookupErr("u")
	if err != nil {
		return fmt.Errorf("PyMongo's document %s: %v", encoded, err)
	}
	typ, data, _ := u.MarshalBSONValueAs(r)
	if byte(v.Type) != typ || !bytes.Equal(v.Value, data) {
		return fmt.Errorf("PyMongo writes %#x %x, we write %#x %x", byte(v.Type), v.Value, typ, data)
	}
	got, err := uuid.FromBSONValue(byte(v.Type), v.Value, r)
	if err != nil || got != u {
		return fmt.Errorf("FromBSONValue(PyMongo's %x) = %v, %v", v.Value, got, err)
	}
	return nil
}
