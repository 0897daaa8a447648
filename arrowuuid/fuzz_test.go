package arrowuuid_test

import (
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// FuzzAppendValueFromString checks that the builder accepts exactly the
// text uuid.Parse accepts (and arrow-go's null text), appends the value
// Parse returns, and appends nothing for text it refuses.
func FuzzAppendValueFromString(f *testing.F) {
	for _, s := range []string{
		"f81d4fae-7dec-11d0-a765-00a0c91e6bf6",          // canonical
		"urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6", // URN, upper case
		"{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}",        // braced
		"f81d4fae7dec11d0a76500a0c91e6bf6",              // 32 hex digits
		"[f81d4fae-7dec-11d0-a765-00a0c91e6bf6]",        // wrong brackets
		"f81d4fae-7dec-11d0-a765-00a0c91e6bf",           // 35 characters
		"(null)",                                        // arrow-go's null text
		"null",                                          // JSON's, which is not
		"",                                              // empty
	} {
		f.Add(s)
	}
	b := arrowuuid.NewBuilder(memory.DefaultAllocator)
	f.Fuzz(func(t *testing.T, s string) {
		n, nulls := b.Len(), b.NullN()
		err := b.AppendValueFromString(s)
		want, perr := uuid.Parse(s)
		switch {
		case s == "(null)":
			if err != nil || b.Len() != n+1 || b.NullN() != nulls+1 {
				t.Fatalf("AppendValueFromString(%q) = %v, appended %d values, %d nulls; want one null", s, err, b.Len()-n, b.NullN()-nulls)
			}
		case perr != nil:
			if err == nil || err.Error() != perr.Error() || b.Len() != n {
				t.Fatalf("AppendValueFromString(%q) = %v and appended %d; Parse says %v", s, err, b.Len()-n, perr)
			}
		default:
			if err != nil || b.Len() != n+1 {
				t.Fatalf("AppendValueFromString(%q) = %v and appended %d; want one value", s, err, b.Len()-n)
			}
			a := b.NewUUIDArray()
			if got := a.Value(a.Len() - 1); got != want {
				t.Fatalf("AppendValueFromString(%q) appended %v; Parse gives %v", s, got, want)
			}
			a.Release()
		}
	})
}
