package operr

import (
	"errors"
	"testing"
	"time"
)

func TestTypeName(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{int64(1), "int64"}, {1.5, "float64"}, {true, "bool"}, {42, "int"}, {int8(1), "int8"},
		{int16(1), "int16"}, {int32(1), "int32"}, {uint(1), "uint"}, {uint8(1), "uint8"},
		{uint16(1), "uint16"}, {uint32(1), "uint32"}, {uint64(1), "uint64"}, {float32(1), "float32"},
		{time.Time{}, "time.Time"}, {struct{}{}, "value of unsupported type"},
	} {
		if got := TypeName(tc.v); got != tc.want {
			t.Errorf("TypeName(%T) = %q; want %q", tc.v, got, tc.want)
		}
	}
}

func TestError(t *testing.T) {
	kind := errors.New("kind")
	err := error(Length("pkg", "Op", 15, kind))
	if !errors.Is(err, kind) || err.Error() != "pkg: Op of 15 bytes: not 16 bytes" {
		t.Errorf("Length = %q; want it to match its kind", err)
	}
}
