package scenarios

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// RequirementSet is the catalog's requirements as one suite release
// publishes them (fixtures/requirements/vVERSION.json): each release's set
// is generated, checked in and never changed again, so a vendor can pin
// the exact requirements a report of that version judged.
type RequirementSet struct {
	SuiteVersion  string   `json:"suiteVersion"`
	SpecRevisions []string `json:"specRevisions"`
	// SpecRefsPinnedTo is the spec tag every spec section number cites.
	SpecRefsPinnedTo string `json:"specRefsPinnedTo"`
	// Digest is the SHA-256 of Requirements as JSON: two sets with one
	// digest judge the same requirements.
	Digest       string           `json:"digest"`
	Requirements []SetRequirement `json:"requirements"`
}

// SetRequirement is one requirement of a set.
type SetRequirement struct {
	ID           string          `json:"id"`
	Level        verdict.Level   `json:"level"`
	Profile      verdict.Profile `json:"profile"`
	SpecVersions []string        `json:"specVersions"`
	Control      bool            `json:"control,omitempty"`
	// Scenarios are the scenarios that judge it ("*": every scenario).
	Scenarios []string `json:"scenarios"`
	Text      string   `json:"text"`
	Ref       string   `json:"ref"`
}

// CurrentRequirementSet is the set of this catalog for suite version v.
func CurrentRequirementSet(v string) RequirementSet {
	set := RequirementSet{SuiteVersion: v, SpecRevisions: SpecRevisions(), SpecRefsPinnedTo: SpecVersion}
	add := func(r Requirement, scenario string) {
		i := slices.IndexFunc(set.Requirements, func(s SetRequirement) bool { return s.ID == r.ID })
		if i < 0 {
			set.Requirements = append(set.Requirements, SetRequirement{ID: r.ID, Level: r.Level, Profile: r.Profile,
				SpecVersions: r.Revisions(), Control: r.Control, Text: r.Text, Ref: r.Ref})
			i = len(set.Requirements) - 1
		}
		set.Requirements[i].Scenarios = append(set.Requirements[i].Scenarios, scenario)
	}
	for _, sc := range Catalog() {
		for _, r := range sc.Requirements {
			add(r, sc.ID)
		}
	}
	for _, r := range General() {
		add(r, "*")
	}
	raw, _ := json.Marshal(set.Requirements) // plain data: cannot fail
	sum := sha256.Sum256(raw)
	set.Digest = hex.EncodeToString(sum[:])
	return set
}
