package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// refuteBindingClaims fails the scenarios whose client claimed to speak
// none of the bindings offered (Scenario.NoOfferedBinding, every
// requirement not applicable) while, in another scenario of the same run,
// it spoke one of them. What a client speaks is a property of the client,
// not of a scenario: a client that opts out of the scenarios it would fail
// by claiming binding-unsupported must not pass the rest. It runs on the
// whole report, so that a merge of shards judges what a whole run does.
func refuteBindingClaims(r *Report) {
	offered := r.Selection.Bindings
	spokenIn := map[string]string{} // binding → first scenario that used it
	for _, sc := range r.Scenarios {
		for _, b := range sc.Bindings {
			if _, seen := spokenIn[b]; !seen && sc.Played && slices.Contains(offered, b) {
				spokenIn[b] = sc.ID
			}
		}
	}
	if len(spokenIn) == 0 {
		return
	}
	var spoken []string
	for b, id := range spokenIn {
		spoken = append(spoken, b+" (in "+id+")")
	}
	slices.Sort(spoken)
	for _, sc := range r.Scenarios {
		if !sc.Played || !sc.NoOfferedBinding {
			continue
		}
		for _, req := range sc.Requirements {
			if req.Verdict != verdict.NotApplicable {
				continue
			}
			req.Verdict = verdict.Fail
			req.Want = "the bindings a client speaks are the same in every scenario of a run"
			req.Got = "aborted with binding-unsupported here, but spoke " + strings.Join(spoken, ", ")
			req.Reason = ""
			req.Message = fmt.Sprintf("%s %s\n  %s: the client claimed to speak none of the bindings offered (%s), "+
				"yet spoke %s in this run: the claim is refuted, and the scenario is judged failed, not excused.",
				req.ID, req.Text, sc.ID, strings.Join(offered, ", "), strings.Join(spoken, ", "))
		}
	}
}
