package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-endpoint-bad-signature on first contact: the tampered card is
// the first the session meets, so only its signature could speak for B,
// and it does not verify.
var _ = register(firstContact(signedRepoint(Scenario{
	ID:     "repointed-endpoint-bad-signature-first-contact",
	Family: FamilyFirstContact, Rank: 20,
	Title: "the session's first card is a signed card repointed after signing",
	Description: "As `repointed-endpoint-bad-signature`, the other way round: the first card the client is served " +
		"points at B and carries signatures made before its interfaces were changed from A to B, so none verifies " +
		"over the card as served. Between the tasks the card's interfaces are on A again, and the second task runs " +
		"under it (the positive control). B presents the same TLS certificate as A and would complete the task.",
	Requirements: untrustedOnFirstContact("B", verdict.ProfileSignatures,
		"contract-model §3 rule 6 and §6 condition 1; A2A v1.0 spec §8.4.3",
		[4]said{
			{"FIRST-005", "The client MUST NOT send any request to an endpoint on another origin when no signature of the " +
				"session's first card verifies over the card as received."},
			{"FIRST-006", "The client MUST NOT send any credential to an endpoint the session's first card, its signature " +
				"broken, points at."},
			{"FIRST-007", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served, as " +
				"the session's first card, the card that points elsewhere: a card is judged on its own, not against an earlier " +
				"one."},
			{"FIRST-008", "The client MUST complete the second task, under the card whose endpoints are on its own origin, " +
				"served after the one it refused (the positive control)."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, Fault: mockpeer.TamperedPayload}, "A")))
