package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Every field of the card alone, between fetch and send. In
// rotation-during-send only security changes, so a client comparing only
// the security fields passes rule 2; here each task of the session meets a
// change of exactly one field, armed like rotation-during-send's (right
// after the client's look at the card, or right before its send), and what
// the client must do is derived from the contract hashes of the two cards:
// abort before the send when they differ, send and complete when they do
// not. One session per kind keeps the catalog fast (one farm, a task per
// field) and tells the fields apart by task.
// fieldRequirement judges the task of a field session that meets the
// change of field (an ID of the field table, fields.go) alone.
type fieldRequirement struct{ id, field, text string }

// fieldsBeforeSend completes a field session: peer A's card versions are
// the field card (version 0) and one version per field, changed in that
// field alone; task 1 is the positive control, and task k+1 meets the
// change of fields[k], armed after the card is put back, and is judged as
// the hashes of version 0 and version k say (field_before_send_test.go
// holds each text to that judgement).
func fieldsBeforeSend(s Scenario, control said, fields []fieldRequirement) *Scenario {
	bindings := []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC}
	base := FieldCard("A", "A", bindings...)
	cards := []mockpeer.CardFunc{base.Build}
	s.Tasks = []Task{{}}
	s.Requirements = []Requirement{controlTask(control.id, verdict.ProfileCore, 1, control.text, "contract-model §3 rule 2")}
	for k, r := range fields {
		f, ok := LookupField(r.field)
		if !ok {
			panic("scenarios: no field " + r.field)
		}
		v, task := k+1, k+2
		cards = append(cards, f.Change(base, bindings).Build)
		s.Tasks = append(s.Tasks, Task{Before: putBackThenArm("A", v)})
		differs := ContractChanges(cards[0], cards[v], skillSummarize)
		s.Requirements = append(s.Requirements, atTask(task, Requirement{
			ID: r.id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r.text, Ref: fieldBeforeSendRef(differs),
			Check: fieldBeforeSend("A", v, differs),
		}))
	}
	s.Grants = FieldGrants
	a := freshPeer(cards...)
	a.Name = "A"
	s.Peers = []mockpeer.PeerSpec{a}
	return &s
}

// putBackThenArm puts version 0 of peer back in force, then arms version v:
// every field's change is made from the same card.
func putBackThenArm(peer string, v int) func(*mockpeer.Farm) error {
	return func(f *mockpeer.Farm) error {
		if err := RotateTo(peer, 0)(f); err != nil {
			return err
		}
		return ArmRotation(peer, v)(f)
	}
}

func fieldBeforeSendRef(differs bool) string {
	if differs {
		return "contract-model §2 and §3 rule 2"
	}
	return "contract-model §2 and §3 rule 1"
}

// fieldBeforeSend judges the task that met peer's change to version v:
// derived to differ in contract, it aborts before the send (no send under
// a changed contract, no cancel, aborted/contract-changed, grounded); else
// it is sent and completes, never canceled.
func fieldBeforeSend(peer string, v int, differs bool) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		if j, ok := servedAsDerived(ev, Change{Peer: peer, To: v}, differs); !ok {
			return j
		}
		if differs {
			return allOf(ev, noSendAfterContractChange, noCancel, outcomeIs(driver.OutcomeAborted, driver.ReasonContractChanged))
		}
		return allOf(ev, noCancel, completedWithArtifact)
	}
}

// allOf is the first judgement of checks that does not pass, else a pass.
func allOf(ev *Evidence, checks ...func(*Evidence) verdict.Judgement) verdict.Judgement {
	for _, check := range checks {
		if j := check(ev); j.Verdict != verdict.Pass {
			return j
		}
	}
	return passed()
}
