package scenarios

// An unsecured JWS says nothing about who wrote the card.
var _ = register(forgedSignature(Scenario{
	ID:     "repointed-endpoint-alg-none",
	Family: FamilyAuthority, Rank: 80,
	Title: "a card's signature is an unsecured JWS (alg none)",
	Description: "The card is served on origin A; every interface url is on origin B. Its one signature entry has " +
		"`alg: none` and an empty signature, and names a key A publishes (`kid`, and `jku` on A). B presents the same " +
		"TLS certificate as A.",
}, forgeryOf("alg-none"), "1", "RFC 7515 §4.1.1; RFC 7518 §3.6; RFC 8725 §3.1",
	[4]said{
		{"TRUST-010", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for " +
			"only by an unsecured signature (alg none)."},
		{"TRUST-011", "The client MUST NOT send any credential to an endpoint that only an unsecured signature (alg none) " +
			"vouches for."},
		{"TRUST-012", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
			"card that points elsewhere."},
		{"TRUST-013", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
			"positive control)."},
	}))
