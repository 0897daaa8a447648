package uuid_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// The quick start of the README.
func Example() {
	id := uuid.New()                                          // random (version 4)
	key := uuid.NewV7()                                       // sorts by creation time
	dns := uuid.NewV5(uuid.NamespaceDNS(), "www.example.com") // same name, same UUID
	fmt.Println(id.Version(), key.Version(), dns)
	u, err := uuid.Parse("urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")
	if err != nil {
		log.Fatal(err)
	}
	t, _ := u.Time() // a version 1 UUID holds the time it was made
	fmt.Println(u, u.Version(), t)
	// Output:
	// v4 v7 2ed6657d-e927-568b-95e1-2665a8aea6a2
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 v1 1997-02-03 17:43:12.216875 +0000 UTC
}

// A UUID is a string in JSON. With Go 1.24's omitzero, a field that holds
// the Nil UUID is left out; a NullUUID that is not Valid is null.
func Example_json() {
	type Event struct {
		ID     uuid.UUID     `json:"id"`
		Parent uuid.UUID     `json:"parent,omitzero"`
		Owner  uuid.NullUUID `json:"owner"`
	}
	b, err := json.Marshal(Event{ID: uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")})
	fmt.Println(string(b), err)

	var e Event
	err = json.Unmarshal([]byte(`{"id":"F81D4FAE7DEC11D0A76500A0C91E6BF6","owner":null}`), &e)
	fmt.Println(e.ID, e.Parent.IsZero(), e.Owner.Valid, err)
	// Output:
	// {"id":"f81d4fae-7dec-11d0-a765-00a0c91e6bf6","owner":null} <nil>
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 true false <nil>
}

func ExampleNew() {
	id := uuid.New()
	s := id.String()
	fmt.Println(id.Version(), len(s), uuid.MustParse(s) == id)
	// Output: v4 36 true
}

// MustParse suits values known to be valid, such as a namespace of your
// own in a package-level variable. It panics on anything else.
func ExampleMustParse() {
	ns := uuid.MustParse("{6BA7B810-9DAD-11D1-80B4-00C04FD430C8}")
	fmt.Println(ns == uuid.NamespaceDNS())
	fmt.Println(uuid.NewV5(ns, "www.example.com"))
	// Output:
	// true
	// 2ed6657d-e927-568b-95e1-2665a8aea6a2
}

// ParseStrict accepts only the canonical form, in either case: the grammar
// of RFC 9562, Section 4.
func ExampleParseStrict() {
	for _, s := range []string{
		"f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
		"F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6",
		"f81d4fae7dec11d0a76500a0c91e6bf6",
		"{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}",
	} {
		u, err := uuid.ParseStrict(s)
		fmt.Println(u, err == nil)
	}
	// Output:
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 true
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 true
	// 00000000-0000-0000-0000-000000000000 false
	// 00000000-0000-0000-0000-000000000000 false
}

// .NET's Guid.ToByteArray, and SQL Server's uniqueidentifier read as raw
// bytes, hold the first three fields little-endian.
func ExampleFromBytesLE() {
	guid := []byte{0xae, 0x4f, 0x1d, 0xf8, 0xec, 0x7d, 0xd0, 0x11, 0xa7, 0x65, 0x00, 0xa0, 0xc9, 0x1e, 0x6b, 0xf6}
	u, err := uuid.FromBytesLE(guid)
	fmt.Println(u, err)
	back := u.BytesLE()
	fmt.Println(bytes.Equal(back[:], guid))
	// Output:
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 <nil>
	// true
}

// A version 1 UUID holds the time it was made and a node: the host's MAC
// address, or a random node on a host without one. Prefer NewV7 or New
// unless a protocol asks for version 1.
func ExampleNewV1() {
	u := uuid.NewV1()
	t, _ := u.Time()
	_, hasNode := u.NodeID()
	fmt.Println(u.Version(), hasNode, time.Since(t).Abs() < time.Minute)
	// Output: v1 true true
}

// By default a version 6 UUID gets a random clock sequence and a random
// node with the multicast bit set, so it does not reveal the MAC address.
// Its time comes first, so values sort by it.
func ExampleNewV6() {
	a, b := uuid.NewV6(), uuid.NewV6()
	node, _ := a.NodeID()
	fmt.Println(a.Version(), a.Compare(b) < 0, node[0]&1 == 1)
	// Output: v6 true true
}

func ExampleParse() {
	for _, s := range []string{
		"f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
		"F81D4FAE7DEC11D0A76500A0C91E6BF6",
		"{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}",
		"urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
	} {
		u, err := uuid.Parse(s)
		fmt.Println(u, err)
	}
	// Output:
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 <nil>
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 <nil>
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 <nil>
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6 <nil>
}

func ExampleParseError() {
	_, err := uuid.Parse("f81d4fae-7dec-11d0-a765-00a0c91e6bfz")
	var pe *uuid.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Offset, pe.Input) // the first bad byte, and the input
	}
	fmt.Println(errors.Is(err, uuid.ErrDigit), errors.Is(err, uuid.ErrLength))

	// A wrong length is ErrLength, for text and binary input alike.
	_, err = uuid.Parse("f81d4fae-7dec-11d0-a765")
	fmt.Println(errors.Is(err, uuid.ErrLength))
	_, err = uuid.FromBytes([]byte{1, 2, 3})
	fmt.Println(errors.Is(err, uuid.ErrLength))
	// Output:
	// 35 f81d4fae-7dec-11d0-a765-00a0c91e6bfz
	// true false
	// true
	// true
}

func ExampleUUID_String() {
	u := uuid.MustParse("F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")
	fmt.Println(u.String())
	fmt.Println(u.URN())
	fmt.Printf("%S\n%x\n%q\n", u, u, u)
	// Output:
	// f81d4fae-7dec-11d0-a765-00a0c91e6bf6
	// urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6
	// F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6
	// f81d4fae7dec11d0a76500a0c91e6bf6
	// "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
}

func ExampleUUID_AppendForm() {
	u := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	buf := make([]byte, 0, 64) // reused: AppendForm does not allocate
	for _, f := range []uuid.Form{uuid.FormHex, uuid.FormBraced, uuid.FormURN} {
		buf = u.AppendForm(buf[:0], f)
		fmt.Printf("%-7v %s\n", f, buf)
	}
	// Output:
	// hex     f81d4fae7dec11d0a76500a0c91e6bf6
	// braced  {f81d4fae-7dec-11d0-a765-00a0c91e6bf6}
	// urn     urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6
}

func ExampleUUID_Compare() {
	ids := []uuid.UUID{
		uuid.Max(),
		uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
		uuid.Nil(),
	}
	slices.SortFunc(ids, uuid.UUID.Compare)
	for _, id := range ids {
		fmt.Println(id)
	}
	// Output:
	// 00000000-0000-0000-0000-000000000000
	// 017f22e2-79b0-7cc3-98c4-dc0c0c07398f
	// ffffffff-ffff-ffff-ffff-ffffffffffff
}

func ExampleUUID_Time() {
	u := uuid.MustParse("1ec9414c-232a-6b00-b3c8-9f6bdeced846") // RFC 9562, Appendix A.5
	t, ok := u.Time()
	seq, _ := u.ClockSequence()
	node, _ := u.NodeID()
	fmt.Println(u.Version(), u.Variant(), t, ok)
	fmt.Printf("clock sequence %#x, node %x\n", seq, node)
	v1, _ := u.ToV1()
	fmt.Println(v1)
	// Output:
	// v6 RFC 9562 2022-02-22 19:22:22 +0000 UTC true
	// clock sequence 0x33c8, node 9f6bdeced846
	// c232ab00-9414-11ec-b3c8-9f6bdeced846
}

func ExampleNewV5() {
	fmt.Println(uuid.NewV5(uuid.NamespaceDNS(), "www.example.com")) // RFC 9562, Appendix A.4
	// Output: 2ed6657d-e927-568b-95e1-2665a8aea6a2
}

func ExampleNewV8Hash() {
	fmt.Println(uuid.NewV8Hash(sha256.New(), uuid.NamespaceDNS(), "www.example.com")) // RFC 9562, Appendix B.2
	// Output: 5c146b14-3c52-8afd-938a-375d0df1fbf6
}

func ExampleNewV4() {
	u := uuid.NewV4()
	fmt.Println(u.Version(), u.Variant())
	// Output: v4 RFC 9562
}

func ExampleNewV7() {
	a, b := uuid.NewV7(), uuid.NewV7()
	fmt.Println(a.Version(), a.Compare(b) < 0)
	// Output: v7 true
}

func ExampleFillV7() {
	ids := make([]uuid.UUID, 1000)
	uuid.FillV7(ids)
	fmt.Println(slices.IsSortedFunc(ids, uuid.UUID.Compare), ids[0].Version())
	// Output: true v7
}

func ExampleNewGenerator() {
	// A fixed clock, random source and node make the output reproducible,
	// as in tests.
	g := uuid.NewGenerator(uuid.GeneratorOptions{
		Now:  func() time.Time { return time.Date(2022, 2, 22, 19, 22, 22, 0, time.UTC) },
		Rand: bytes.NewReader(bytes.Repeat([]byte{0x73, 0xc8}, 64)),
		Node: uuid.StaticNode([6]byte{0x9f, 0x6b, 0xde, 0xce, 0xd8, 0x46}),
	})
	for range 2 {
		u, _ := g.NewV1()
		fmt.Println(u)
	}
	u, _ := g.NewV7()
	fmt.Println(u)
	// Output:
	// c232ab00-9414-11ec-b3c8-9f6bdeced846
	// c232ab01-9414-11ec-b3c8-9f6bdeced846
	// 017f22e2-79b0-7000-81cf-21cf21cf21cf
}

func ExampleNullUUID() {
	var n uuid.NullUUID
	fmt.Println(n.Scan(nil), n.Valid)
	fmt.Println(n.Scan("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"), n.Valid, n.UUID)
	b, _ := n.MarshalJSON()
	fmt.Println(string(b))
	// Output:
	// <nil> false
	// <nil> true f81d4fae-7dec-11d0-a765-00a0c91e6bf6
	// "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
}

// A span of time as a range of version 7 keys: the UUIDs made from t0's
// millisecond through t1's are those from MinV7(t0) to MaxV7(t1), both
// included.
func ExampleMinV7() {
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	t1 := t0.Add(time.Hour)
	lo, hi := uuid.MinV7(t0), uuid.MaxV7(t1)
	fmt.Println(lo)
	fmt.Println(hi)
	for _, at := range []time.Time{t0, t0.Add(30 * time.Minute), t1.Add(999 * time.Microsecond), t1.Add(time.Millisecond)} {
		id := uuid.NewV7At(at)
		fmt.Println(id.Compare(lo) >= 0 && id.Compare(hi) <= 0)
	}
	// Output:
	// 01a20846-fe00-7000-8000-000000000000
	// 01a2087d-ec80-7fff-bfff-ffffffffffff
	// true
	// true
	// true
	// false
}

// TestReadmeQuickStart checks that the README's quick start is the body
// of Example, line for line, and that the output it shows is Example's.
func TestReadmeQuickStart(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	// between returns the lines of s after the line start and before the
	// first line that starts with end.
	between := func(s, start, end string) []string {
		_, rest, ok := strings.Cut(s, start+"\n")
		if !ok {
			return nil
		}
		var lines []string
		for _, line := range strings.Split(rest, "\n") {
			if strings.HasPrefix(line, end) {
				return lines
			}
			lines = append(lines, line)
		}
		return nil
	}
	code := between(string(readme), "func main() {", "}")
	output := between(string(readme), "It prints:\n\n```", "```")
	example := between(string(src), "func Example() {", "\t// Output:")
	wantOutput := between(string(src), "func Example() {", "}")
	if i := slices.Index(wantOutput, "\t// Output:"); i >= 0 {
		wantOutput = wantOutput[i+1:]
	}
	for i := range wantOutput {
		wantOutput[i] = strings.TrimPrefix(wantOutput[i], "\t// ")
	}
	if len(code) == 0 || !slices.Equal(code, example) {
		t.Errorf("README quick start:\n%s\nExample:\n%s", strings.Join(code, "\n"), strings.Join(example, "\n"))
	}
	if len(output) == 0 || !slices.Equal(output, wantOutput) {
		t.Errorf("README output:\n%s\nExample output:\n%s", strings.Join(output, "\n"), strings.Join(wantOutput, "\n"))
	}
}

// TestReadmeModules checks that the README tells how to get each module a
// user requires besides the library (pgxuuid, typeid, arrowuuid,
// jsonschemauuid, oteluuid), and how to build it from a checkout: each needs a
// replace line of its own, as the library does; and that its list of the
// modules "go test ./..." leaves out names every module of the repository
// (each directory with a go.mod, but the CI's own tools under .ci/).
func TestReadmeModules(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"pgxuuid", "typeid", "arrowuuid", "jsonschemauuid", "oteluuid"} {
		if !strings.Contains(string(readme), "go get github.com/afb7af96/uuid/"+m+"@latest") {
			t.Errorf("README.md has no go get line for %s", m)
		}
		if !strings.Contains(string(readme), "replace github.com/afb7af96/uuid/"+m+" => ") && !strings.Contains(string(readme), "`…/"+m+"`") {
			t.Errorf("README.md does not say that %s from a checkout needs a replace line of its own", m)
		}
	}
	_, list, _ := strings.Cut(string(readme), "`go test ./...` runs the root module only;")
	list, _, _ = strings.Cut(list, "are modules of their own")
	list = strings.Join(strings.Fields(list), " ")
	err = filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata"):
			return filepath.SkipDir
		case d.Name() == "go.mod" && p != "go.mod":
			if dir := filepath.ToSlash(filepath.Dir(p)); !strings.Contains(list, "`"+dir+"/`") {
				t.Errorf("README.md's list of the modules of their own does not name %s/", dir)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
