package suite

import (
	"fmt"

	"github.com/onsi/gomega/types"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// Pass succeeds when a judged requirement (*report.Requirement) passed.
// Its failure message is the verdict's own evidence: the requirement, want
// and got, the cited exchanges, the client's outcome and a doc link; for a
// harness error, what broke.
func Pass() types.GomegaMatcher { return passMatcher{} }

type passMatcher struct{}

func (passMatcher) Match(actual any) (bool, error) {
	rr, ok := actual.(*report.Requirement)
	if !ok || rr == nil {
		return false, fmt.Errorf("suite.Pass expects a non-nil *report.Requirement, got %T", actual)
	}
	return rr.Verdict == verdict.Pass, nil
}

func (passMatcher) FailureMessage(actual any) string {
	rr := actual.(*report.Requirement)
	if rr.Message != "" {
		return rr.Message
	}
	return fmt.Sprintf("%s [%s] %s\n  verdict: %s\n  %s\n", rr.ID, rr.Level, rr.Text, rr.Verdict, rr.Reason)
}

func (passMatcher) NegatedFailureMessage(actual any) string {
	rr := actual.(*report.Requirement)
	return fmt.Sprintf("%s [%s] passed, but it was expected not to", rr.ID, rr.Level)
}
