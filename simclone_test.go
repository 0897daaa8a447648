package uuid

// The simulator's clones (see sim_test.go): a clone of a process (a CRIU
// restore on the same host, a forked VM snapshot) starts with a copy of
// everything the process had in memory, its Generators, its registry of
// open files and its history, and copies of its descriptors, which it
// then uses on its own. simCloner makes that copy by walking the process's
// memory with package reflect, so that no field the production code adds
// later is shared by mistake: only what the whole host shares (the file
// system, its inodes, the simulator) is kept, and the pointers it is told
// to map (the process, its clock, its random source) are mapped.

import (
	"reflect"
	"unsafe"
)

type simCloner struct {
	keep func(reflect.Type) bool // types shared, not copied
	memo map[simMemoKey]reflect.Value
	made []reflect.Value // the pointers copied
}

type simMemoKey struct {
	p unsafe.Pointer
	t reflect.Type
}

func newSimCloner(keep func(reflect.Type) bool) *simCloner {
	return &simCloner{keep: keep, memo: map[simMemoKey]reflect.Value{}}
}

// mapTo makes every copy of the pointer from point at to.
func (c *simCloner) mapTo(from, to any) {
	v := reflect.ValueOf(from)
	c.memo[simMemoKey{v.UnsafePointer(), v.Type()}] = reflect.ValueOf(to)
}

// deepCopy returns a copy of v (a pointer, slice or map).
func deepCopy[T any](c *simCloner, v T) T {
	src := reflect.ValueOf(&v).Elem()
	var out T
	c.into(reflect.ValueOf(&out).Elem(), src)
	return out
}

// open returns v, addressable, with its fields settable and readable even
// if it was reached through unexported fields.
func open(v reflect.Value) reflect.Value {
	if !v.CanAddr() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// into sets dst, which is addressable, to a copy of src.
func (c *simCloner) into(dst, src reflect.Value) {
	dst, src = open(dst), open(src)
	switch src.Kind() {
	case reflect.Pointer:
		dst.Set(c.pointer(src))
	case reflect.Struct:
		for i := range src.NumField() {
			c.into(dst.Field(i), src.Field(i))
		}
	case reflect.Array:
		for i := range src.Len() {
			c.into(dst.Index(i), src.Index(i))
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := range src.Len() {
			c.into(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		for it := src.MapRange(); it.Next(); {
			m.SetMapIndex(c.value(it.Key()), c.value(it.Value()))
		}
		dst.Set(m)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		dst.Set(c.value(src.Elem()))
	default: // numbers, strings, funcs, channels, unsafe pointers
		dst.Set(src)
	}
}

// value returns a copy of v, which need not be addressable.
func (c *simCloner) value(v reflect.Value) reflect.Value {
	tmp := reflect.New(v.Type()).Elem()
	tmp.Set(v)
	out := reflect.New(v.Type()).Elem()
	c.into(out, tmp)
	return out
}

// pointer returns the copy of the pointer p.
func (c *simCloner) pointer(p reflect.Value) reflect.Value {
	if p.IsNil() || c.keep(p.Type()) {
		return p
	}
	k := simMemoKey{p.UnsafePointer(), p.Type()}
	if q, ok := c.memo[k]; ok {
		return q
	}
	q := reflect.New(p.Type().Elem())
	c.memo[k] = q
	c.made = append(c.made, q)
	c.into(q.Elem(), p.Elem())
	return q
}
