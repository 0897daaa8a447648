package uuid

import (
	"slices"
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	ids := []UUID{Max(), MustParse(good), Nil(), MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
		MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398e"), MustParse("80000000-0000-0000-0000-000000000000"),
		MustParse("7fffffff-ffff-ffff-ffff-ffffffffffff"), MustParse("00000000-0000-0000-8000-000000000000")}
	for _, a := range ids {
		for _, b := range ids {
			want := strings.Compare(a.String(), b.String())
			if got := a.Compare(b); got != want {
				t.Errorf("%v.Compare(%v) = %d; want %d", a, b, got, want)
			}
			if a.Less(b) != (want < 0) {
				t.Errorf("%v.Less(%v) = %v", a, b, a.Less(b))
			}
		}
	}
	slices.SortFunc(ids, UUID.Compare)
	if !slices.IsSortedFunc(ids, func(a, b UUID) int { return strings.Compare(a.String(), b.String()) }) {
		t.Errorf("SortFunc(Compare) not in string order: %v", ids)
	}
}
