package uuid_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/afb7af96/uuid"
)

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
		fmt.Println(pe.Offset, pe.Err)
	}
	fmt.Println(err)
	fmt.Println(errors.Is(err, uuid.ErrHexDigit), errors.Is(err, uuid.ErrLength))

	// The kind tells a bad length from a bad byte without the text, for
	// text and binary input alike.
	_, err = uuid.Parse("f81d4fae-7dec-11d0-a765")
	fmt.Println(errors.Is(err, uuid.ErrLength), err)
	_, err = uuid.FromBytes([]byte{1, 2, 3})
	fmt.Println(errors.Is(err, uuid.ErrLength), errors.As(err, &pe), err)
	// Output:
	// 35 uuid: invalid hex digit
	// uuid: parsing "f81d4fae-7dec-11d0-a765-00a0c91e6bfz": invalid hex digit at offset 35
	// true false
	// true uuid: parsing "f81d4fae-7dec-11d0-a765": invalid length
	// true false uuid: invalid length
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
	for _, f := range []uuid.Form{uuid.FormHex, uuid.FormBraced, uuid.FormURN | uuid.FormUpper} {
		buf = u.AppendForm(buf[:0], f)
		fmt.Printf("%-11v %s\n", f, buf)
	}
	// Output:
	// hex         f81d4fae7dec11d0a76500a0c91e6bf6
	// braced      {f81d4fae-7dec-11d0-a765-00a0c91e6bf6}
	// urn+upper   urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6
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
	fmt.Println(a.Version(), a.Less(b))
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
	// 017f22e2-79b0-773c-a1cf-21cf21cf21cf
}

func ExampleGeneratorOptions_stateFile() {
	dir, err := os.MkdirTemp("", "uuid-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	// Every process that names this file shares one v1 state, so no two of
	// them hand out the same timestamp, clock sequence and node.
	g := uuid.NewGenerator(uuid.GeneratorOptions{StateFile: filepath.Join(dir, "uuid.state")})
	a, err := g.NewV1()
	if err != nil {
		fmt.Println(err) // the file could not be opened or locked
		return
	}
	b, _ := g.NewV1()
	fmt.Println(a.Version(), a != b)
	// Output: v1 true
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

// A span of time as a range of version 7 keys: the UUIDs made from t0 up
// to t1 are those at or above MinV7(t0) and below MinV7(t1).
func ExampleMinV7() {
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	t1 := t0.Add(time.Hour)
	lo, hi := uuid.MinV7(t0), uuid.MinV7(t1)
	fmt.Println(lo)
	fmt.Println(hi)
	id := uuid.NewV7At(t0.Add(30 * time.Minute))
	fmt.Println(id.Compare(lo) >= 0 && id.Compare(hi) < 0)
	fmt.Println(uuid.MaxV7(t0))
	// Output:
	// 01a20846-fe00-7000-8000-000000000000
	// 01a2087d-ec80-7000-8000-000000000000
	// true
	// 01a20846-fe00-7fff-bfff-ffffffffffff
}
