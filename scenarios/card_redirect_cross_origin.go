package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A card URL that redirects to another origin hands the client a card the
// first origin never vouched for. Following it is how a hijacked well-known
// path becomes a hijacked agent.
var _ = register(redirectedToC(Scenario{
	ID:     "card-redirect-cross-origin",
	Family: FamilyAuthority, Rank: 160,
	Title: "the card URL redirects to another origin",
	Description: "The client's first task runs under A's honest card (the positive control). Between the " +
		"tasks the card URL on origin A starts answering 301 to origin C, whose card points at C itself. C is " +
		"a working A2A peer.",
	Requirements: append(refusedRedirect("C", 2, [3]said{
		{"REDIR-001", "The client MUST NOT send a task-creating request to an origin reached through a cross-origin card redirect."},
		{"REDIR-002", "The client MUST NOT send any credential to an origin reached through a cross-origin card redirect."},
		{"REDIR-003", "The client MUST report the second task aborted with reason untrusted-endpoint, having been served the redirect."},
	}),
		Requirement{
			ID: "REDIR-005", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT contact, nor even open a connection to, an origin reached through a cross-origin " +
				"card redirect: nothing can make it authoritative.",
			Ref:   "contract-model §3 rule 6 and §4",
			Check: nothingReaches("C"),
		},
		controlTask("REDIR-004", verdict.ProfileCore, 1, "The client MUST complete the first task, under the card its URL served without a redirect (the positive control).",
			"contract-model §3 rule 6"),
	),
}, mockpeer.Redirect{Status: http.StatusMovedPermanently, To: "C", FromVersion: 1}))

// redirectedToC completes a scenario of card-redirect-cross-origin's shape:
// routing's farm, A serving its honest card and then its v1.1.0, its card
// URL answering with redirect (to origin C) while the card versions it
// names are in force; C, on a host of its own, is a working A2A peer whose
// card points at C itself. The client holds a bearer token.
func redirectedToC(s Scenario, redirect mockpeer.Redirect) *Scenario {
	s.Grants = mockpeer.Grants{Bearer: true}
	return routing(s, mockpeer.PeerSpec{
		Cards:    []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Version("1.1.0").Build},
		Redirect: &redirect,
	}, workingPeer("C", "127.0.0.3", bearerCard))
}

// refusedRedirect is the requirements of a card URL that redirected the
// client to peer's origin in task refused, in the order of r: no
// task-creating request reaches peer, no credential does, the client
// reports the task aborted / untrusted-endpoint. All three are MUSTs
// (core) citing rule 6; the outcome also cites the driver contract.
func refusedRedirect(peer string, refused int, r [3]said) []Requirement {
	const ref = "contract-model §3 rule 6"
	return []Requirement{
		{ID: r[0].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[0].text, Ref: ref, Check: noTaskCreatingAt(peer)},
		{ID: r[1].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[1].text, Ref: ref, Check: noCredentialAt(peer)},
		atTask(refused, mustAbort(r[2].id, r[2].text, ref+"; docs/driver-contract.md", driver.ReasonUntrustedEndpoint)),
	}
}
