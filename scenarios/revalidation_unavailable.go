package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A revalidation that fails tells the client nothing about its contract:
// "could not ask" is not "unchanged". Between the client's look at the
// card and its revalidation right before the send, the card URL fails,
// one way per task; the send must not go out under the card the client
// planned on, however fresh its max-age says it is.
var _ = register(bearerPeer(Scenario{
	ID:     "revalidation-unavailable",
	Family: FamilyContract, Rank: 80,
	Title: "the card URL fails between the look and the send",
	Description: "The card (ETag, max-age=300) never changes. The client's first task completes under it (the " +
		"positive control). Then, in each of five tasks, the card URL fails right after the client's look at " +
		"the card, and stays failed for the rest of the task: 503 with Retry-After, the connection hung up " +
		"with no response, a 200 whose body is the card cut off (not JSON), a 200 whose JSON is no agent " +
		"card, a redirect to itself. Then the card URL is healthy again for a last task, which must complete.",
	Tasks: revalidationFaultTasks(revalidationFaults),
	Requirements: []Requirement{
		{
			ID: "REVAL-001", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send a task-creating request once its revalidation of the card failed (an error status, " +
				"no response, a body that is not the card, a redirect that ends in no card): it cannot know the contract still holds.",
			Ref:   "contract-model §3 rule 2",
			Check: afterCardFault("no task-creating request", "task-creating request(s)", journal.Exchange.TaskCreating),
		},
		{
			ID: "REVAL-002", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send a credential once its revalidation of the card failed: no authenticated request under a card it could not revalidate.",
			Ref:   "contract-model §3 rule 2",
			Check: afterCardFault("no credential presented", "request(s) presenting a credential", presentsCredential),
		},
		{
			ID: "REVAL-003", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST report each task whose revalidation failed failed, with reason transport-error (no answer) or " +
				"peer-error (an answer that is not the card), having met the failure.",
			Ref:   "contract-model §3 rule 2; docs/driver-contract.md",
			Check: failedOnCardFault(revalidationFaultTaskNumbers(revalidationFaults)),
		},
		controlTask("REVAL-004", verdict.ProfileCore, 1, "The client MUST complete the first task, before the card URL fails (the positive control).",
			"contract-model §3 rule 2"),
		controlTask("REVAL-005", verdict.ProfileCore, len(revalidationFaults)+2,
			"The client MUST complete the last task, once the card URL serves the card again: a failed revalidation spoils no later task.",
			"contract-model §3 rule 2"),
	},
}, freshPeer(bearerCard("A").Build)))

// revalidationFaults are the failures of the scenario, one task each: a
// server that fails, not one that answers no (revalidation-refused).
var revalidationFaults = mockpeer.CardServerFaults()

// revalidationFaultTasks: a control, one task per fault, a control.
func revalidationFaultTasks(faults []mockpeer.CardFault) []Task {
	tasks := []Task{{}}
	for _, fault := range faults {
		tasks = append(tasks, Task{Before: ArmCardFault("A", fault)})
	}
	return append(tasks, Task{Before: ClearCardFault("A")})
}

// revalidationFaultTaskNumbers are the numbers of the faulted tasks.
func revalidationFaultTaskNumbers(faults []mockpeer.CardFault) []int {
	var out []int
	for i := range faults {
		out = append(out, i+2)
	}
	return out
}
