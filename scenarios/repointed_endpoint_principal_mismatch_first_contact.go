package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-endpoint-principal-mismatch on first contact: the first card
// the session meets is validly signed by A, but its endpoint is another
// TLS principal. A client that pins whatever certificate it meets first
// takes B's for the agent's.
var _ = register(firstContact(signedRepoint(Scenario{
	ID:     "repointed-endpoint-principal-mismatch-first-contact",
	Family: FamilyFirstContact, Rank: 40,
	Title: "the session's first card is validly signed and points at an endpoint with another TLS principal",
	Description: "As `repointed-endpoint-principal-mismatch`, the other way round: the first card the client is " +
		"served points at B and carries valid signatures by keys A publishes, but B presents its own TLS " +
		"certificate, not A's. Between the tasks the card's interfaces are on A, and the second task runs under it " +
		"(the positive control).",
	Requirements: probedOnFirstContact("B", verdict.ProfileSignatures, "contract-model §3 rule 6 and §6 condition 3",
		[4]said{
			{"FIRST-013", "The client MUST NOT send any request to an endpoint on another origin that the session's first card " +
				"names and that presents another TLS principal than the card's origin, even when the card's signature verifies."},
			{"FIRST-014", "The client MUST NOT send any credential to an endpoint whose TLS principal is not the card origin's, " +
				"on the session's first card."},
			{"FIRST-015", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served, as " +
				"the session's first card, the card that points elsewhere: a card is judged on its own, not against an earlier " +
				"one."},
			{"FIRST-016", "The client MUST complete the second task, under the card whose endpoints are on its own origin, " +
				"served after the one it refused (the positive control)."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true}, "")))
