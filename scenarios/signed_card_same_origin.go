package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// A card is authoritative for interfaces on its own origin by being served
// there (contract-model §3 rule 6); a signature is what another origin
// needs, never what the card's own needs. An agent may sign its card all
// the same (A2A v1.0 spec §8.4: signing is the agent's option, verifying
// the client's), and a client that does not verify signatures ignores
// them: one that refuses every signed card because it cannot check it
// loses an agent that did more than the spec asks, for nothing. The
// positive control of a signed card in the core profile: before it, every
// signed card the catalog served was judged in the signatures profile
// (repointed-endpoint-signed's SIG-014 included), so a client refusing any
// card carrying a signature (unsigned-only) passed every MUST of
// --profile core. The signatures are valid, so a client that verifies
// them completes too.
var _ = register(&Scenario{
	ID:     "signed-card-same-origin",
	Family: FamilyAuthority, Rank: 18,
	Title: "a signed card whose interfaces are all on its own origin",
	Description: "The card is served on origin A and every interface url is on A. It carries two valid signatures " +
		"(ES256 and RS256, as during a key rotation) by keys A publishes in its JWKS, named by `jku` on A. Nothing else " +
		"about it is unusual; the client holds OAuth client credentials.",
	Requirements: []Requirement{
		mustComplete("SIG-017", "The client MUST complete the task under the signed card whose interfaces are all on its own "+
			"origin: the card is authoritative there by being served there, and a signature, verified or not, is no reason to "+
			"refuse it.",
			"contract-model §3 rule 6; A2A v1.0 spec §8.4"),
	},
	Grants:   mockpeer.Grants{OAuth: true},
	CardPeer: "A",
	Peers: []mockpeer.PeerSpec{{
		Name: "A", Host: "127.0.0.1",
		Cards:   []mockpeer.CardFunc{oauthCard("A").Build},
		Caching: mockpeer.Caching{CacheControl: "max-age=300"},
		Signing: &mockpeer.Signing{Algorithms: rotatingKeys, JKU: true},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}},
})
