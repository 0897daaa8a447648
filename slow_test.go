package uuid

import (
	"encoding/hex"
	"strings"
)

// The slow references the fast code is checked against, as net/netip keeps
// its reference parser in slow_test.go: each says plainly, a byte or a
// field at a time, what the fast code computes a word or a vector at a
// time. FuzzParse compares them.

// referenceParse is a slow, obviously correct parser for the four text
// forms, built from strings.Cut and encoding/hex, against which the fast
// parser is checked.
func referenceParse(s string) (UUID, bool) {
	const urn = "urn:uuid:"
	switch {
	case len(s) == len(urn)+36 && strings.EqualFold(s[:len(urn)], urn):
		s = s[len(urn):]
	case len(s) == 38 && s[0] == '{' && s[len(s)-1] == '}':
		s = s[1 : len(s)-1]
	case len(s) == 32:
		return decodeRef(s)
	}
	if len(s) != 36 {
		return UUID{}, false
	}
	var groups []string
	rest := s
	for range 4 {
		g, r, ok := strings.Cut(rest, "-")
		if !ok {
			return UUID{}, false
		}
		groups, rest = append(groups, g), r
	}
	groups = append(groups, rest)
	for i, n := range []int{8, 4, 4, 4, 12} {
		if len(groups[i]) != n {
			return UUID{}, false
		}
	}
	return decodeRef(strings.Join(groups, ""))
}

func decodeRef(h string) (UUID, bool) {
	if len(h) != 32 || strings.ContainsAny(h, "+-") {
		return UUID{}, false
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		return UUID{}, false
	}
	return UUID(b), true
}

// scanBody finds the first byte of in that does not fit the template body,
// a byte at a time, and its kind; the kind is nil if every byte fits. It is
// the plain statement of what diagnoseBody computes a word at a time.
func scanBody[T ~string | ~[]byte](in T, body string) (offset int, kind error) {
	for i := 0; i < len(in) && i < len(body); i++ {
		if body[i] == '-' && in[i] != '-' {
			return i, ErrHyphen
		}
		if body[i] == 'x' && !isHex(in[i]) {
			return i, ErrDigit
		}
	}
	return 0, nil
}

// isHex reports whether c is a hex digit in either case.
func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f'
}
