package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A valid signature proves only that the key's holder signed. If the key
// comes from the endpoint's own origin, the endpoint vouches for itself:
// only a key the card's origin publishes makes the card authoritative.
var _ = register(signedRepoint(Scenario{
	ID:     "repointed-endpoint-foreign-key",
	Family: FamilyAuthority, Rank: 40,
	Title: "a card is validly signed by a key the endpoint's origin publishes",
	Description: "The card is served on origin A; every interface url is on origin B. Its signatures verify, " +
		"but with keys published by B, not by A: `jku` names B's JWKS and A publishes no key. B presents the same " +
		"TLS certificate as A, so only the key's origin is wrong.",
	Requirements: untrustedEndpoint("B", verdict.ProfileSignatures, "contract-model §3 rule 6 and §6 condition 2",
		[4]said{
			{"SIG-005", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for " +
				"only by a key that origin publishes itself; that includes fetching the key from there."},
			{"SIG-006", "The client MUST NOT send any credential to an endpoint that only a key from its own origin vouches for."},
			{"SIG-007", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
				"card that points elsewhere."},
			{"SIG-012", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, Publisher: "B"}, "A"))
