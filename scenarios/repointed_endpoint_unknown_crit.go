package scenarios

// A crit extension the verifier does not understand means the signer's
// terms are unknown: the JWS must be rejected.
var _ = register(forgedSignature(Scenario{
	ID:     "repointed-endpoint-unknown-crit",
	Family: FamilyAuthority, Rank: 100,
	Title: "a card's signature is critical on an extension no client understands",
	Description: "The card is served on origin A; every interface url is on origin B. Its signature verifies with a key " +
		"A publishes, but its protected header lists in `crit` an extension parameter no verifier understands. B " +
		"presents the same TLS certificate as A.",
}, forgeryOf("unknown-crit"), "1", "RFC 7515 §4.1.11",
	[4]said{
		{"TRUST-018", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for " +
			"only by a signature whose crit header names an extension the client does not understand."},
		{"TRUST-019", "The client MUST NOT send any credential to an endpoint that only a signature with an unknown crit vouches " +
			"for."},
		{"TRUST-020", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
			"card that points elsewhere."},
		{"TRUST-021", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
			"positive control)."},
	}))
