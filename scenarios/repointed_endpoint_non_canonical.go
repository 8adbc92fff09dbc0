package scenarios

// A signature over some other form of the card does not cover the card
// as the spec canonicalizes it, the only form all verifiers agree on.
var _ = register(forgedSignature(Scenario{
	ID:     "repointed-endpoint-non-canonical",
	Family: FamilyAuthority, Rank: 110,
	Title: "a card's signature covers its bytes as served, not its canonical form",
	Description: "The card is served on origin A; every interface url is on origin B. Its signature, by a key A " +
		"publishes, covers the card's bytes as served (their member order, without `signatures`), not the RFC 8785 " +
		"form of the card. B presents the same TLS certificate as A.",
}, forgeryOf("non-canonical"), "1", "A2A v1.0 spec §8.4.1; RFC 8785 §3.2",
	[4]said{
		{"TRUST-022", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for " +
			"only by a signature over another form of the card than its RFC 8785 canonical payload."},
		{"TRUST-023", "The client MUST NOT send any credential to an endpoint that only a signature over a non-canonical payload " +
			"vouches for."},
		{"TRUST-024", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
			"card that points elsewhere."},
		{"TRUST-025", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
			"positive control)."},
	}))
