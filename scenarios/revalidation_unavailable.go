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
var _ = register(cardFaulted(Scenario{
	ID:     "revalidation-unavailable",
	Family: FamilyContract, Rank: 80,
	Title: "the card URL fails between the look and the send",
	Description: "The card (ETag, max-age=300) never changes. The client's first task completes under it (the " +
		"positive control). Then, in each of five tasks, the card URL fails right after the client's look at " +
		"the card, and stays failed for the rest of the task: 503 with Retry-After, the connection hung up " +
		"with no response, a 200 whose body is the card cut off (not JSON), a 200 whose JSON is no agent " +
		"card, a redirect to itself. Then the card URL is healthy again for a last task, which must complete.",
}, revalidationFaults, presentsCredential, "contract-model §3 rule 2", [5]said{
	{"REVAL-001", "The client MUST NOT send a task-creating request once its revalidation of the card failed (an error status, " +
		"no response, a body that is not the card, a redirect that ends in no card): it cannot know the contract still holds."},
	{"REVAL-002", "The client MUST NOT send a credential once its revalidation of the card failed: no authenticated request " +
		"under a card it could not revalidate."},
	{"REVAL-003", "The client MUST report each task whose revalidation failed failed, with reason transport-error (no answer) or " +
		"peer-error (an answer that is not the card), having met the failure."},
	{"REVAL-004", "The client MUST complete the first task, before the card URL fails (the positive control)."},
	{"REVAL-005", "The client MUST complete the last task, once the card URL serves the card again: a failed revalidation " +
		"spoils no later task."},
}))

// revalidationFaults are the failures of the scenario, one task each: a
// server that fails, not one that answers no (revalidation-refused).
var revalidationFaults = mockpeer.CardServerFaults()

// cardFaulted completes a scenario whose card URL, on peer A, fails after
// the client's look at the card, one fault per task, between a first task
// and a last one that must complete: A serves fresh cards to a client
// holding a bearer token. Its requirements are, in the order of r: no
// task-creating request once the fault was met; no credential presented
// once it was (as presents sees one), citing credentialRef; each faulted
// task reported failed (also citing the driver contract); the first task
// and the last completed (the positive controls). All are MUSTs of the core
// profile citing contract-model §3 rule 2.
func cardFaulted(s Scenario, faults []mockpeer.CardFault, presents func(journal.Exchange) bool, credentialRef string, r [5]said) *Scenario {
	const ref = "contract-model §3 rule 2"
	s.Tasks = revalidationFaultTasks(faults)
	s.Requirements = []Requirement{
		{ID: r[0].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[0].text, Ref: ref,
			Check: afterCardFault("no task-creating request", "task-creating request(s)", journal.Exchange.TaskCreating)},
		{ID: r[1].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[1].text, Ref: credentialRef,
			Check: afterCardFault("no credential presented", "request(s) presenting a credential", presents)},
		{ID: r[2].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[2].text, Ref: ref + "; docs/driver-contract.md",
			Check: failedOnCardFault(revalidationFaultTaskNumbers(faults))},
		controlTask(r[3].id, verdict.ProfileCore, 1, r[3].text, ref),
		controlTask(r[4].id, verdict.ProfileCore, len(faults)+2, r[4].text, ref),
	}
	return bearerPeer(s, freshPeer(bearerCard("A").Build))
}

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
