package explore

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// docs/requirements.md says in which profiles each generated requirement
// is judged (scenarios.GeneratedRequirements); the variants must judge it
// in exactly those: never in another, and, across two hundred variants of
// two seeds, in each one the docs name.
func TestGeneratedRequirementProfilesAsDocumented(t *testing.T) {
	documented := map[string][]verdict.Profile{}
	for _, r := range scenarios.GeneratedRequirements() {
		documented[r.ID] = r.Profiles
	}
	seen := map[string][]verdict.Profile{}
	for _, seed := range []uint64{11, 42} {
		g, err := Generate(NewSpace(nil), seed, 100)
		if err != nil {
			t.Fatal(err)
		}
		scs, err := g.Scenarios()
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range scs {
			for _, r := range s.AllRequirements() {
				want, ok := documented[r.ID]
				if !ok {
					continue // a requirement every scenario judges (GEN-*), documented with the catalog's
				}
				if !slices.Contains(want, r.Profile) {
					t.Errorf("%s judges %s in profile %s; docs/requirements.md says %v", s.ID, r.ID, r.Profile, want)
				}
				if !slices.Contains(seen[r.ID], r.Profile) {
					seen[r.ID] = append(seen[r.ID], r.Profile)
				}
			}
		}
	}
	for id, want := range documented {
		for _, p := range want {
			if !slices.Contains(seen[id], p) {
				t.Errorf("%s: docs/requirements.md says it is judged in profile %s, but no variant of seeds 11 and 42 does", id, p)
			}
		}
	}
}
