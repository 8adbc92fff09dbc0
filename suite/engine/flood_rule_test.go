package engine

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios"
)

// In a play whose journal dropped exchanges nothing passes and nothing is
// excused, whatever the requirement: GEN-005 may not be selected, and
// what was dropped could be anything. A failure keeps its own words.
func TestDroppedEvidencePassesNothing(t *testing.T) {
	dropped := &scenarios.Evidence{Dropped: 7}
	for name, check := range map[string]func(*scenarios.Evidence) scenarios.Judgement{
		"a pass": func(*scenarios.Evidence) scenarios.Judgement { return scenarios.Judgement{Verdict: scenarios.Pass} },
		"a not-applicable": func(*scenarios.Evidence) scenarios.Judgement {
			return scenarios.Judgement{Verdict: scenarios.NotApplicable, Reason: "no send"}
		},
	} {
		j := judgeOne(dropped, scenarios.Requirement{ID: "X-001", Check: check})
		if j.Verdict != scenarios.Fail || !strings.Contains(j.Got, "7 request(s) were only counted") {
			t.Errorf("%s over dropped evidence: %s %q, want fail naming the 7 dropped", name, j.Verdict, j.Got)
		}
	}
	own := scenarios.Judgement{Verdict: scenarios.Fail, Want: "w", Got: "its own words"}
	if j := judgeOne(dropped, scenarios.Requirement{ID: "X-002", Check: func(*scenarios.Evidence) scenarios.Judgement { return own }}); j.Got != own.Got || j.Want != own.Want || j.Verdict != own.Verdict {
		t.Errorf("a failure over dropped evidence became %s %q", j.Verdict, j.Got)
	}
	pass := func(*scenarios.Evidence) scenarios.Judgement { return scenarios.Judgement{Verdict: scenarios.Pass} }
	if j := judgeOne(&scenarios.Evidence{}, scenarios.Requirement{ID: "X-003", Check: pass}); j.Verdict != scenarios.Pass {
		t.Errorf("nothing dropped: %s, want pass", j.Verdict)
	}
}
