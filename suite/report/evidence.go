package report

import (
	"regexp"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Run-specific details scrubbed from evidence lines on the results page:
// loopback origins carry ephemeral ports, contract hashes follow them.
var (
	originPattern = regexp.MustCompile(`https?://(127\.\d+\.\d+\.\d+|\[::1\]|localhost):\d+`)
	hashPattern   = regexp.MustCompile(`\b[0-9a-f]{64}\b`)
)

func scrub(s string) string {
	s = originPattern.ReplaceAllString(s, "https://<peer>")
	return hashPattern.ReplaceAllString(s, "<hash>")
}

// verdictText is the verdict as the results page shows it.
func verdictText(req *Requirement) string {
	switch req.Verdict {
	case verdict.Fail:
		if req.KnownFailure {
			return "**fail** (known)"
		}
		return "**fail**"
	case verdict.NotApplicable:
		return "n/a"
	}
	return string(req.Verdict)
}

// evidence is one line that says why: the reviewed known-failure reason
// for an expected failure, what was observed for any other failure, the
// check's reason when it did not apply, the client's outcome for a pass.
func evidence(sc *Scenario, req *Requirement) string {
	switch req.Verdict {
	case verdict.Fail:
		if req.KnownFailure {
			return req.KnownReason
		}
		if req.Got != "" {
			return "got " + scrub(req.Got)
		}
		return scrub(req.Reason)
	case verdict.Pass:
		return "client reported " + outcomeOf(sc)
	}
	return scrub(req.Reason)
}

// outcomeOf is the client's outcome and reason in a scenario, or why there
// was none; never its detail, which is free text.
func outcomeOf(sc *Scenario) string {
	switch {
	case sc == nil:
		return "not in this run"
	case !sc.Played:
		return "not played"
	case len(sc.Tasks) > 1:
		var each []string
		for _, t := range sc.Tasks {
			each = append(each, taskOutcome(t.Outcome, t.OutcomeProblem))
		}
		return strings.Join(each, " → ")
	case sc.Outcome == nil:
		return "no outcome (" + sc.OutcomeProblem + ")"
	}
	out := sc.Outcome.Short()
	var notes []string
	if sc.ClientTimedOut {
		notes = append(notes, "killed at its deadline")
	}
	if sc.ClientCrashed {
		notes = append(notes, "crashed")
	}
	if len(notes) > 0 {
		out += " (" + strings.Join(notes, ", ") + ")"
	}
	return out
}

func taskOutcome(o *driver.Outcome, problem string) string {
	if o == nil {
		return "no outcome (" + problem + ")"
	}
	return o.Short()
}
