package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

func TestSelection(t *testing.T) {
	sc := lookup(t, "rotation-during-send")
	notROT004 := func(labels []string) bool { return !slices.Contains(labels, "req:ROT-004") }
	for _, tc := range []struct {
		name string
		sel  Selection
		want []string
	}{
		{"everything", Selection{}, []string{"ROT-001", "ROT-002", "ROT-003", "ROT-004", "ROT-005", "GEN-001", "GEN-002", "GEN-003", "GEN-004", "GEN-005", "CRED-012", "CRED-019"}},
		{"must", Selection{Level: verdict.Must}, []string{"ROT-001", "ROT-002", "ROT-003", "ROT-004", "ROT-005", "GEN-001", "GEN-002", "GEN-003", "GEN-004", "GEN-005", "CRED-012", "CRED-019"}},
		{"general", Selection{Profiles: []verdict.Profile{verdict.ProfileGeneral}}, []string{"GEN-001", "GEN-002", "GEN-003", "GEN-004", "GEN-005", "CRED-012", "CRED-019"}},
		{"label filter", Selection{LabelFilter: "!req:ROT-004", Match: notROT004}, []string{"ROT-001", "ROT-002", "ROT-003", "ROT-005", "GEN-001", "GEN-002", "GEN-003", "GEN-004", "GEN-005", "CRED-012", "CRED-019"}},
		{"core and should", Selection{Profiles: []verdict.Profile{verdict.ProfileCore}, Level: verdict.Should}, []string{"ROT-001", "ROT-002", "ROT-003", "ROT-004", "ROT-005"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := requirementsWhere(sc, tc.sel.Selects); !slices.Equal(got, tc.want) {
				t.Errorf("selected %v, want %v", got, tc.want)
			}
		})
	}
}

// A selection never leaves out the positive controls of a scenario it
// plays: ROT-005 comes with ROT-001.
func TestJudgesBringsPositiveControls(t *testing.T) {
	sc := lookup(t, "rotation-during-send")
	if err := (Selection{SpecVersion: "1.0"}).Validate(); err != nil {
		t.Errorf("spec version 1.0: %v", err)
	}
	if err := (Selection{SpecVersion: "1.1"}).Validate(); err == nil || !strings.Contains(err.Error(), "judges 1.0 clients") {
		t.Errorf("spec version 1.1: %v, want a usage error naming 1.0", err)
	}
	rot := scenarios.Requirement{ID: "X-1", Level: verdict.Must, SpecVersions: []string{"1.1"}}
	if (Selection{SpecVersion: "1.0"}).Selects(&scenarios.Scenario{ID: "s"}, rot) {
		t.Error("a 1.1 requirement is selected by --spec-version 1.0")
	}
	onlyROT001 := Selection{LabelFilter: "req:ROT-001", Match: func(labels []string) bool { return slices.Contains(labels, "req:ROT-001") }}
	general := Selection{Profiles: []verdict.Profile{verdict.ProfileGeneral}}
	other := Selection{LabelFilter: "scenario:no-validator", Match: func(labels []string) bool { return slices.Contains(labels, "scenario:no-validator") }}
	for _, tc := range []struct {
		name string
		sel  Selection
		want []string
	}{
		{"one requirement", onlyROT001, []string{"ROT-001", "ROT-005"}},
		{"general alone", general, []string{"ROT-005", "GEN-001", "GEN-002", "GEN-003", "GEN-004", "GEN-005", "CRED-012", "CRED-019"}},
		{"another scenario", other, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := requirementsWhere(sc, tc.sel.Judges); !slices.Equal(got, tc.want) {
				t.Errorf("judged %v, want %v", got, tc.want)
			}
		})
	}
}

// requirementsWhere lists the IDs of sc's requirements that keep keeps, in
// catalog order.
func requirementsWhere(sc *scenarios.Scenario, keep func(*scenarios.Scenario, scenarios.Requirement) bool) []string {
	var ids []string
	for _, r := range sc.AllRequirements() {
		if keep(sc, r) {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

func TestSelectionValidate(t *testing.T) {
	for name, sel := range map[string]Selection{
		"unknown profile":   {Profiles: []verdict.Profile{"fast"}},
		"unknown level":     {Level: "often"},
		"uncompiled filter": {LabelFilter: "req:GEN-001"},
	} {
		var ue *UsageError
		if err := sel.Validate(); !errors.As(err, &ue) {
			t.Errorf("%s: err %v, want a *UsageError", name, err)
		}
	}
}

// A selection that matches nothing because its filter names a scenario the
// catalog lacks is refused with that name: most likely a typo.
func TestNoMatchNamesTheUnknownScenario(t *testing.T) {
	for _, tc := range []struct {
		labels []string
		want   string
	}{
		{[]string{"rotation-during-send", "no-such"}, `engine: no scenario "no-such"; see a2a-conform list`},
		{[]string{"Rotation-During-Send"}, "engine: the selection matches no requirement (see `a2a-conform list` with the same flags)"},
		{nil, "engine: the selection matches no requirement (see `a2a-conform list` with the same flags)"},
	} {
		err := Selection{ScenarioLabels: tc.labels}.NoMatch(scenarios.Catalog())
		var ue *UsageError
		if !errors.As(err, &ue) || err.Error() != tc.want {
			t.Errorf("%v: err %v, want the usage error %q", tc.labels, err, tc.want)
		}
	}
}
