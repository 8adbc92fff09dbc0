package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// repointed-endpoint on first contact: the card that points at another
// port of the card's host is the first the session meets. A client that
// trusts its first card and afterwards checks only whether the urls
// changed sends it the task.
var _ = register(firstContact(routing(Scenario{
	ID:     "repointed-endpoint-first-contact",
	Family: FamilyFirstContact, Rank: 10,
	Title: "the session's first card points at another origin",
	Description: "As `repointed-endpoint`, the other way round. The card is served on origin A, and the first card " +
		"the client is served lists every interface url on origin B, on the card's own host (127.0.0.1) at another " +
		"port, with another TLS identity: there is no earlier card to compare it with, only its own origin. Between " +
		"the tasks the card is repaired: its interfaces are on A, and the second task runs under it (the positive " +
		"control). B is a working A2A peer that would complete the task.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: untrustedOnFirstContact("B", verdict.ProfileCore, "contract-model §3 rule 6",
		[4]said{
			{"FIRST-001", "The client MUST NOT send any request to an endpoint on another origin that the session's first card " +
				"is not authoritative for."},
			{"FIRST-002", "The client MUST NOT send any credential to an endpoint the session's first card is not authoritative " +
				"for."},
			{"FIRST-003", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served, as " +
				"the session's first card, the card that points elsewhere: a card is judged on its own, not against an earlier " +
				"one."},
			{"FIRST-004", "The client MUST complete the second task, under the card whose endpoints are on its own origin, " +
				"served after the one it refused (the positive control)."},
		}),
}, mockpeer.PeerSpec{
	Cards:   []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Endpoint("B").Version("1.1.0").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
}, workingPeer("B", "127.0.0.1", bearerCard))))
