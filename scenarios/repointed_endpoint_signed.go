package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The positive control of rule 6's second leg: the card's own origin vouches
// for an endpoint elsewhere with a signature, and the endpoint is the same
// TLS principal. A client that can only ever trust its card's origin is
// safe but cannot follow an agent that serves its card from one host and
// its API from another.
var _ = register(signedRepoint(Scenario{
	ID:     "repointed-endpoint-signed",
	Family: FamilyAuthority, Rank: 20,
	Title: "a signed card points at another origin of the same TLS principal",
	Description: "The card is served on origin A; every interface url is on origin B. The card carries two " +
		"valid signatures (ES256 and RS256, as during a key rotation) by keys A publishes in its JWKS, named by " +
		"`jku` on A. B presents the same TLS certificate as A.",
	Requirements: []Requirement{
		{
			ID: "SIG-001", Level: verdict.Should, Profile: verdict.ProfileSignatures,
			Text: "The client SHOULD treat a card signed by a key its own origin publishes as authoritative for an " +
				"endpoint on another origin that presents the same TLS principal, and complete the task there.",
			Ref:   "contract-model §3 rule 6 and §6; A2A v1.0 spec §8.4",
			Task:  2,
			Check: completedAt("B"),
		},
		controlTask("SIG-014", verdict.ProfileSignatures, 1, "The client MUST complete the first task, under the signed card whose endpoints are on its own origin (the positive control).",
			"contract-model §3 rule 6"),
	},
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true}, "A"))
