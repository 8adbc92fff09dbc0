package scenarios

// A card is judged by the keys its origin publishes when the client judges
// it: a key that shows up later, however often the client asks, did not
// vouch for the card it fetched.
var _ = register(forgedSignature(Scenario{
	ID:    "repointed-endpoint-late-key",
	Title: "a card is signed by a key its origin publishes only after the card was fetched",
	Description: "The card is served on origin A; every interface url is on origin B. Its signature is valid, by a key " +
		"A's JWKS (named by `jku`, on A) lacks when the client fetches it after the card; A publishes the key from " +
		"the next JWKS request on, as a key rotation would. B presents the same TLS certificate as A.",
}, forgeryOf("late-key"), "2", "RFC 7515 §5.2; RFC 7517 §5",
	[4]string{"TRUST-026", "TRUST-027", "TRUST-028", "TRUST-029"},
	"The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for only by "+
		"a key the card's origin did not publish when the client fetched its key set to judge the card.",
	"The client MUST NOT send any credential to an endpoint that only a key published after the card was judged vouches for."))
