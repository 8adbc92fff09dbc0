package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// card-redirect-cross-origin on first contact: the first answer of the card
// URL is a redirect to another origin, whose card points at itself. A
// client that follows it meets C's card as its first, and a client that
// trusts its first card trusts C.
var _ = register(redirectedToC(Scenario{
	ID:     "card-redirect-cross-origin-first-contact",
	Family: FamilyFirstContact, Rank: 70,
	Title: "the card URL redirects to another origin on first contact",
	Description: "As `card-redirect-cross-origin`, the other way round: in the first task the card URL on origin A " +
		"answers 301 to origin C, whose card points at C itself; C is a working A2A peer. Between the tasks the " +
		"redirect ends: A serves its honest card, and the second task runs under it (the positive control).",
	Requirements: append(refusedRedirect("C", 1, [3]said{
		{"FIRST-025", "The client MUST NOT send a task-creating request to an origin reached through a cross-origin card redirect, on first contact too."},
		{"FIRST-026", "The client MUST NOT send any credential to an origin reached through a cross-origin card redirect, on first contact too."},
		{"FIRST-027", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served the redirect as its first answer."},
	}),
		controlTask("FIRST-028", verdict.ProfileCore, 2, "The client MUST complete the second task, under the card its URL served "+
			"without a redirect after the one it refused (the positive control).", "contract-model §3 rule 6"),
	),
}, mockpeer.Redirect{Status: http.StatusMovedPermanently, To: "C", UntilVersion: 1}))
