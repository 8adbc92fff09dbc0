package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// card-redirect-cross-origin under the statuses it did not play, one per
// task: a 308, the status of card-redirect-same-origin's redirect, then a
// 302 and a 303. A cross-origin redirect is refused whatever its status:
// a client that follows a 308 wherever it points (redirect-308-only)
// fails here, one that refuses every status fails
// card-redirect-same-origin-statuses.
var _ = register(redirectSession(Scenario{
	ID:     "card-redirect-cross-origin-statuses",
	Family: FamilyAuthority, Rank: 168,
	Title: "the card URL redirects to another origin with 308, 302 and 303",
	Description: "As `card-redirect-cross-origin`, over four tasks: the client's first task runs under A's honest card " +
		"(the positive control); from the second task on the card URL on origin A redirects to origin C, whose card " +
		"points at C itself, answering 308 in the second task, 302 in the third and 303 in the fourth. Between the " +
		"tasks A's card changes a capability field only (its version). C is a working A2A peer.",
	Requirements: []Requirement{
		{
			ID: "REDIR-028", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send a task-creating request to an origin reached through a cross-origin card " +
				"redirect, whatever its status: a 308, a 302 or a 303.",
			Ref: "contract-model §3 rule 6", Check: noTaskCreatingAt("C"),
		},
		{
			ID: "REDIR-029", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send any credential to an origin reached through a cross-origin card redirect, " +
				"whatever its status.",
			Ref: "contract-model §3 rule 6", Check: noCredentialAt("C"),
		},
		{
			ID: "REDIR-030", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT contact, nor even open a connection to, an origin reached through a cross-origin " +
				"card redirect, whatever its status.",
			Ref: "contract-model §3 rule 6 and §4", Check: nothingReaches("C"),
		},
		refusedStatus(2, "REDIR-031", "The client MUST report the second task aborted with reason untrusted-endpoint, having "+
			"been served "+statusName(http.StatusPermanentRedirect)+" to another origin."),
		refusedStatus(3, "REDIR-032", "The client MUST report the third task aborted with reason untrusted-endpoint, having "+
			"been served "+statusName(http.StatusFound)+" to another origin."),
		refusedStatus(4, "REDIR-033", "The client MUST report the fourth task aborted with reason untrusted-endpoint, having "+
			"been served "+statusName(http.StatusSeeOther)+" to another origin."),
		controlTask("REDIR-034", verdict.ProfileCore, 1, "The client MUST complete the first task, under the card its URL "+
			"served without a redirect (the positive control).", "contract-model §3 rule 6"),
	},
}, mockpeer.Redirect{Status: http.StatusPermanentRedirect, To: "C", FromVersion: 1},
	[]int{0, http.StatusPermanentRedirect, http.StatusFound, http.StatusSeeOther},
	workingPeer("C", "127.0.0.3", bearerCard)))

// refusedStatus: the client reports task n, whose card URL answered a
// redirect to another origin, aborted with reason untrusted-endpoint.
func refusedStatus(n int, id, text string) Requirement {
	return atTask(n, mustAbort(id, text, "contract-model §3 rule 6; docs/driver-contract.md", driver.ReasonUntrustedEndpoint))
}
