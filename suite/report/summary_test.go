package report_test

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

func req(id string, level verdict.Level, v verdict.Verdict) *report.Requirement {
	return &report.Requirement{ID: id, Level: level, Verdict: v}
}

func known(r *report.Requirement, key string) *report.Requirement {
	r.KnownFailure, r.KnownKey, r.KnownReason = true, key, "reviewed"
	return r
}

// The exit code rules of SPEC §4: an error anywhere is 2 whatever else
// happened; an unlisted MUST failure or a stale known failure is 1.
func TestFinishExitCodes(t *testing.T) {
	for _, tc := range []struct {
		name        string
		reqs        []*report.Requirement
		strict      bool
		interrupted bool
		want        int
	}{
		{"all pass", []*report.Requirement{req("A", verdict.Must, verdict.Pass)}, false, false, 0},
		{"should fails", []*report.Requirement{req("A", verdict.Should, verdict.Fail)}, false, false, 0},
		{"should fails, strict", []*report.Requirement{req("A", verdict.Should, verdict.Fail)}, true, false, 1},
		{"must fails", []*report.Requirement{req("A", verdict.Must, verdict.Fail)}, false, false, 1},
		{"must fails, known", []*report.Requirement{known(req("A", verdict.Must, verdict.Fail), "A")}, true, false, 0},
		{"known passes: stale", []*report.Requirement{known(req("A", verdict.Must, verdict.Pass), "A")}, false, false, 1},
		{"an error beats a failure", []*report.Requirement{req("A", verdict.Must, verdict.Fail), req("B", verdict.Should, verdict.Error)}, false, false, 2},
		{"a verdict nobody set is an error", []*report.Requirement{req("A", verdict.Must, "")}, false, false, 2},
		{"interrupted", []*report.Requirement{req("A", verdict.Must, verdict.Pass)}, false, true, 2},
		{"not applicable and skipped", []*report.Requirement{req("A", verdict.Must, verdict.NotApplicable), req("B", verdict.Must, verdict.Skipped)}, false, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &report.Report{Interrupted: tc.interrupted, Selection: report.Selection{Strict: tc.strict},
				Scenarios: []*report.Scenario{{ID: "s", Requirements: tc.reqs}}}
			r.Finish()
			if r.ExitCode != tc.want {
				t.Errorf("exit code %d, want %d (summary %+v)", r.ExitCode, tc.want, r.Summary)
			}
		})
	}
}

// A bare known-failure ID is stale only when no scenario fails it.
func TestStaleKnownFailures(t *testing.T) {
	r := &report.Report{Scenarios: []*report.Scenario{
		{ID: "one", Requirements: []*report.Requirement{known(req("GEN-001", verdict.Must, verdict.Pass), "GEN-001")}},
		{ID: "two", Requirements: []*report.Requirement{known(req("GEN-001", verdict.Must, verdict.Fail), "GEN-001")}},
		{ID: "three", Requirements: []*report.Requirement{known(req("ROT-004", verdict.Should, verdict.Pass), "three/ROT-004")}},
	}}
	r.Finish()
	if got := r.Summary.StaleKnownFailures; len(got) != 1 || got[0] != "three/ROT-004" {
		t.Errorf("stale %v, want [three/ROT-004]", got)
	}
	if r.Summary.KnownFailures != 1 || r.ExitCode != 1 {
		t.Errorf("summary %+v exit %d", r.Summary, r.ExitCode)
	}
}
