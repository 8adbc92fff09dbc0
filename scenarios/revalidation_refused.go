package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// revalidation-unavailable's twin for a card URL that answers no instead of
// failing: 401 with a Bearer challenge, 403, 404, 410. "Not there" and "not
// for you" say no more than "down" that the contract still holds, and a
// client that takes a client error for "not modified" (the server said
// nothing new, after all) sends under a card the agent may have withdrawn.
// The server faults of revalidation-unavailable never answered 4xx, so such
// a client passed every scenario. The challenge is a second trap: the
// card URL is no interface, and no credential answers it.
var _ = register(cardFaulted(Scenario{
	ID:     "revalidation-refused",
	Family: FamilyContract, Rank: 81,
	Title: "the card URL answers a client error between the look and the send",
	Description: "The card (ETag, max-age=300) never changes. The client's first task completes under it (the " +
		"positive control). Then, in each of four tasks, the card URL answers a client error right after the " +
		"client's look at the card, and keeps answering it for the rest of the task: 401 with `WWW-Authenticate: " +
		"Bearer`, 403, 404, 410. Then the card URL serves the card again for a last task, which must complete.",
}, refusals, presentsCredentialAnywhere, "contract-model §3 rule 2 and §8", [5]said{
	{"REVAL-006", "The client MUST NOT send a task-creating request once its revalidation of the card was answered with a " +
		"client error (401, 403, 404, 410): a card URL that refuses or no longer has the card says nothing of the contract."},
	{"REVAL-007", "The client MUST NOT send a credential once its revalidation of the card was refused, not even to the card " +
		"URL that challenged it: the card URL is no interface, and no credential answers its challenge."},
	{"REVAL-008", "The client MUST report each task whose revalidation was refused failed, with reason peer-error (or " +
		"transport-error, as some clients class any failed fetch), having met the refusal."},
	{"REVAL-009", "The client MUST complete the first task, before the card URL refuses (the positive control)."},
	{"REVAL-010", "The client MUST complete the last task, once the card URL serves the card again: a refused revalidation " +
		"spoils no later task."},
}))

// refusals are the client errors of the scenario, one task each.
var refusals = mockpeer.CardErrorFaults()

// presentsCredentialAnywhere: a request presenting a farm credential, the
// card URL's included (a connection's record names what its requests
// carried, and the admin API is the harness's).
func presentsCredentialAnywhere(ex journal.Exchange) bool {
	switch ex.Route {
	case journal.RouteConnection, journal.RouteAdmin:
		return false
	}
	return len(ex.Auth.Presented) > 0
}
