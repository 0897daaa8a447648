package difftest

import (
	"encoding/json"
	"strconv"
	"testing"

	cgofrs "github.com/afb7af96/uuid/compat/gofrs/uuid"
	cgoogle "github.com/afb7af96/uuid/compat/google/uuid"
	gofrs "github.com/gofrs/uuid/v5"
	google "github.com/google/uuid"
)

// textCount is how many texts each parse entry point is given.
const textCount = 100_000

// TestTextGoogle gives every text entry point of google/uuid and of
// compat/google/uuid the same mutated texts.
func TestTextGoogle(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "google"
	for _, s := range texts(textCount) {
		gu, gerr := google.Parse(s)
		cu, cerr := cgoogle.Parse(s)
		c.compare(lib, "Parse", s, outcome(cu, cerr), outcome(gu, gerr))
		if cerr != nil && gerr != nil {
			c.compare(lib, "Parse.errtext", s, cerr.Error(), gerr.Error())
		}
		c.compare(lib, "IsInvalidLengthError(Parse)", s,
			strconv.FormatBool(cgoogle.IsInvalidLengthError(cerr)), strconv.FormatBool(google.IsInvalidLengthError(gerr)))

		gu, gerr = google.ParseBytes([]byte(s))
		cu, cerr = cgoogle.ParseBytes([]byte(s))
		c.compare(lib, "ParseBytes", s, outcome(cu, cerr), outcome(gu, gerr))
		c.compare(lib, "IsInvalidLengthError(ParseBytes)", s,
			strconv.FormatBool(cgoogle.IsInvalidLengthError(cerr)), strconv.FormatBool(google.IsInvalidLengthError(gerr)))

		gerr, cerr = google.Validate(s), cgoogle.Validate(s)
		c.compare(lib, "Validate", s, outcome("", cerr), outcome("", gerr))
		c.compare(lib, "IsInvalidLengthError(Validate)", s,
			strconv.FormatBool(cgoogle.IsInvalidLengthError(cerr)), strconv.FormatBool(google.IsInvalidLengthError(gerr)))

		// MustParse: the panic value, with the error's own text (compared
		// above) replaced by the library's.
		gp := panicValue(func() { google.MustParse(s) })
		cp := panicValue(func() { cgoogle.MustParse(s) })
		if gerr != nil {
			gp = "panic string uuid: Parse(" + s + "): " + errText(ourParseErr(s))
		}
		c.compare(lib, "MustParse", s, cp, gp)

		// UnmarshalText into a UUID that holds a value already.
		gx, cx := google.Max, cgoogle.Max
		gerr, cerr = gx.UnmarshalText([]byte(s)), cx.UnmarshalText([]byte(s))
		c.compare(lib, "UnmarshalText", s, outcome(cx, cerr), outcome(gx, gerr))
		c.compare(lib, "IsInvalidLengthError(UnmarshalText)", s,
			strconv.FormatBool(cgoogle.IsInvalidLengthError(cerr)), strconv.FormatBool(google.IsInvalidLengthError(gerr)))

		// Scan of the text as a string and as []byte.
		for _, src := range []any{s, []byte(s)} {
			gx, cx = google.Max, cgoogle.Max
			gerr, cerr = gx.Scan(src), cx.Scan(src)
			c.compare(lib, "Scan", src, outcome(cx, cerr), outcome(gx, gerr))
			c.compare(lib, "IsInvalidLengthError(Scan)", src,
				strconv.FormatBool(cgoogle.IsInvalidLengthError(cerr)), strconv.FormatBool(google.IsInvalidLengthError(gerr)))
			gn, cn := google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
			gerr, cerr = gn.Scan(src), cn.Scan(src)
			c.compare(lib, "NullUUID.Scan", src, outcome(cn, cerr), outcome(gn, gerr))
		}

		// The binary entry points, given the text's bytes.
		gu, gerr = google.FromBytes([]byte(s))
		cu, cerr = cgoogle.FromBytes([]byte(s))
		c.compare(lib, "FromBytes", []byte(s), outcome(cu, cerr), outcome(gu, gerr))
		gx, cx = google.Max, cgoogle.Max
		gerr, cerr = gx.UnmarshalBinary([]byte(s)), cx.UnmarshalBinary([]byte(s))
		c.compare(lib, "UnmarshalBinary", []byte(s), outcome(cx, cerr), outcome(gx, gerr))
		gbn, cbn := google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr = gbn.UnmarshalBinary([]byte(s)), cbn.UnmarshalBinary([]byte(s))
		c.compare(lib, "NullUUID.UnmarshalBinary", []byte(s), outcome(cbn, cerr), outcome(gbn, gerr))

		// The NullUUID text methods.
		gn, cn := google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr = gn.UnmarshalText([]byte(s)), cn.UnmarshalText([]byte(s))
		c.compare(lib, "NullUUID.UnmarshalText", s, outcome(cn, cerr), outcome(gn, gerr))

		// JSON: the text as a JSON string, through encoding/json, into a
		// UUID and a NullUUID that hold values already.
		data, _ := json.Marshal(s)
		gx, cx = google.Max, cgoogle.Max
		gerr, cerr = json.Unmarshal(data, &gx), json.Unmarshal(data, &cx)
		c.compare(lib, "json.Unmarshal(UUID)", s, outcome(cx, cerr), outcome(gx, gerr))
		c.compare(lib, "IsInvalidLengthError(json.Unmarshal)", s,
			strconv.FormatBool(cgoogle.IsInvalidLengthError(cerr)), strconv.FormatBool(google.IsInvalidLengthError(gerr)))
		gn, cn = google.NullUUID{UUID: google.Max, Valid: true}, cgoogle.NullUUID{UUID: cgoogle.Max, Valid: true}
		gerr, cerr = json.Unmarshal(data, &gn), json.Unmarshal(data, &cn)
		c.compare(lib, "json.Unmarshal(NullUUID)", s, outcome(cn, cerr), outcome(gn, gerr))
	}
}

// ourParseErr is the library's error for s.
func ourParseErr(s string) error {
	_, err := cgoogle.Parse(s)
	return err
}

// TestTextGofrs gives every text entry point of gofrs/uuid and of
// compat/gofrs/uuid the same mutated texts.
func TestTextGofrs(t *testing.T) {
	t.Parallel()
	c := newChecker(t)
	const lib = "gofrs"
	for _, s := range texts(textCount) {
		fu, ferr := gofrs.FromString(s)
		cu, cerr := cgofrs.FromString(s)
		c.compare(lib, "FromString", s, outcome(cu, cerr), outcome(fu, ferr))
		if cerr != nil && ferr != nil {
			c.compare(lib, "FromString.errtext", s, cerr.Error(), ferr.Error())
		}
		c.compare(lib, "FromStringOrNil", s, cgofrs.FromStringOrNil(s).String(), gofrs.FromStringOrNil(s).String())

		fu, ferr = gofrs.FromBytes([]byte(s))
		cu, cerr = cgofrs.FromBytes([]byte(s))
		c.compare(lib, "FromBytes", []byte(s), outcome(cu, cerr), outcome(fu, ferr))
		c.compare(lib, "FromBytesOrNil", []byte(s), cgofrs.FromBytesOrNil([]byte(s)).String(), gofrs.FromBytesOrNil([]byte(s)).String())
		fx, cx := gofrs.Max, cgofrs.Max
		ferr, cerr = fx.UnmarshalBinary([]byte(s)), cx.UnmarshalBinary([]byte(s))
		c.compare(lib, "UnmarshalBinary", []byte(s), outcome(cx, cerr), outcome(fx, ferr))

		fx, cx = gofrs.Max, cgofrs.Max
		ferr, cerr = fx.UnmarshalText([]byte(s)), cx.UnmarshalText([]byte(s))
		c.compare(lib, "UnmarshalText", s, outcome(cx, cerr), outcome(fx, ferr))

		for _, src := range []any{s, []byte(s)} {
			fx, cx = gofrs.Max, cgofrs.Max
			ferr, cerr = fx.Scan(src), cx.Scan(src)
			c.compare(lib, "Scan", src, outcome(cx, cerr), outcome(fx, ferr))
			fn, cn := gofrs.NullUUID{UUID: gofrs.Max, Valid: true}, cgofrs.NullUUID{UUID: cgofrs.Max, Valid: true}
			ferr, cerr = fn.Scan(src), cn.Scan(src)
			c.compare(lib, "NullUUID.Scan", src, outcome(cn, cerr), outcome(fn, ferr))
		}

		data, _ := json.Marshal(s)
		fx, cx = gofrs.Max, cgofrs.Max
		ferr, cerr = json.Unmarshal(data, &fx), json.Unmarshal(data, &cx)
		c.compare(lib, "json.Unmarshal(UUID)", s, outcome(cx, cerr), outcome(fx, ferr))
		fn, cn := gofrs.NullUUID{UUID: gofrs.Max, Valid: true}, cgofrs.NullUUID{UUID: cgofrs.Max, Valid: true}
		ferr, cerr = json.Unmarshal(data, &fn), json.Unmarshal(data, &cn)
		c.compare(lib, "json.Unmarshal(NullUUID)", s, outcome(cn, cerr), outcome(fn, ferr))
	}
}
