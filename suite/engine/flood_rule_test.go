package engine

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// In a play whose journal dropped exchanges nothing passes and nothing is
// excused, whatever the requirement: GEN-005 may not be selected, and
// what was dropped could be anything. A failure keeps its own words.
func TestDroppedEvidencePassesNothing(t *testing.T) {
	dropped := &scenarios.Evidence{Dropped: 7}
	for name, check := range map[string]func(*scenarios.Evidence) verdict.Judgement{
		"a pass": func(*scenarios.Evidence) verdict.Judgement { return verdict.Judgement{Verdict: verdict.Pass} },
		"a not-applicable": func(*scenarios.Evidence) verdict.Judgement {
			return verdict.Judgement{Verdict: verdict.NotApplicable, Reason: "no send"}
		},
	} {
		j := judgeOne(dropped, scenarios.Requirement{ID: "X-001", Check: check})
		if j.Verdict != verdict.Fail || !strings.Contains(j.Got, "7 request(s) were only counted") {
			t.Errorf("%s over dropped evidence: %s %q, want fail naming the 7 dropped", name, j.Verdict, j.Got)
		}
	}
	own := verdict.Judgement{Verdict: verdict.Fail, Want: "w", Got: "its own words"}
	if j := judgeOne(dropped, scenarios.Requirement{ID: "X-002", Check: func(*scenarios.Evidence) verdict.Judgement { return own }}); j.Got != own.Got || j.Want != own.Want || j.Verdict != own.Verdict {
		t.Errorf("a failure over dropped evidence became %s %q", j.Verdict, j.Got)
	}
	pass := func(*scenarios.Evidence) verdict.Judgement { return verdict.Judgement{Verdict: verdict.Pass} }
	if j := judgeOne(&scenarios.Evidence{}, scenarios.Requirement{ID: "X-003", Check: pass}); j.Verdict != verdict.Pass {
		t.Errorf("nothing dropped: %s, want pass", j.Verdict)
	}
}
