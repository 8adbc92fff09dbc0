package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// card-redirect-cross-origin with C on the card's own host at another port:
// an origin is scheme, host and port (RFC 6454), and a redirect that keeps
// the host but not the port leaves the origin as surely as one to another
// host. Every other cross-origin redirect of the catalog goes to another
// host, so a client whose redirect gate compares host names alone
// (card-redirect-same-host) passed every refusal of the catalog.
var _ = register(redirectedTo(Scenario{
	ID:     "card-redirect-cross-origin-same-host",
	Family: FamilyAuthority, Rank: 161,
	Title: "the card URL redirects to another port on the card's own host",
	Description: "As `card-redirect-cross-origin`, with C on the card's own host, `127.0.0.1`, at another port: the " +
		"client's first task runs under A's honest card (the positive control); between the tasks the card URL on " +
		"origin A starts answering 301 to C's card URL, whose card points at C itself. C is a working A2A peer.",
	Requirements: redirectRefusedLater([5]said{
		{"REDIR-008", "The client MUST NOT send a task-creating request to an origin reached through a card redirect to " +
			"another port on the card's own host: another port is another origin."},
		{"REDIR-009", "The client MUST NOT send any credential to an origin reached through a card redirect to another " +
			"port on the card's own host."},
		{"REDIR-010", "The client MUST report the second task aborted with reason untrusted-endpoint, having been " +
			"served a redirect to another port on the card's own host."},
		{"REDIR-011", "The client MUST NOT contact, nor even open a connection to, an origin on the card's own host at " +
			"another port reached through a card redirect."},
		{"REDIR-012", "The client MUST complete the first task, under the card its URL served without a redirect (the " +
			"positive control)."},
	}),
}, mockpeer.Redirect{Status: http.StatusMovedPermanently, To: "C", FromVersion: 1},
	workingPeer("C", "127.0.0.1", bearerCard)))
