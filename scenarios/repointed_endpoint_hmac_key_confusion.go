package scenarios

// The key-confusion attack: a public key is public, so an HMAC keyed with
// it can be made by anyone.
var _ = register(forgedSignature(Scenario{
	ID:     "repointed-endpoint-hmac-key-confusion",
	Family: FamilyAuthority, Rank: 90,
	Title: "a card's signature is an HMAC keyed with the origin's public key",
	Description: "The card is served on origin A; every interface url is on origin B. Its signature is an HS256 MAC " +
		"over the canonical card, keyed with the PEM of the ES256 public key its `kid` names, which A publishes (in the " +
		"JWKS `jku` names, on A). B presents the same TLS certificate as A.",
}, forgeryOf("hmac-key-confusion"), "1", "RFC 7515 §4.1.1; RFC 7517 §4.4; RFC 8725 §2.1, §3.1",
	[4]said{
		{"TRUST-014", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for " +
			"only by an HMAC (HS256) keyed with the card origin's public key: an alg the key is not published for."},
		{"TRUST-015", "The client MUST NOT send any credential to an endpoint that only an HMAC keyed with a public key vouches " +
			"for."},
		{"TRUST-016", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
			"card that points elsewhere."},
		{"TRUST-017", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
			"positive control)."},
	}))
