package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
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
var (
	_ = register(fieldsBeforeSend(Scenario{
		ID:    "contract-field-before-send",
		Title: "each contract field alone changes between fetch and send",
		Description: "The card lists JSON-RPC, HTTP+JSON and gRPC, and a second entry to the JSON-RPC endpoint under " +
			"tenant \"secondary\"; it offers OAuth, bearer and an API key (required card-wide), and the " +
			"frozen-contract extension. The client's first task completes under it (the positive control). Before " +
			"each later task the peer puts that card back in force and arms a change of one contract field, fired " +
			"right after the client's next card response or right before its next send: the first interface's " +
			"tenant, the second's protocolBinding, the first's protocolVersion, the interfaces' order, the " +
			"extension becoming required, the skill's own security, the OAuth tokenUrl and scopes, the API key's " +
			"name and location. Whether each change is a contract change is the contract hash's answer.",
	}, "FIELD", []string{
		"tenant", "protocol-binding", "protocol-version", "interface-order", "extension-required",
		"skill-security", "oauth-token-url", "oauth-scopes", "apikey-name", "apikey-location",
	}))
	_ = register(fieldsBeforeSend(Scenario{
		ID:    "capability-field-before-send",
		Title: "each capability field alone changes between fetch and send",
		Description: "As contract-field-before-send, but each later task meets a change of one capability field: the " +
			"skills listed, the skill's description, the default input and output modes, streaming, push " +
			"notifications, the agent's name, description and version, the provider, iconUrl and documentationUrl, and " +
			"the target skill no longer listed (its security was the card's all along). " +
			"The contract hash is unchanged each time, so each task must be sent and completed.",
	}, "CAP", []string{
		"skills", "skill-description", "input-modes", "output-modes", "streaming", "push-notifications",
		"name", "description", "version", "provider", "icon-url", "documentation-url", "target-skill-unlisted",
	}))
)

// fieldsBeforeSend completes a field session: peer A's card versions are
// the field card (version 0) and one version per field, changed in that
// field alone; task 1 is the positive control, and task k+1 meets the
// change of field k, armed after the card is put back. Requirement
// prefix-001 is the control, prefix-(k+1) judges task k+1 as the hashes
// of version 0 and version k say.
func fieldsBeforeSend(s Scenario, prefix string, ids []string) *Scenario {
	bindings := []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC}
	base := FieldCard("A", "A", bindings...)
	cards := []mockpeer.CardFunc{base.Build}
	s.Tasks = []Task{{}}
	s.Requirements = []Requirement{controlTask(prefix+"-001", ProfileCore, 1,
		"The client MUST complete the first task, under the card before any change (the positive control).",
		"contract-model §3 rule 2")}
	for k, id := range ids {
		f, ok := LookupField(id)
		if !ok {
			panic("scenarios: no field " + id)
		}
		v, task := k+1, k+2
		cards = append(cards, f.Change(base, bindings).Build)
		s.Tasks = append(s.Tasks, Task{Before: putBackThenArm("A", v)})
		differs := ContractChanges(cards[0], cards[v], skillSummarize)
		s.Requirements = append(s.Requirements, atTask(task, Requirement{
			ID: fmt.Sprintf("%s-%03d", prefix, task), Level: Must, Profile: ProfileCore,
			Text: fieldBeforeSendText(f, task, differs), Ref: fieldBeforeSendRef(differs),
			Check: fieldBeforeSend("A", v, differs),
		}))
	}
	s.Grants = FieldGrants
	s.Peers = []mockpeer.PeerSpec{{
		Name: "A", Cards: cards,
		Caching: mockpeer.Caching{CacheControl: "max-age=300"},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}}
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

func fieldBeforeSendText(f Field, task int, differs bool) string {
	if differs {
		return fmt.Sprintf("The client MUST abort task %d before its send when %s changes between its look at the card and its send "+
			"(the contract hashes differ): no task-creating request under the changed card, no CancelTask, and aborted/contract-changed.",
			task, f.What)
	}
	return fmt.Sprintf("The client MUST send task %d and complete it, never canceling it, when only %s changes between its look "+
		"at the card and its send (the contract hashes are equal).", task, f.What)
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
func fieldBeforeSend(peer string, v int, differs bool) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
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
func allOf(ev *Evidence, checks ...func(*Evidence) Judgement) Judgement {
	for _, check := range checks {
		if j := check(ev); j.Verdict != Pass {
			return j
		}
	}
	return passed()
}
