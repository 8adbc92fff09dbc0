package scenarios

// A kid selects among the keys the origin published; it cannot add one.
// The forged signature names a kid A never published and embeds its own
// public key (jwk): it verifies only with the key it brings.
var _ = register(forgedSignature(Scenario{
	ID:     "repointed-endpoint-unpublished-kid",
	Family: FamilyAuthority, Rank: 70,
	Title: "a card's signature names a key its origin never published",
	Description: "The card is served on origin A; every interface url is on origin B. Its signature's `kid` names no " +
		"key of A's JWKS (which `jku` names, on A, and which holds other keys), and its protected header embeds the " +
		"signing key as `jwk`: the signature verifies with that key only. B presents the same TLS certificate as A.",
}, forgeryOf("unpublished-kid"), "2", "RFC 7515 §4.1.3, §4.1.4; RFC 7517 §4.5",
	[4]said{
		{"TRUST-006", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for " +
			"only by a signature whose kid the card's origin never published, whatever key the signature carries along."},
		{"TRUST-007", "The client MUST NOT send any credential to an endpoint that only a key its card's origin never published " +
			"vouches for."},
		{"TRUST-008", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
			"card that points elsewhere."},
		{"TRUST-009", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
			"positive control)."},
	}))
