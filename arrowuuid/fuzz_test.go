package arrowuuid_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/afb7af96/uuid"
	"github.com/afb7af96/uuid/arrowuuid"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/extensions"
	"github.com/apache/arrow-go/v18/arrow/ipc"
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

// maxAlloc is the most the allocator of the IPC fuzz target hands out:
// far more than any stream it reads needs, far less than a length field
// of a damaged stream can ask for.
const maxAlloc = 1 << 20

// errRefused is the panic of cappedAllocator, which arrow-go's IPC reader
// turns into an error.
var errRefused = errors.New("arrowuuid test: allocation over the cap refused")

// cappedAllocator refuses allocations over maxAlloc, so that a length
// field of a damaged stream cannot make the fuzzer run out of memory.
type cappedAllocator struct{ memory.Allocator }

func (c cappedAllocator) Allocate(n int) []byte {
	if n < 0 || n > maxAlloc {
		panic(errRefused)
	}
	return c.Allocator.Allocate(n)
}

func (c cappedAllocator) Reallocate(n int, b []byte) []byte {
	if n < 0 || n > maxAlloc {
		panic(errRefused)
	}
	return c.Allocator.Reallocate(n, b)
}

// readStream returns the records of the IPC stream in, read with whatever
// type the registry holds for arrow.uuid, up to the first the reader
// refuses. arrow-go's reader turns its own panics (and the allocator's)
// into errors; one it lets through is arrow-go's, not this package's, and
// ends the stream here too, as the reader is not what is under test.
func readStream(in []byte) (recs []arrow.RecordBatch) {
	defer func() {
		if recover() != nil {
			for _, rec := range recs {
				rec.Release()
			}
			recs = nil
		}
	}()
	// ipc.NewReader (v18.8.0) drops the size limits; a message reader of
	// its own keeps them, so no length field makes a slice of gigabytes.
	opts := []ipc.Option{
		ipc.WithAllocator(cappedAllocator{memory.NewGoAllocator()}),
		ipc.WithMetadataSizeLimit(maxAlloc), ipc.WithBodySizeLimit(maxAlloc),
	}
	r, err := ipc.NewReaderFromMessageReader(ipc.NewMessageReader(bytes.NewReader(in), opts...), opts...)
	if err != nil {
		return nil
	}
	defer r.Release()
	for r.Next() {
		rec := r.RecordBatch()
		rec.Retain()
		recs = append(recs, rec)
	}
	return recs
}

// checkStream reads the IPC stream in and checks each of its arrow.uuid
// columns with checkColumn. It returns how many of them View refused.
func checkStream(t *testing.T, in []byte) (refused int) {
	t.Helper()
	for _, rec := range readStream(in) {
		for _, col := range rec.Columns() {
			if ext, ok := col.DataType().(arrow.ExtensionType); ok && ext.ExtensionName() == arrowuuid.ExtensionName && !checkColumn(t, col) {
				refused++
			}
		}
		rec.Release()
	}
	return refused
}

// checkColumn calls every method of col, an arrow.uuid column as a reader
// hands it over, then checks View: it refuses the column with the root's
// kinds, or returns one whose values are all held and whose JSON reads
// back as the same column. It reports whether View took the column.
func checkColumn(t *testing.T, col arrow.Array) bool {
	t.Helper()
	if a, ok := col.(*arrowuuid.Array); ok {
		// Bounded: a damaged length can be far beyond the buffers.
		for _, i := range []int{-1, 0, 1, a.Len() - 1, a.Len(), min(a.Len(), 4096)} {
			_, _, _, _ = a.Value(i), a.ValueStr(i), a.GetOneForMarshal(i), a.IsNull(i)
		}
		_, _, _, _ = a.Values(), a.NullN(), a.String(), a.ValueAsAny(0)
		_, _ = a.MarshalJSON()
	}
	v, err := arrowuuid.View(col)
	if err != nil {
		if !errors.Is(err, uuid.ErrLength) && !errors.Is(err, uuid.ErrEncoding) {
			t.Errorf("View: %v; want an error matching uuid.ErrLength or uuid.ErrEncoding", err)
		}
		return false
	}
	defer v.Release()
	if len(v.Values()) != v.Len() {
		t.Fatalf("View took a column of %d values whose buffer holds %d", v.Len(), len(v.Values()))
	}
	js, err := v.MarshalJSON()
	if err != nil {
		t.Fatalf("MarshalJSON of a column View took: %v", err)
	}
	b := arrowuuid.NewBuilder(memory.DefaultAllocator)
	defer b.Release()
	if err := b.UnmarshalJSON(js); err != nil {
		t.Fatalf("UnmarshalJSON(%s): %v", js, err)
	}
	back := b.NewUUIDArray()
	defer back.Release()
	if back.Len() != v.Len() {
		t.Fatalf("JSON of %d values read back as %d", v.Len(), back.Len())
	}
	for i := range v.Len() {
		if back.IsNull(i) != v.IsNull(i) || back.Value(i) != v.Value(i) {
			t.Fatalf("row %d: %v (null %v) read back as %v (null %v)", i, v.Value(i), v.IsNull(i), back.Value(i), back.IsNull(i))
		}
	}
	return true
}

// FuzzIPCStream reads IPC stream bytes, after the schema of one arrow.uuid
// column, with each Go type registered for arrow.uuid and the reader's
// memory capped, and checks every arrow.uuid column the reader hands over
// with checkColumn: no method panics, and View refuses what it cannot
// hold. The schema message stays whole: arrow-go sizes slices by its
// counts before it checks them, so a changed count there runs arrow-go,
// not this package, out of memory.
func FuzzIPCStream(f *testing.F) {
	schema, batch := splitStream(f, uuidStream(f, arrowuuid.NewType()))
	_, goBatch := splitStream(f, uuidStream(f, extensions.NewUUIDType()))
	f.Add(batch)                // this package's column, a null in it
	f.Add(goBatch)              // arrow-go's column
	f.Add(batch[:len(batch)/2]) // cut short in the batch
	f.Add([]byte{})             // no batch
	restore := func() {
		_ = arrow.UnregisterExtensionType(arrowuuid.ExtensionName)
		if err := arrow.RegisterExtensionType(extensions.NewUUIDType()); err != nil {
			f.Fatal(err)
		}
	}
	f.Cleanup(restore)
	f.Fuzz(func(t *testing.T, in []byte) {
		stream := append(bytes.Clone(schema), in...)
		if err := arrowuuid.Register(); err != nil {
			t.Fatal(err)
		}
		checkStream(t, stream)
		restore()
		checkStream(t, stream)
	})
}
