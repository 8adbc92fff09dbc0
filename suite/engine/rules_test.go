package engine_test

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
	"github.com/a2a-conform/a2a-conform/suite/report/reporttest"
)

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
		{"all pass", []*report.Requirement{reporttest.Req("A", verdict.Must, verdict.Pass)}, false, false, 0},
		{"should fails", []*report.Requirement{reporttest.Req("A", verdict.Should, verdict.Fail)}, false, false, 0},
		{"should fails, strict", []*report.Requirement{reporttest.Req("A", verdict.Should, verdict.Fail)}, true, false, 1},
		{"must fails", []*report.Requirement{reporttest.Req("A", verdict.Must, verdict.Fail)}, false, false, 1},
		{"must fails, known", []*report.Requirement{reporttest.Known(reporttest.Req("A", verdict.Must, verdict.Fail), "A")}, true, false, 0},
		{"known passes: stale", []*report.Requirement{reporttest.Known(reporttest.Req("A", verdict.Must, verdict.Pass), "A")}, false, false, 1},
		{"an error beats a failure", []*report.Requirement{reporttest.Req("A", verdict.Must, verdict.Fail), reporttest.Req("B", verdict.Should, verdict.Error)}, false, false, 2},
		{"a verdict nobody set is an error", []*report.Requirement{reporttest.Req("A", verdict.Must, "")}, false, false, 2},
		{"interrupted", []*report.Requirement{reporttest.Req("A", verdict.Must, verdict.Pass)}, false, true, 2},
		{"not applicable and skipped", []*report.Requirement{reporttest.Req("A", verdict.Must, verdict.NotApplicable), reporttest.Req("B", verdict.Must, verdict.Skipped)}, false, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &report.Report{Interrupted: tc.interrupted, Selection: report.Selection{Strict: tc.strict},
				Scenarios: []*report.Scenario{{ID: "s", Requirements: tc.reqs}}}
			engine.Conclude(r)
			if r.ExitCode != tc.want {
				t.Errorf("exit code %d, want %d (summary %+v)", r.ExitCode, tc.want, r.Summary)
			}
		})
	}
}

// A bare known-failure ID is stale only when no scenario fails it.
func TestStaleKnownFailures(t *testing.T) {
	r := &report.Report{Scenarios: []*report.Scenario{
		{ID: "one", Requirements: []*report.Requirement{reporttest.Known(reporttest.Req("GEN-001", verdict.Must, verdict.Pass), "GEN-001")}},
		{ID: "two", Requirements: []*report.Requirement{reporttest.Known(reporttest.Req("GEN-001", verdict.Must, verdict.Fail), "GEN-001")}},
		{ID: "three", Requirements: []*report.Requirement{reporttest.Known(reporttest.Req("ROT-004", verdict.Should, verdict.Pass), "three/ROT-004")}},
	}}
	engine.Conclude(r)
	if got := r.Summary.StaleKnownFailures; len(got) != 1 || got[0] != "three/ROT-004" {
		t.Errorf("stale %v, want [three/ROT-004]", got)
	}
	if r.Summary.KnownFailures != 1 || r.ExitCode != 1 {
		t.Errorf("summary %+v exit %d", r.Summary, r.ExitCode)
	}
}

// A bare known failure that fails in one shard and passes in another is
// not stale over the whole run: a shard alone cannot tell, the merge does.
func TestMergeShardsConcludesTheRun(t *testing.T) {
	one, two := reporttest.Shard(1, engine.Conclude), reporttest.Shard(2, engine.Conclude)
	if two.ExitCode != report.ExitPass {
		t.Errorf("shard 2/2 alone: exit %d, summary %+v", two.ExitCode, two.Summary)
	}
	merged, err := engine.MergeShards([]*report.Report{two, one})
	if err != nil {
		t.Fatal(err)
	}
	if merged.ExitCode != report.ExitPass || merged.Summary.KnownFailures != 1 || len(merged.Summary.StaleKnownFailures) != 0 {
		t.Errorf("merged: exit %d, summary %+v", merged.ExitCode, merged.Summary)
	}
	one.Scenarios[0].Requirements[0].Verdict = verdict.Pass
	if merged, err = engine.MergeShards([]*report.Report{one, two}); err != nil || merged.ExitCode != report.ExitFail ||
		len(merged.Summary.StaleKnownFailures) != 1 {
		t.Errorf("ROT-004 passing in both shards: exit %d, summary %+v, %v; want stale, exit 1", merged.ExitCode, merged.Summary, err)
	}
}
