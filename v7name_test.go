package uuid_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/afb7af96/uuid"
)

// refV7Name is NewV7Name written plainly: SHA-256 of the namespace's bytes
// and the name, its first 48 bits replaced by the Unix millisecond (clamped
// to 48 bits), then version 7 and the RFC 9562 variant.
func refV7Name(t time.Time, ns uuid.UUID, name string) uuid.UUID {
	sum := sha256.Sum256(append(ns[:], name...))
	var ms int64
	switch {
	case t.Unix() < 0:
		ms = 0
	case t.Unix() > (1<<48-1)/1000: // also where UnixMilli would overflow
		ms = 1<<48 - 1
	default:
		ms = min(t.UnixMilli(), 1<<48-1)
	}
	var u uuid.UUID
	copy(u[:], sum[:16])
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(ms))
	copy(u[:6], b[2:])
	u[6] = u[6]&0x0f | 0x70
	u[8] = u[8]&0x3f | 0x80
	return u
}

// v7NameVector is one line of testdata/v7name.txt.
type v7NameVector struct {
	want uuid.UUID
	t    time.Time
	ns   uuid.UUID
	ms   uint64
	name string
}

func readV7NameVectors(t *testing.T) []v7NameVector {
	t.Helper()
	f, err := os.Open("testdata/v7name.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	namespaces := map[string]uuid.UUID{"dns": uuid.NamespaceDNS(), "url": uuid.NamespaceURL(), "oid": uuid.NamespaceOID(), "x500": uuid.NamespaceX500()}
	var vs []v7NameVector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 5 {
			t.Fatalf("v7name.txt:%d: %d fields; want 5", line, len(fields))
		}
		var v v7NameVector
		var err error
		v.want, err = uuid.Parse(fields[0])
		if err != nil {
			t.Fatalf("v7name.txt:%d: %v", line, err)
		}
		sec, frac, _ := strings.Cut(fields[1], ".")
		s, err1 := strconv.ParseInt(sec, 10, 64)
		ns, err2 := strconv.ParseInt(frac, 10, 64)
		v.ms, err = strconv.ParseUint(strings.TrimPrefix(fields[3], "0x"), 16, 64)
		ok := false
		v.ns, ok = namespaces[fields[2]]
		if err1 != nil || err2 != nil || len(frac) != 9 || err != nil || !ok || json.Unmarshal([]byte(fields[4]), &v.name) != nil {
			t.Fatalf("v7name.txt:%d: bad line %q", line, text)
		}
		v.t = time.Unix(s, ns)
		vs = append(vs, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(vs) < 10 {
		t.Fatalf("v7name.txt: %d vectors", len(vs))
	}
	return vs
}

// TestNewV7NameVectors checks NewV7Name, and the reference beside it,
// against the published vectors, and that Time reads the millisecond back.
func TestNewV7NameVectors(t *testing.T) {
	for i, v := range readV7NameVectors(t) {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			if got := uuid.NewV7Name(v.t, v.ns, v.name); got != v.want {
				t.Errorf("NewV7Name(%v, %v, %.20q) = %v; want %v", v.t, v.ns, v.name, got, v.want)
			}
			if got := refV7Name(v.t, v.ns, v.name); got != v.want {
				t.Errorf("reference(%v, %v, %.20q) = %v; want %v", v.t, v.ns, v.name, got, v.want)
			}
			at, ok := v.want.Time()
			if !ok || uint64(at.UnixMilli()) != v.ms || v.want.Version() != 7 || v.want.Variant() != uuid.VariantRFC9562 {
				t.Errorf("%v: Time() = %v, %v, version %v, variant %v; want the millisecond %#x, 7, RFC 9562", v.want, at, ok, v.want.Version(), v.want.Variant(), v.ms)
			}
			// The bits after the timestamp are those of B.2's version 8.
			v8 := uuid.NewV8Hash(sha256.New(), v.ns, v.name)
			if got := v.want; got[6]&0x0f != v8[6]&0x0f || string(got[7:]) != string(v8[7:]) {
				t.Errorf("%v: bits after the timestamp differ from NewV8Hash's %v", got, v8)
			}
		})
	}
}

// TestNewV7NameOrder checks that NewV7Name sorts by time among NewV7At's
// UUIDs: below every v7 of a later millisecond, above every v7 of an
// earlier one.
func TestNewV7NameOrder(t *testing.T) {
	base := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	for _, name := range []string{"", "a", "order-123", strings.Repeat("z", 100)} {
		u := uuid.NewV7Name(base, uuid.NamespaceURL(), name)
		if before := uuid.MaxV7(base.Add(-time.Millisecond)); u.Compare(before) <= 0 {
			t.Errorf("NewV7Name(%q) = %v; not above %v, the last v7 of the millisecond before", name, u, before)
		}
		if after := uuid.MinV7(base.Add(time.Millisecond)); u.Compare(after) >= 0 {
			t.Errorf("NewV7Name(%q) = %v; not below %v, the first v7 of the millisecond after", name, u, after)
		}
		if u.Compare(uuid.MinV7(base)) < 0 || u.Compare(uuid.MaxV7(base)) > 0 {
			t.Errorf("NewV7Name(%q) = %v; outside its millisecond's range", name, u)
		}
	}
}

// TestNewV7NameAllocs checks that names of up to 64 bytes hash without
// allocating.
func TestNewV7NameAllocs(t *testing.T) {
	at := time.Now()
	name := strings.Repeat("n", 64)
	if got := testing.AllocsPerRun(100, func() { _ = uuid.NewV7Name(at, uuid.NamespaceDNS(), name) }); got != 0 {
		t.Errorf("NewV7Name with a 64-byte name: %v allocations; want 0", got)
	}
}

// FuzzNewV7Name checks NewV7Name against the reference for any time,
// namespace and name.
func FuzzNewV7Name(f *testing.F) {
	f.Add(int64(1645557742), int64(0), uuid.NamespaceDNS().String(), "www.example.com")  // A.6's time, B.2's name
	f.Add(int64(-1), int64(999999999), uuid.Nil().String(), "")                          // before the epoch
	f.Add(int64(281474976710), int64(656000000), uuid.Max().String(), "x")               // past the last millisecond
	f.Add(int64(1<<62), int64(0), uuid.NamespaceURL().String(), strings.Repeat("é", 40)) // far past it; 80 bytes
	f.Fuzz(func(t *testing.T, sec, nsec int64, ns, name string) {
		space, err := uuid.Parse(ns)
		if err != nil {
			space = uuid.NewV8Hash(sha256.New(), uuid.Nil(), ns) // any 16 bytes will do
		}
		at := time.Unix(sec, nsec)
		got, want := uuid.NewV7Name(at, space, name), refV7Name(at, space, name)
		if got != want {
			t.Fatalf("NewV7Name(%v, %v, %q) = %v; reference says %v", at, space, name, got, want)
		}
		if back, ok := got.Time(); !ok || back.UnixMilli() != int64(binary.BigEndian.Uint64(append([]byte{0, 0}, got[:6]...))) {
			t.Fatalf("%v: Time() = %v, %v", got, back, ok)
		}
	})
}
