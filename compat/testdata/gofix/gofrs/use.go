// Package use calls every name of compat/gofrs/uuid that carries
// //go:fix inline, one call per statement, for .ci/migrate to check that
// go fix -inline rewrites each of them onto the library.
package use

import (
	"fmt"

	"github.com/afb7af96/uuid/compat/gofrs/uuid"
)

// All uses every inlinable name once.
func All(b []byte, s string) {
	var u uuid.UUID
	var n uuid.NullUUID
	var g *uuid.Gen = uuid.NewGen()
	size := uuid.Size
	vs := []any{uuid.VariantNCS, uuid.VariantRFC9562, uuid.VariantMicrosoft, uuid.VariantFuture, uuid.VariantRFC4122}
	ds := []any{uuid.DomainPerson, uuid.DomainGroup, uuid.DomainOrg}
	fb, err := uuid.FromBytes(b)
	fs, err := uuid.FromString(s)
	v1, err := uuid.NewV1()
	v3 := uuid.NewV3(u, s)
	v4, err := uuid.NewV4()
	v5 := uuid.NewV5(u, s)
	v6, err := uuid.NewV6()
	v7, err := uuid.NewV7()
	fmt.Println(u, n, g, size, vs, ds, fb, fs, v1, v3, v4, v5, v6, v7, err)
}
