package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// card-redirect-cross-origin with the redirect starting between the
// client's look at the card and its revalidation right before the send,
// instead of between tasks. A refused redirect answers the revalidation
// with no card: it says nothing of the contract, no more than a 503 does
// (revalidation-unavailable), and a client that takes it for "not
// modified" sends under the card it planned on. The catalog's cross-origin
// redirects all started between tasks, so they met the look, never the
// revalidation, and such a client passed every scenario.
var _ = register(armedAtTheLook(redirectedToC(Scenario{
	ID:     "card-redirect-at-revalidation",
	Family: FamilyAuthority, Rank: 163,
	Title: "the card URL starts redirecting to another origin between the look and the send",
	Description: "The client's first task runs under A's honest card (the positive control). In the second task, " +
		"right after the client's look at the card, the card URL on origin A starts answering 307 to origin C, whose " +
		"card points at C itself: the client's revalidation right before the send is redirected. C is a working A2A peer.",
	Requirements: []Requirement{
		atTask(2, mustAbort("REVAL-011", "The client MUST report the second task aborted with reason untrusted-endpoint, having "+
			"been served the redirect.", "contract-model §3 rule 6; docs/driver-contract.md", driver.ReasonUntrustedEndpoint)),
		{
			ID: "REVAL-012", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT send a task-creating request anywhere once its revalidation was answered with a " +
				"cross-origin redirect, to the card's own origin no more than to the one redirected to: a redirect it refuses " +
				"answers with no card, and says nothing of the contract.",
			Ref: "contract-model §3 rules 2 and 6",
			Check: afterFirstCardAnswer(firstCardRedirect, "the card request the peer answered with a redirect",
				"no task-creating request", "task-creating request(s)", journal.Exchange.TaskCreating),
		},
		{
			ID: "REVAL-013", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text: "The client MUST NOT contact, nor even open a connection to, an origin its revalidation was redirected to: " +
				"no credential and no request reach it.",
			Ref:   "contract-model §3 rule 6 and §4",
			Check: nothingReaches("C"),
		},
		controlTask("REVAL-014", verdict.ProfileCore, 1, "The client MUST complete the first task, under the card its URL served without a redirect (the positive control).",
			"contract-model §3 rule 6"),
	},
}, mockpeer.Redirect{Status: http.StatusTemporaryRedirect, To: "C", FromVersion: 1})))

// armedAtTheLook has s's change between the tasks meet the client between
// its look at the card and its send instead: A arms version 1 (ArmRotation).
func armedAtTheLook(s *Scenario) *Scenario {
	s.Tasks = controlThen(ArmRotation("A", 1))
	return s
}
