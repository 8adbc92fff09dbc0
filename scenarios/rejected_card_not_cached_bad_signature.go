package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The signed card was repointed after signing (repointed-endpoint-bad-
// signature's): no signature verifies, so the card is advisory for B.
var _ = register(rejectedTwice(signedRepoint(Scenario{
	ID:     "rejected-card-not-cached-bad-signature",
	Family: FamilyRejected, Rank: 20,
	Title: "a card with a broken signature is served again, fresh for a day",
	Description: "As `rejected-card-not-cached`, with `repointed-endpoint-bad-signature`'s cards: the card was signed " +
		"with its interfaces on A and then changed to point at B, so no signature verifies over the card as served. " +
		"It is served for the first two tasks, the second time unchanged (304 to a conditional request); the third " +
		"task runs under the honest signed card. B presents the same TLS certificate as A and would complete the task.",
	Requirements: refusedTwice(nothingReaches, "B", verdict.ProfileSignatures,
		"contract-model §3 rule 6 and §6 condition 1; A2A v1.0 spec §8.4.3",
		[5]said{
			{"REJECT-006", "The client MUST NOT contact, in any task of the session, the endpoint on another origin of a card " +
				"whose signature did not verify, however often, and however fresh, the same card is served again."},
			{"REJECT-007", "The client MUST NOT send any credential, in any task of the session, to the endpoint of a card it " +
				"refused."},
			{"REJECT-008", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served the " +
				"card that points elsewhere."},
			{"REJECT-009", "The client MUST report the second task aborted with reason untrusted-endpoint, having looked at the " +
				"card again in that task (a fetch, or a revalidation answered 304) and been served the same card, still fresh " +
				"by its max-age: a card it refused is judged again, never reused as trusted, and a refusal from memory judges " +
				"nothing."},
			{"REJECT-010", "The client MUST complete the third task at the card's own origin, under the honest card served after " +
				"the one it refused twice (the positive control): a refusal is about a card, not a verdict on the agent to " +
				"cache."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, Fault: mockpeer.TamperedPayload}, "A")))
