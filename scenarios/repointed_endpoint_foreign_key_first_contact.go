package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-endpoint-foreign-key on first contact: the first card the
// session meets is vouched for by the endpoint's own key.
var _ = register(firstContact(signedRepoint(Scenario{
	ID:     "repointed-endpoint-foreign-key-first-contact",
	Family: FamilyFirstContact, Rank: 30,
	Title: "the session's first card is validly signed by a key the endpoint's origin publishes",
	Description: "As `repointed-endpoint-foreign-key`, the other way round: the first card the client is served points " +
		"at B, and its signatures verify with keys published by B, not by A (`jku` names B's JWKS; A publishes no " +
		"key). Between the tasks the card's interfaces are on A, and the second task runs under it (the positive " +
		"control). B presents the same TLS certificate as A, so only the key's origin is wrong.",
	Requirements: untrustedOnFirstContact("B", verdict.ProfileSignatures, "contract-model §3 rule 6 and §6 condition 2",
		[4]said{
			{"FIRST-009", "The client MUST NOT send any request to an endpoint on another origin that the session's first card " +
				"names, vouched for only by a key that origin publishes itself; that includes fetching the key from there."},
			{"FIRST-010", "The client MUST NOT send any credential to an endpoint that only a key from its own origin vouches " +
				"for, on the session's first card."},
			{"FIRST-011", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served, as " +
				"the session's first card, the card that points elsewhere: a card is judged on its own, not against an earlier " +
				"one."},
			{"FIRST-012", "The client MUST complete the second task, under the card whose endpoints are on its own origin, " +
				"served after the one it refused (the positive control)."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, Publisher: "B"}, "A")))
