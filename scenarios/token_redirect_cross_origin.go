package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// interface-redirect-cross-origin for the token request: the token
// endpoint the card names, on its own origin, answers the client's token
// request with a redirect to another origin. A client secret goes only to
// the token endpoint it may go to (contract-model §8 rule 3), never to
// wherever that endpoint's server sends it: a redirect is followed only
// within the origin. C is on the card's own host at another port, where an
// HTTP client that keeps the Authorization header for the same host name
// (Go's net/http does) hands C the secret in a Basic header, as a 307 hands
// it the form body.
var _ = register(routing(Scenario{
	ID:     "token-redirect-cross-origin",
	Family: FamilyAuthority, Rank: 166,
	Title: "the card's token endpoint redirects the token request to another origin",
	Description: "The client holds OAuth client credentials. Its first task runs under A's card, whose token endpoint is " +
		"on A (the positive control). Between the tasks A's card changes a capability field only (its version), and " +
		"A's token endpoint starts answering every request with 307 to C's token endpoint, on the card's own host at " +
		"another port; C is a working A2A peer with a token endpoint of its own, which no card names.",
	Grants: mockpeer.Grants{OAuth: true},
	Requirements: []Requirement{
		{
			ID: "REDIR-021", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT contact, nor even open a connection to, an origin that its token request was redirected " +
				"to: the card names the token endpoint, not where that endpoint's server redirects.",
			Ref:   "contract-model §3 rule 6 and §8 rule 3",
			Check: nothingReaches("C"),
		},
		{
			ID: "REDIR-022", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send its client secret, nor any other credential, to an origin that its token request was redirected to.",
			Ref:   "contract-model §3 rule 6 and §8 rule 3; RFC 6749 §2.3",
			Check: noCredentialAt("C"),
		},
		controlTask("REDIR-023", verdict.ProfileCore, 1, "The client MUST complete the first task, with a token from the "+
			"token endpoint its card names, which answered without a redirect (the positive control).",
			"contract-model §8 rule 3"),
	},
}, mockpeer.PeerSpec{
	Cards:         []mockpeer.CardFunc{oauthCard("A").Build, oauthCard("A").Version("1.1.0").Build},
	TokenRedirect: &mockpeer.Redirect{Status: http.StatusTemporaryRedirect, To: "C", FromVersion: 1},
}, workingPeer("C", "127.0.0.1", oauthCard)))
