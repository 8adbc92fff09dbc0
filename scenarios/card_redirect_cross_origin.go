package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
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
