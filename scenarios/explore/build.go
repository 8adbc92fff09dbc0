package explore

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The peers of a variant: A serves the card; when signed, the interfaces
// are on B, which presents A's TLS principal and runs the tasks.
const cardPeer, vouchedPeer = "A", "B"

// Expect is what the rules require of v, the oracle asked for its field.
func Expect(v Variant) (Expectation, error) {
	f, ok := scenarios.LookupField(v.Field)
	if !ok {
		return Expectation{}, fmt.Errorf("explore: no field %q", v.Field)
	}
	base := scenarios.FieldCard(cardPeer, cardPeer, v.Binding)
	return Derive(v, scenarios.ContractChanges(base.Build, f.Change(base, []string{v.Binding}).Build, "summarize"), f.MayRefuse != ""), nil
}

// Build makes the scenario of v, its requirements derived by Derive from
// the contract hashes of the field card before and after the change.
func Build(v Variant) (*scenarios.Scenario, error) {
	f, ok := scenarios.LookupField(v.Field)
	if !ok {
		return nil, fmt.Errorf("explore: no field %q", v.Field)
	}
	endpoint := cardPeer
	if v.Signed {
		endpoint = vouchedPeer
	}
	base := scenarios.FieldCard(cardPeer, endpoint, v.Binding)
	changed := f.Change(base, []string{v.Binding})
	differs := scenarios.ContractChanges(base.Build, changed.Build, "summarize")
	e := Derive(v, differs, f.MayRefuse != "")

	s := &scenarios.Scenario{
		ID: v.ID(), Title: fmt.Sprintf("%s changes %s (%s, %s, %s)", f.What, pointText(v.Point), v.Validator, v.Binding, signedText(v.Signed)),
		Description: fmt.Sprintf("Generated: field %s (%s), point %s, validator %s, binding %s, signed %t. Derived: %s by %s.",
			f.ID, f.Kind, v.Point, v.Validator, v.Binding, v.Signed, e.Changed, e.Rule),
		Grants: scenarios.FieldGrants, Skill: "summarize", Message: "Summarize the attached document.",
		CardPeer: cardPeer, Params: v.Params(),
	}
	// Card versions: before and after the change, in the order the point
	// puts them in force; from/to index them for the oracle's cross-check.
	cards := []mockpeer.CardBuilder{base, changed}
	from, to := 0, 1
	if v.Point == FirstContact {
		cards, from, to = []mockpeer.CardBuilder{changed, base}, 1, 0
	}
	a := mockpeer.PeerSpec{Name: cardPeer, Caching: caching(v.Validator)}
	for _, c := range cards {
		a.Cards = append(a.Cards, c.Build)
	}
	taskPeer := &a
	var b mockpeer.PeerSpec
	if v.Signed {
		a.Signing = &mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true}
		// A's own-origin card comes last, for the control that needs no
		// signature; B holds the same versions as A, on its own origin.
		a.Cards = append(a.Cards, scenarios.FieldCard(cardPeer, cardPeer, v.Binding).Build)
		b = mockpeer.PeerSpec{Name: vouchedPeer, Host: "127.0.0.2", Identity: cardPeer, Caching: caching(v.Validator)}
		for _, c := range cards {
			b.Cards = append(b.Cards, c.Build)
		}
		taskPeer = &b
	}
	a.Task = mockpeer.TaskScript{Steps: scenarios.CompletingSteps()}
	if e.HonourSend {
		taskPeer.GraceRequests = -1 // the contract of the send holds
	}
	changedTask := 2
	switch v.Point {
	case FirstContact:
		changedTask = 1
		s.Tasks = []scenarios.Task{{}, {Before: rotate(v.Signed, 1, false)}}
	case BeforeSend:
		s.Tasks = []scenarios.Task{{}, {Before: rotate(v.Signed, 1, true)}}
	case BetweenTasks:
		s.Tasks = []scenarios.Task{{}, {Before: rotate(v.Signed, 1, false)}}
	case MidTask:
		changedTask = 1
		s.Tasks = []scenarios.Task{{}}
		taskPeer.Rotations = []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 2}, To: 1}}
		taskPeer.Task = mockpeer.TaskScript{Steps: scenarios.WorkThenComplete(1, 25, 50, 75), StepInterval: mockpeer.DefaultStepInterval}
	}
	if taskPeer != &a {
		b.Task = taskPeer.Task
		if v.Point != MidTask {
			b.Task = mockpeer.TaskScript{Steps: scenarios.CompletingSteps()}
		}
	}
	s.Requirements = requirements(v, f, e, from, to, differs, changedTask, len(s.Tasks))
	if v.Signed {
		s.Tasks = append(s.Tasks, scenarios.Task{Before: scenarios.RotateTo(cardPeer, 2)})
	}
	s.Peers = []mockpeer.PeerSpec{a}
	if v.Signed {
		s.Peers = append(s.Peers, b)
	}
	return s, nil
}

// requirements are the variant's, derived.
func requirements(v Variant, f scenarios.Field, e Expectation, from, to int, differs bool, changedTask, tasks int) []scenarios.Requirement {
	peer := cardPeer
	profile := verdict.ProfileCore
	proceedLevel := verdict.Must
	if e.VouchedBySignature {
		peer, profile, proceedLevel = vouchedPeer, verdict.ProfileSignatures, verdict.Should
	}
	changed := scenarios.Requirement{ID: scenarios.GenChanged, Profile: profile, Ref: e.Rule, Level: proceedLevel}
	what := fmt.Sprintf("when %s changes %s", f.What, pointText(v.Point))
	switch e.Changed {
	case AbortBeforeSend:
		changed.Level = verdict.Must
		changed.Text = fmt.Sprintf("The client MUST abort task %d before its send %s (the contract hashes differ): no task-creating "+
			"request under the changed card, no CancelTask, aborted/contract-changed.", changedTask, what)
		changed.Check = scenarios.AbortedBeforeSend(peer, from, to, e.VouchedBySignature)
	case FollowOrRefuse:
		changed.Text = fmt.Sprintf("The client %s complete task %d %s, following the card, or refuse it without sending (%s).",
			proceedLevel, changedTask, what, f.MayRefuse)
		changed.Check = scenarios.FollowedOrRefused(peer, from, to, driver.Reason(f.MayRefuse))
	default:
		changed.Text = fmt.Sprintf("The client %s send task %d and complete it %s, never canceling it.", proceedLevel, changedTask, what)
		changed.Check = scenarios.CompletedAfterChange(peer, from, to, differs)
	}
	changed = scenarios.AtTask(changedTask, changed)
	if e.Frozen {
		changed = scenarios.WhileRunning(changed)
	}
	control := tasks // the last task: after the change (first contact) or the change's own (mid-task)
	if v.Point == BeforeSend || v.Point == BetweenTasks {
		control = 1
	}
	controlText := "The client MUST complete the positive control task."
	if v.Signed {
		control = tasks + 1
		controlText = "The client MUST complete the last task, under a card whose interfaces are on its own origin (the positive control)."
	}
	out := []scenarios.Requirement{
		scenarios.AtTask(control, scenarios.Requirement{ID: scenarios.GenControl, Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: controlText, Ref: "contract-model §4 (positive controls)", Check: completed, Control: true}),
		changed,
		noCancel(e.Frozen),
	}
	if e.Frozen {
		out = append(out, scenarios.AtTask(changedTask, scenarios.WhileRunning(scenarios.Requirement{ID: scenarios.GenNoFetch, Level: verdict.Should, Profile: verdict.ProfileCore,
			Text: "The client SHOULD NOT fetch the card between the send and the task's end.", Ref: "contract-model §3 rule 3",
			Check: scenarios.NoCardFetchAfterSend})))
	}
	if v.Signed && changedTask != 1 {
		out = append(out, scenarios.AtTask(1, scenarios.Requirement{ID: scenarios.GenVouched, Level: verdict.Should, Profile: verdict.ProfileSignatures,
			Text: "The client SHOULD complete the first task at the endpoint the signed card vouches for.",
			Ref:  "contract-model §3 rule 6 and §6", Check: completed}))
	}
	return out
}

func noCancel(frozen bool) scenarios.Requirement {
	r := scenarios.Requirement{ID: scenarios.GenNoCancel, Level: verdict.Must, Profile: verdict.ProfileCore,
		Text: "The client MUST NOT send CancelTask in this session.", Ref: "contract-model §3 rules 1, 2 and 3", Check: scenarios.NoCancel}
	if frozen {
		return scenarios.WhileRunning(r)
	}
	return r
}

// completed: the task completed, as the peer ran it.
func completed(ev *scenarios.Evidence) verdict.Judgement {
	return scenarios.CompletedWithArtifact(ev)
}

// rotate puts version to in force on A (and B, which mirrors A's versions
// when signed), armed for the client's next look or send when armed.
func rotate(signed bool, to int, armed bool) func(*mockpeer.Farm) error {
	change := scenarios.RotateTo
	if armed {
		change = scenarios.ArmRotation
	}
	return func(f *mockpeer.Farm) error {
		if err := change(cardPeer, to)(f); err != nil {
			return err
		}
		if signed {
			return change(vouchedPeer, to)(f)
		}
		return nil
	}
}

func caching(v Validator) mockpeer.Caching {
	c := mockpeer.Caching{CacheControl: "max-age=300"}
	switch v {
	case ETag:
		c.NoLastModified = true
	case LastModified:
		c.NoETag = true
	case NoValidator:
		c.NoETag, c.NoLastModified, c.CacheControl = true, true, ""
	}
	return c
}

func pointText(p Point) string {
	switch p {
	case FirstContact:
		return "on first contact (the session's first card has it)"
	case BeforeSend:
		return "between the client's look at the card and its send"
	case BetweenTasks:
		return "between two tasks"
	}
	return "while the task runs"
}

func signedText(signed bool) string {
	if signed {
		return "endpoint vouched for by a signature"
	}
	return "endpoint on the card's origin"
}
