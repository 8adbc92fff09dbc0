package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// card-redirect-cross-origin with C serving its card at a path of its own:
// what makes a redirect safe to follow is its target's origin, never its
// path. Every other cross-origin redirect of the catalog keeps the
// well-known path, and its only path-changing redirect stays on the card's
// origin, so a client that took any redirect to another path for an agent
// moving its card, and followed it wherever it went (redirect-moved-path),
// passed every refusal of the catalog.
var _ = register(redirectedTo(Scenario{
	ID:     "card-redirect-cross-origin-moved-path",
	Family: FamilyAuthority, Rank: 162,
	Title: "the card URL redirects to another path on another origin",
	Description: "As `card-redirect-cross-origin`, with C serving its card at `" + summarizerCardPath + "` instead of " +
		"the well-known path: the client's first task runs under A's honest card (the positive control); between " +
		"the tasks the card URL on origin A starts answering 301 to that card URL on C, whose card points at C " +
		"itself. C is a working A2A peer.",
	Requirements: redirectRefusedLater([5]said{
		{"REDIR-013", "The client MUST NOT send a task-creating request to an origin reached through a card redirect to " +
			"another path on another origin: a moved card path makes no other origin authoritative."},
		{"REDIR-014", "The client MUST NOT send any credential to an origin reached through a card redirect to another " +
			"path on another origin."},
		{"REDIR-015", "The client MUST report the second task aborted with reason untrusted-endpoint, having been " +
			"served a redirect to another path on another origin."},
		{"REDIR-016", "The client MUST NOT contact, nor even open a connection to, an origin reached through a card " +
			"redirect to another path on it."},
		{"REDIR-017", "The client MUST complete the first task, under the card its URL served without a redirect (the " +
			"positive control)."},
	}),
}, mockpeer.Redirect{Status: http.StatusMovedPermanently, To: "C", FromVersion: 1},
	movedCardPeer("C", "127.0.0.3")))
