package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// An interface the card is authoritative for answers the client's A2A
// request with a redirect to another origin. The card vouches for the
// url it names, not for wherever that url's server sends the client: a
// redirect of an A2A request is followed only within the origin, as the
// card URL's is (contract-model §3 rule 6, §8 rule 2), or the credentials
// go where no card named. Until this scenario no peer redirected anything
// but its card URL, so a client that followed every other redirect
// anywhere (follow-non-card-redirects) passed every requirement of the
// catalog. C is on the card's own host at another port, where an HTTP
// client that keeps the Authorization header for the same host name (Go's
// net/http does) hands C the token.
var _ = register(routing(Scenario{
	ID:     "interface-redirect-cross-origin",
	Family: FamilyAuthority, Rank: 164,
	Title: "the card's interface redirects the send to another origin",
	Description: "The client's first task runs under A's honest card (the positive control). Between the tasks A's " +
		"card changes a capability field only (its version), and A's JSON-RPC and HTTP+JSON endpoints start " +
		"answering every request with 307 to the same endpoint on origin C, on the card's own host at another " +
		"port; C is a working A2A peer, which no card names. gRPC has no redirects: over it, A keeps serving.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: []Requirement{
		{
			ID: "REDIR-018", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT contact, nor even open a connection to, an origin that an A2A request was " +
				"redirected to: the card vouches for the url it names, not for where that url's server redirects.",
			Ref:   "contract-model §3 rule 6 and §8 rule 2",
			Check: nothingReaches("C"),
		},
		{
			ID: "REDIR-019", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST NOT send any credential to an origin that an A2A request was redirected to.",
			Ref:   "contract-model §3 rule 6 and §8 rule 2",
			Check: noCredentialAt("C"),
		},
		controlTask("REDIR-020", verdict.ProfileCore, 1, "The client MUST complete the first task, sent to the "+
			"interface its card names, which answered it without a redirect (the positive control).",
			"contract-model §3 rule 6"),
	},
}, mockpeer.PeerSpec{
	Cards:       []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Version("1.1.0").Build},
	A2ARedirect: &mockpeer.Redirect{Status: http.StatusTemporaryRedirect, To: "C", FromVersion: 1},
}, workingPeer("C", "127.0.0.1", bearerCard)))
