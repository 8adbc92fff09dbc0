package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The generated checks, over hand-built journals: card versions 0 and 1
// of A differ in contract, so a change from 0 to 1 holds as derived.
var changeAt01 = Change{Peer: "A", From: 0, To: 1}

func completedAfterChangeCases() []checkCase {
	return []checkCase{
		{"completed at the changed card's peer", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("A", after(wire.TaskStateCompleted))), passed()},
		{"completed at a peer the card did not name", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("B", after(wire.TaskStateCompleted))),
			failed("the task completed by peer A (https://127.0.0.1:4431)",
				"outcome completed, but no exchange shows peer A completing a task")},
		{"canceled", reporting(driver.OutcomeCompleted, "", fetch("A"), send("A", after(wire.TaskStateCompleted)),
			call("A", wire.MethodCancelTask)), failed("no CancelTask request", "1 CancelTask request(s), first at #3", 3)},
	}
}

func completedAfterSameContractCases() []checkCase {
	return []checkCase{
		{"a capability change, completed at its peer", sameContract(reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("A", after(wire.TaskStateCompleted)))), passed()},
		{"a capability change, aborted", sameContract(reporting(driver.OutcomeAborted, driver.ReasonContractChanged, fetch("A"))),
			failed("completed", "aborted/contract-changed")},
		{"the cards served differ, the derivation said not", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("A", after(wire.TaskStateCompleted))),
			verdict.Judgement{Verdict: verdict.Error, Reason: "the scenario derived that card versions 0 and 1 of peer A differ in contract: " +
				"false, but the cards served say true: the derivation does not hold for this play"}},
	}
}

func followedOrRefusedCases() []checkCase {
	return []checkCase{
		{"followed, completed at the changed card's peer", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("A", after(wire.TaskStateCompleted))), passed()},
		{"followed to a peer the card did not name", reporting(driver.OutcomeCompleted, "", fetch("A"),
			send("B", after(wire.TaskStateCompleted))),
			failed("the task completed by peer A (https://127.0.0.1:4431)",
				"outcome completed, but no exchange shows peer A completing a task")},
		{"refused, the card served", reporting(driver.OutcomeAborted, driver.ReasonExtensionUnsupported, fetch("A")), passed()},
		{"refused, sent all the same", reporting(driver.OutcomeAborted, driver.ReasonExtensionUnsupported, fetch("A"), send("A")),
			failed("no task-creating request: the card was refused (extension-unsupported)", "SendMessage sent all the same", 2)},
		{"refused, no card served", reporting(driver.OutcomeAborted, driver.ReasonExtensionUnsupported),
			failed("an outcome the journal supports: aborted/extension-unsupported",
				"the client was served no card in this task: it judged nothing")},
	}
}
