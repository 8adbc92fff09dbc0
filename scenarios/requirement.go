package scenarios

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The vocabulary of judging lives in the verdict leaf (scenarios/verdict),
// so that the report renders it without linking the catalog; these names
// keep the catalog's files reading as before.
type (
	Level     = verdict.Level
	Profile   = verdict.Profile
	Verdict   = verdict.Verdict
	Judgement = verdict.Judgement
)

// Levels, strongest first.
const (
	Must   = verdict.Must
	Should = verdict.Should
	May    = verdict.May
)

// Profiles of the catalog.
const (
	ProfileCore       = verdict.ProfileCore
	ProfileSignatures = verdict.ProfileSignatures
	ProfileExtension  = verdict.ProfileExtension
	ProfileGeneral    = verdict.ProfileGeneral
)

// Verdicts (SPEC §4). Fail is the client's fault, Error the harness's.
const (
	Pass          = verdict.Pass
	Fail          = verdict.Fail
	NotApplicable = verdict.NotApplicable
	Skipped       = verdict.Skipped
	Error         = verdict.Error
)

// ParseLevel accepts must/should/may in any case.
func ParseLevel(s string) (Level, error) { return verdict.ParseLevel(s) }

// Profiles lists every profile.
func Profiles() []Profile { return verdict.Profiles() }

// Requirement is one normative statement the client is judged against.
// IDs never change once published.
type Requirement struct {
	ID      string
	Level   Level
	Profile Profile
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
	Check func(ev *Evidence) Judgement
}

// Judge judges ev against the requirement: in the view of its task, and
// not applicable where its client mode makes it unobservable. In a play
// whose journal dropped exchanges (a flood past its compact limit) nothing
// passes and nothing is excused: what was dropped cannot be judged.
func (r Requirement) Judge(ev *Evidence) Judgement {
	j := r.judge(ev)
	if ev.Dropped > 0 && j.Verdict != Fail {
		// Whatever the selection: without GEN-005, a flood would hide what
		// followed it from every other check, and excuse nothing either.
		return failed("every request of the scenario journaled, so that it can be judged",
			fmt.Sprintf("%d request(s) were only counted: the client sent more than the farm journals, "+
				"and what they were is unknown", ev.Dropped))
	}
	return j
}

func (r Requirement) judge(ev *Evidence) Judgement {
	if why, none := ev.NoOfferedBinding(); none {
		return Judgement{Verdict: NotApplicable, Reason: why}
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

func passed() Judgement { return Judgement{Verdict: Pass} }

func failed(want, got string, seqs ...int64) Judgement {
	return Judgement{Verdict: Fail, Want: want, Got: got, Exchanges: seqs}
}

func notApplicable(reason string) Judgement {
	return Judgement{Verdict: NotApplicable, Reason: reason}
}

// harnessLost is the verdict of a check whose evidence the harness lost
// (never the client's doing): an error, never a pass or a fail.
func harnessLost(reason string, seqs ...int64) Judgement {
	return Judgement{Verdict: Error, Reason: reason, Exchanges: seqs}
}
