package scenarios

import "net/http"

// card-redirect-same-origin under the four other redirect statuses, one
// per task: a redirect within the card's own origin leaves the card
// authoritative for that origin whatever its status (a 303 turns the card
// request into a GET, which it is already). The positive control of
// card-redirect-cross-origin-statuses's refusals, and of the other
// cross-origin scenarios' 301 and 307: a client that follows one status
// alone (redirect-308-only) fails here.
var _ = register(redirectSession(Scenario{
	ID:     "card-redirect-same-origin-statuses",
	Family: FamilyAuthority, Rank: 167,
	Title: "the card URL redirects to another path on its own origin with 301, 302, 303 and 307",
	Description: "As `card-redirect-same-origin`, over four tasks: in each, the card URL on origin A answers another " +
		"redirect status to another path on A, where A serves its card, whose endpoints are on A: 301 in the first task, " +
		"302 in the second, 303 in the third, 307 in the fourth. Between the tasks A's card changes a capability field " +
		"only (its version).",
	Requirements: []Requirement{
		followedAt(1, "REDIR-024", "The client MUST complete the first task, whose card the card URL served through "+
			statusName(http.StatusMovedPermanently)+" to another path on the same origin: a redirect within the origin leaves "+
			"the card authoritative whatever its status.", "contract-model §3 rule 6"),
		followedAt(2, "REDIR-025", "The client MUST complete the second task, whose card the card URL served through "+
			statusName(http.StatusFound)+" to another path on the same origin.", "contract-model §3 rule 6"),
		followedAt(3, "REDIR-026", "The client MUST complete the third task, whose card the card URL served through "+
			statusName(http.StatusSeeOther)+" to another path on the same origin (the card request, a GET, stays one).",
			"contract-model §3 rule 6; RFC 9110 §15.4.4"),
		followedAt(4, "REDIR-027", "The client MUST complete the fourth task, whose card the card URL served through "+
			statusName(http.StatusTemporaryRedirect)+" to another path on the same origin.", "contract-model §3 rule 6"),
	},
}, *MovedCard("A", http.StatusPermanentRedirect), []int{http.StatusMovedPermanently, http.StatusFound,
	http.StatusSeeOther, http.StatusTemporaryRedirect}))
