package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Selection says which requirements a run judges: the profiles, the
// weakest level, and a label filter. `run` and `list` share it, and the
// Ginkgo front selects with the same labels. The zero Selection selects
// everything.
type Selection struct {
	// Profiles to run; empty means all.
	Profiles []verdict.Profile
	// Level is the weakest level to run; "" means MAY (everything).
	Level verdict.Level
	// LabelFilter is the filter's text, as the user wrote it (recorded in
	// the report); Match is that filter compiled. The engine knows no
	// filter language: the front that parses LabelFilter sets Match.
	LabelFilter string
	Match       func(labels []string) bool
	// ScenarioLabels are the scenario IDs the filter names in scenario:
	// labels, set with Match: they tell a typo from a selection that just
	// matches nothing (NoMatch).
	ScenarioLabels []string
	// SpecVersion, if set, judges only the requirements that apply to that
	// A2A revision ("1.0"; scenarios.Requirement.Revisions).
	SpecVersion string
}

// Validate checks the profiles, the level and that a filter's text came
// with its compiled form.
func (s Selection) Validate() error {
	for _, p := range s.Profiles {
		if !slices.Contains(verdict.Profiles(), p) {
			return &UsageError{fmt.Sprintf("unknown profile %q (want one of %v)", p, verdict.Profiles())}
		}
	}
	if s.Level != "" {
		if _, err := verdict.ParseLevel(string(s.Level)); err != nil {
			return &UsageError{err.Error()}
		}
	}
	if s.SpecVersion != "" && !slices.Contains(scenarios.SpecRevisions(), s.SpecVersion) {
		return &UsageError{fmt.Sprintf("no requirement of this suite applies to A2A %s (it judges %s clients)",
			quote(s.SpecVersion), strings.Join(scenarios.SpecRevisions(), ", "))}
	}
	if strings.TrimSpace(s.LabelFilter) != "" && s.Match == nil {
		return &UsageError{"label filter " + quote(s.LabelFilter) + " was not compiled"}
	}
	return nil
}

// Selects reports whether requirement r of scenario sc is judged.
func (s Selection) Selects(sc *scenarios.Scenario, r scenarios.Requirement) bool {
	if len(s.Profiles) > 0 && !slices.Contains(s.Profiles, r.Profile) {
		return false
	}
	if s.Level != "" && !r.Level.AtLeast(s.Level) {
		return false
	}
	if s.SpecVersion != "" && !slices.Contains(r.Revisions(), s.SpecVersion) {
		return false
	}
	return s.Match == nil || s.Match(Labels(sc, r))
}

// Judges reports whether requirement r of scenario sc is judged: selected,
// or a positive control of a scenario with a selected requirement. A
// scenario is never played without its controls, so no selection, however
// narrow, is passed by a client that does nothing (the abort a mission
// requirement asks for is also what a client that never tries reports).
func (s Selection) Judges(sc *scenarios.Scenario, r scenarios.Requirement) bool {
	if s.Selects(sc, r) {
		return true
	}
	return r.Control && slices.ContainsFunc(sc.AllRequirements(), func(o scenarios.Requirement) bool { return s.Selects(sc, o) })
}

// Labels are the labels of a requirement in a scenario: what a label
// filter selects on, and the Ginkgo labels of its spec.
func Labels(sc *scenarios.Scenario, r scenarios.Requirement) []string {
	catalog := "catalog:fixed"
	if sc.Params != nil {
		catalog = "catalog:explore" // a generated variant (run --explore)
	}
	labels := []string{
		"level:" + strings.ToLower(string(r.Level)),
		"profile:" + string(r.Profile),
		"scenario:" + sc.ID,
		"req:" + r.ID,
		catalog,
	}
	for _, v := range r.Revisions() {
		labels = append(labels, "spec:"+v)
	}
	return labels
}

// NoMatch is the refusal of a selection that judges no requirement of
// catalog: it names a scenario of the filter that catalog lacks, most
// likely a typo, before blaming the selection as a whole.
func (s Selection) NoMatch(catalog []*scenarios.Scenario) error {
	for _, id := range s.ScenarioLabels {
		if !slices.ContainsFunc(catalog, func(sc *scenarios.Scenario) bool { return strings.EqualFold(sc.ID, id) }) {
			return &UsageError{fmt.Sprintf("no scenario %q; see a2a-conform list", id)}
		}
	}
	return &UsageError{"the selection matches no requirement (see `a2a-conform list` with the same flags)"}
}

// UsageError is a problem of the run's configuration (exit code 2), found
// before anything is played.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return "engine: " + e.Msg }

func quote(s string) string { return fmt.Sprintf("%q", s) }
