// Package use calls every name of compat/google/uuid that carries
// //go:fix inline, one call per statement, for .ci/migrate to check that
// go fix -inline rewrites each of them onto the library.
package use

import (
	"fmt"

	"github.com/afb7af96/uuid/compat/google/uuid"
)

// All uses every inlinable name once.
func All(b []byte) {
	var u uuid.UUID
	var v uuid.Version
	var va uuid.Variant
	var n uuid.NullUUID
	var d uuid.Domain = uuid.Person
	g := uuid.Group
	o := uuid.Org
	vs := []uuid.Variant{uuid.RFC4122, uuid.Reserved, uuid.Microsoft, uuid.Future}
	a := uuid.New()
	r, err := uuid.NewRandom()
	s := uuid.NewString()
	t1, err := uuid.NewUUID()
	t6, err := uuid.NewV6()
	t7, err := uuid.NewV7()
	d2, err := uuid.NewDCESecurity(d, 42)
	dp, err := uuid.NewDCEPerson()
	dg, err := uuid.NewDCEGroup()
	h3 := uuid.NewMD5(u, b)
	h5 := uuid.NewSHA1(u, b)
	p, err := uuid.Parse(s)
	pb, err := uuid.ParseBytes(b)
	mp := uuid.MustParse("f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
	fb, err := uuid.FromBytes(b)
	fmt.Println(u, v, va, n, d, g, o, vs, a, r, s, t1, t6, t7, d2, dp, dg, h3, h5, p, pb, mp, fb, err)
}
