package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The positive control of card-redirect-cross-origin's refusal: a card URL
// that redirects to another path on its own origin hands the client a card
// that origin serves, as authoritative as one served without a redirect.
// A client that refuses every redirect, whatever its target, refuses an
// honest agent that moved its card, and passes every refusal of the cross-
// origin scenarios without ever comparing an origin.
var _ = register(routing(Scenario{
	ID:     "card-redirect-same-origin",
	Family: FamilyAuthority, Rank: 165,
	Title: "the card URL redirects to another path on its own origin",
	Description: "From the first contact on, the card URL on origin A answers 308 to another path on A, where A " +
		"serves its card, whose endpoints are on A. Between the tasks A's card changes a capability field only " +
		"(its version), and the card URL still redirects there.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: []Requirement{
		followedAt(1, "REDIR-006",
			"The client MUST complete the first task, whose card the card URL served through a redirect to another path on "+
				"the same origin: a same-origin redirect leaves the card authoritative for that origin (the positive control of "+
				"REDIR-001 to REDIR-005).",
			"contract-model §3 rule 6"),
		followedAt(2, "REDIR-007",
			"The client MUST complete the second task, the card URL still redirecting within its origin, to a card whose "+
				"contract is unchanged.",
			"contract-model §3 rules 2 and 6"),
	},
}, mockpeer.PeerSpec{
	Cards:    []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Version("1.1.0").Build},
	Redirect: MovedCard("A", http.StatusPermanentRedirect),
}))

// followedAt is the positive control of task n: it completes, sent on the
// card the same-origin redirect leads to (followedMovedCard).
func followedAt(n int, id, text, ref string) Requirement {
	r := controlTask(id, verdict.ProfileCore, n, text, ref)
	r.Check = followedMovedCard
	return r
}
