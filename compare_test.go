package uuid_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/afb7af96/uuid"
)

func TestCompare(t *testing.T) {
	ids := []uuid.UUID{uuid.Max(), uuid.MustParse(good), uuid.Nil(), uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"),
		uuid.MustParse("017f22e2-79b0-7cc3-98c4-dc0c0c07398e"), uuid.MustParse("80000000-0000-0000-0000-000000000000"),
		uuid.MustParse("7fffffff-ffff-ffff-ffff-ffffffffffff"), uuid.MustParse("00000000-0000-0000-8000-000000000000")}
	for _, a := range ids {
		for _, b := range ids {
			want := strings.Compare(a.String(), b.String())
			if got := a.Compare(b); got != want {
				t.Errorf("%v.Compare(%v) = %d; want %d", a, b, got, want)
			}
		}
	}
	slices.SortFunc(ids, uuid.UUID.Compare)
	if !slices.IsSortedFunc(ids, func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) }) {
		t.Errorf("SortFunc(Compare) not in string order: %v", ids)
	}
}
