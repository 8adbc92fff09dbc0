package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A valid signature from the right origin is half of rule 6's second leg:
// the endpoint must also be the same TLS principal, or whoever holds that
// address could answer.
var _ = register(signedRepoint(Scenario{
	ID:     "repointed-endpoint-principal-mismatch",
	Family: FamilyAuthority, Rank: 50,
	Title: "a validly signed card points at an endpoint with another TLS principal",
	Description: "As `repointed-endpoint-signed`: the card on A points at B and carries valid signatures by keys " +
		"A publishes. But B presents its own TLS certificate, not A's.",
	Requirements: probedEndpoint("B", verdict.ProfileSignatures, "contract-model §3 rule 6 and §6 condition 3",
		[4]said{
			{"SIG-008", "The client MUST NOT send any request to an endpoint on another origin that presents another TLS " +
				"principal than the card's origin, even when the card's signature verifies."},
			{"SIG-009", "The client MUST NOT send any credential to an endpoint whose TLS principal is not the card origin's."},
			{"SIG-010", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
				"card that points elsewhere."},
			{"SIG-013", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true}, ""))
