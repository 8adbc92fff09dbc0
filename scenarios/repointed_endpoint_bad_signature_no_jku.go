package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-endpoint-bad-signature without jku: a signature whose header
// names no key set is verified like any other, with the key its kid names
// in the card origin's well-known key set (contract-model §6 condition 2),
// never taken as verified for naming none. Every signed card of the
// catalog named a jku before this scenario and its honest twin,
// repointed-endpoint-signed-no-jku, so a verifier that took a signature
// without jku unread (no-jku-trusted) passed the whole catalog.
var _ = register(signedRepoint(Scenario{
	ID:     "repointed-endpoint-bad-signature-no-jku",
	Family: FamilyAuthority, Rank: 32,
	Title: "a signed card whose signatures name no jku was repointed after signing",
	Description: "As `repointed-endpoint-bad-signature`, but the signatures' protected headers name no `jku`: the keys " +
		"they name are in A's key set at `" + mockpeer.JWKSPath + "`. The card was signed with its interfaces on A and " +
		"then changed to point at B: no signature verifies over the card as served. B presents the same TLS " +
		"certificate as A and would complete the task.",
	Requirements: untrustedEndpoint("B", verdict.ProfileSignatures,
		"contract-model §3 rule 6 and §6 conditions 1 and 2; A2A v1.0 spec §8.4.3; RFC 7515 §4.1.2",
		[4]said{
			{"SIG-024", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin when no " +
				"signature of the card verifies over the card as received, whether or not the signatures name a jku."},
			{"SIG-025", "The client MUST NOT send any credential to an endpoint a card with a broken signature naming no jku " +
				"points at."},
			{"SIG-026", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
				"card that points elsewhere."},
			{"SIG-027", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, Fault: mockpeer.TamperedPayload}, "A"))
