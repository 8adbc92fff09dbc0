package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// The engine is the one place a verdict is set or changed. A requirement's
// check judges its evidence (scenarios); judgeOne makes anything but a
// pass, a fail or a not-applicable an error and applies the flood rule;
// Conclude applies what spans the whole run (binding claims) and finds the
// stale known failures; the report counts what was decided, and the
// report's renderers and the Ginkgo front show it.

// floodRule: in a play whose journal dropped exchanges (a flood past its
// compact limit) nothing passes and nothing is excused, whatever the
// selection: without GEN-005, a flood would hide what followed it from
// every other check, and excuse nothing either. A failure keeps its own
// words.
func floodRule(ev *scenarios.Evidence, j verdict.Judgement) verdict.Judgement {
	if ev.Dropped == 0 || j.Verdict == verdict.Fail {
		return j
	}
	return verdict.Judgement{Verdict: verdict.Fail,
		Want: "every request of the scenario journaled, so that it can be judged",
		Got: fmt.Sprintf("%d request(s) were only counted: the client sent more than the farm journals, "+
			"and what they were is unknown", ev.Dropped)}
}

// Conclude decides what only the whole run can: a claim to speak none of
// the bindings offered that another scenario refutes fails
// (refuteBindingClaims), and a known failure judged and never failed is
// stale (StaleKnownFailures); then the report counts the verdicts and
// takes its exit code (report.Finish).
func Conclude(r *report.Report) {
	refuteBindingClaims(r)
	r.Finish(StaleKnownFailures(r))
}

// MergeShards merges the reports of every shard of one run (report.Merge)
// and concludes the whole run over them, so that a known failure, a
// staleness or a binding claim that spans shards is judged over the run.
func MergeShards(shards []*report.Report) (*report.Report, error) {
	merged, err := report.Merge(shards)
	if err != nil {
		return nil, err
	}
	Conclude(merged)
	return merged, nil
}

// ListedAndPassed reports whether rr passed while the known-failures file
// lists it under its scenario (scenario/ID): that entry is stale as soon
// as it passes, and the run fails for it. An entry by bare ID may still
// fail in another scenario: only the whole run can call it stale
// (StaleKnownFailures).
func ListedAndPassed(rr *report.Requirement) bool {
	return rr.Verdict == verdict.Pass && rr.KnownFailure && strings.Contains(rr.KnownKey, "/")
}

// StaleKnownFailures are the known-failures entries whose requirement was
// judged and never failed: the file is stale, and the run fails for it.
func StaleKnownFailures(r *report.Report) []string {
	judged, failedKeys := map[string]bool{}, map[string]bool{}
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			if req.KnownFailure && (req.Verdict == verdict.Pass || req.Verdict == verdict.Fail) {
				judged[req.KnownKey] = true
				failedKeys[req.KnownKey] = failedKeys[req.KnownKey] || req.Verdict == verdict.Fail
			}
		}
	}
	var stale []string
	for key := range judged {
		// A bare ID may fail in a scenario of another shard: only the
		// merged report can call it stale.
		if r.Shard != nil && !strings.Contains(key, "/") {
			continue
		}
		if !failedKeys[key] {
			stale = append(stale, key)
		}
	}
	slices.Sort(stale)
	return stale
}
