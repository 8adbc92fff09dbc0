package scenarios

import (
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A jku is the signer's word for where its key is: an attacker who signs
// a card names its own key set. Only the card's own origin may publish
// the keys that vouch for it, and the client fetches keys nowhere else.
var _ = register(withPeer(forgedSignature(Scenario{
	ID:     "repointed-endpoint-foreign-jku",
	Family: FamilyAuthority, Rank: 60,
	Title: "a card's signature names a key set on a third origin",
	Description: "The card is served on origin A; every interface url is on origin B. Its signature verifies, with the " +
		"key set its `jku` names on origin C, a third origin that is neither the card's nor the endpoint's; A " +
		"publishes no key. B presents the same TLS certificate as A, so only the key set's origin is wrong.",
	Requirements: []Requirement{{
		ID: "TRUST-005", Level: verdict.Must, Profile: verdict.ProfileSignatures,
		Text: "The client MUST NOT fetch a card's signing keys from an origin other than the card's, whatever origin " +
			"the signature's jku names, nor contact that origin at all.",
		Ref:   "contract-model §3 rule 6 and §6 condition 2; RFC 7515 §4.1.2; " + trustRootThreads,
		Check: nothingReaches("C"),
	}},
}, forgeryOf("foreign-jku"), "2", "RFC 7515 §4.1.2; RFC 7517 §5",
	[4]said{
		{"TRUST-001", "The client MUST NOT contact, nor even open a connection to, an endpoint on another origin vouched for " +
			"only by a key from a key set on a third origin that the signature's jku names."},
		{"TRUST-002", "The client MUST NOT send any credential to an endpoint that only a key from a third origin vouches for."},
		{"TRUST-003", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the " +
			"card that points elsewhere."},
		{"TRUST-004", "The client MUST complete the first task, under the card whose endpoints are on its own origin (the " +
			"positive control)."},
	}),
	workingPeer("C", "127.0.0.3", oauthCard)))
