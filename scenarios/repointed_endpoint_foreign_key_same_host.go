package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-endpoint-foreign-key with B on the card's own host at another
// port: the key set that vouches for a card is the card origin's, scheme,
// host and port, and one published at another port of the same host is
// another origin's. Every other key set of the catalog that must not vouch
// is on another host, so a client that took any key set on the card's host
// for the card origin's (jwks-same-host) passed every refusal of the
// catalog.
var _ = register(signedRepointOn(Scenario{
	ID:     "repointed-endpoint-foreign-key-same-host",
	Family: FamilyAuthority, Rank: 45,
	Title: "a card is validly signed by a key its endpoint publishes on the card's own host",
	Description: "As `repointed-endpoint-foreign-key`, with B on the card's own host, `127.0.0.1`, at another port: the " +
		"card is served on origin A; between the tasks every interface url moves to origin B. Its signatures verify, " +
		"but with keys published by B, not by A: `jku` names B's JWKS and A publishes no key. B presents the same TLS " +
		"certificate as A, so only the key's origin is wrong.",
	Requirements: untrustedEndpoint("B", verdict.ProfileSignatures, "contract-model §3 rule 6 and §6 condition 2",
		[4]said{
			{"SIG-018", "The client MUST NOT contact, nor even open a connection to, an endpoint on another port of the " +
				"card's own host vouched for only by a key published there; that includes fetching the key from there: " +
				"another port is another origin."},
			{"SIG-019", "The client MUST NOT send any credential to an endpoint on another port of the card's own host " +
				"that only a key published there vouches for."},
			{"SIG-020", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served " +
				"the card that points at another port of its host."},
			{"SIG-021", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
				"positive control)."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, Publisher: "B"}, "A", "127.0.0.1"))
