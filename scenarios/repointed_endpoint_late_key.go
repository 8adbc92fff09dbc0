package scenarios

// A card is judged by the keys its origin publishes when the client judges
// it: a key that shows up later, however often the client asks, did not
// vouch for the card it fetched.
var _ = register(forgedSignature(Scenario{
	ID:     "repointed-endpoint-late-key",
	Family: FamilyAuthority, Rank: 120,
	Title: "a card is signed by a key its origin publishes only after the card was fetched",
	Description: "The card is served on origin A; every interface url is on origin B. Its signature is valid, by a key " +
		"A's JWKS (named by `jku`, on A) lacks when the client fetches it after the card; A publishes the key from " +
		"the next JWKS request on, as a key rotation would. B presents the same TLS certificate as A.",
}, forgeryOf("late-key"), "2", "RFC 7515 §5.2; RFC 7517 §5",
	[4]said{
		{"TRUST-026", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for " +
			"only by a key the card's origin did not publish when the client fetched its key set to judge the card."},
		{"TRUST-027", "The client MUST NOT send any credential to an endpoint that only a key published after the card was " +
			"judged vouches for."},
		{"TRUST-028", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
			"card that points elsewhere."},
		{"TRUST-029", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
			"positive control)."},
	}))
