package scenarios

import (
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Requirement is one normative statement the client is judged against.
// IDs never change once published.
type Requirement struct {
	ID      string
	Level   verdict.Level
	Profile verdict.Profile
	// Text is the sentence a failure prints, e.g. "The client MUST NOT ...".
	Text string
	// Ref points at the rule it comes from ("contract-model §3 rule 2").
	Ref string
	// SpecVersions are the A2A specification revisions ("1.0") the
	// requirement applies to; nil means DefaultSpecVersions (Revisions).
	SpecVersions []string
	// Task, if non-zero, judges task Task of the session alone: its
	// exchanges and its outcome (Evidence.Task).
	Task int
	// MidTask: the requirement judges what the client did while a task
	// ran. What it forbids fails in any mode of sending; a client that did
	// nothing forbidden, but sent every task blocking (which cannot observe
	// a change mid-task), is not applicable rather than passed (views.go).
	MidTask bool
	// Control marks a positive control: the client completed a task the
	// peer really ran. A client that does nothing fails it, so it is judged
	// whenever its scenario is played, whatever the selection
	// (Selection.Judges): a narrow selection is never passed by doing nothing.
	Control bool
	// Check judges the evidence of one play.
	Check func(ev *Evidence) verdict.Judgement
}

// Judge judges ev against the requirement: in the view of its task, and
// not applicable where its client mode makes it unobservable. What spans
// more than one check (a flood that dropped exchanges, a binding claim
// another scenario refutes) is the engine's to decide (suite/engine, rules.go).
func (r Requirement) Judge(ev *Evidence) verdict.Judgement {
	if why, none := ev.NoOfferedBinding(); none {
		return verdict.Judgement{Verdict: verdict.NotApplicable, Reason: why}
	}
	check := r.Check
	if r.MidTask {
		check = midTask(check)
	}
	if r.Task > 0 {
		check = inTask(r.Task, check)
	}
	return check(ev)
}

// DocAnchor is the requirement's anchor in docs/requirements.md.
func (r Requirement) DocAnchor() string { return "docs/requirements.md#" + strings.ToLower(r.ID) }

func passed() verdict.Judgement { return verdict.Judgement{Verdict: verdict.Pass} }

func failed(want, got string, seqs ...int64) verdict.Judgement {
	return verdict.Judgement{Verdict: verdict.Fail, Want: want, Got: got, Exchanges: seqs}
}

func notApplicable(reason string) verdict.Judgement {
	return verdict.Judgement{Verdict: verdict.NotApplicable, Reason: reason}
}

// harnessLost is the verdict of a check whose evidence the harness lost
// (never the client's doing): an error, never a pass or a fail.
func harnessLost(reason string, seqs ...int64) verdict.Judgement {
	return verdict.Judgement{Verdict: verdict.Error, Reason: reason, Exchanges: seqs}
}
