package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// Real agents sit behind CDNs and shared caches, which add an Age header
// to what they serve from memory (RFC 9111 §5.1). A card whose Age is below
// its max-age is fresh (§4.2), and it is the agent's card however a cache
// served it: the client plans on it, revalidates it right before the send
// as any card (contract-model §3 rule 2), and completes. Age speaks of
// freshness, never of authority; rule 6 counts it only for how long an
// attestation may be reused. The positive control of the Age header in the
// core profile: before it, only attested-binding-expiry and its twin
// served one (past max-age, in the signatures profile), so a client that
// refuses any card carrying an Age (refuse-aged-card) passed every MUST of
// --profile core.
var _ = register(bearerPeer(Scenario{
	ID:     "card-served-with-age",
	Family: FamilyContract, Rank: 75,
	Title: "the card arrives through a shared cache, fresh, with an Age header",
	Description: "The card is served on origin A with `Cache-Control: max-age=300` and, on every card response (200 or 304) " +
		"from the first on, `Age: 120`, as a CDN or shared cache in front of the agent adds it: the card is 120 seconds " +
		"old on arrival and fresh for 180 more. Nothing else about it is unusual; the client holds a bearer token.",
	Requirements: []Requirement{
		mustComplete("STALE-005", "The client MUST complete the task under the card served with `Age: 120` and "+
			"`Cache-Control: max-age=300`: a card fresh by its max-age less its Age is the agent's card, and an Age header "+
			"is no reason to refuse it.",
			"contract-model §3 rule 2; RFC 9111 §4.2, §5.1"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{bearerCard("A").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300",
		Aged: mockpeer.Aging{FromVersion: 0, Seconds: 120}}, // from the first card on
	Task: mockpeer.TaskScript{Steps: completingSteps()},
}))
