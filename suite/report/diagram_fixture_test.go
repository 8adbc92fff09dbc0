package report

import (
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/driver"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// diagramFixture is a scenario with every kind of row the diagram draws:
// requests to two peers with long labels, a card response's badge, an
// operator's admin calls (one naming a peer, one the whole farm), a call
// to the admin listener without the secret, a refused impostor handshake,
// a bare handshake, a connect-and-close, an idle connection the peer
// closed, bytes that are not TLS, and a task outcome far longer than the
// diagram is wide.
func diagramFixture() (*Scenario, []journal.Exchange) {
	const a, b, admin = "https://127.0.0.1:40001", "https://127.0.0.1:40002", "https://127.0.0.1:40000"
	conn := func(seq int64, peer, origin string, c journal.Connection) journal.Exchange {
		return journal.Exchange{Seq: seq, Peer: peer, Origin: origin, Route: journal.RouteConnection, Conn: &c}
	}
	lines := []journal.Exchange{
		{Seq: 1, Peer: "A", Origin: a, Route: journal.RouteCard, Method: "GET", Path: "/.well-known/agent-card.json", Status: 200},
		{Seq: 2, Peer: "A", Origin: a, Route: "oauth-token", Method: "POST", Path: "/oauth/token", Status: 200},
		{Seq: 3, Peer: "A", Origin: a, Route: "a2a", Op: "SendMessage", Method: "POST", Path: "/a2a/jsonrpc", Status: 200, ErrorCode: -32001},
		{Seq: 4, Origin: admin, Route: journal.RouteAdmin, Method: "POST", Path: "/_conform/rotate", Query: "peer=A&to=1", Status: 200, Peer: "A", CardVersion: 1},
		{Seq: 5, Peer: "B", Origin: b, Route: "a2a", Op: "SendStreamingMessage", Method: "POST", Path: "/a2a/v1/message:stream/with/a/rather/long/path", Status: 401, CardVersion: 0},
		{Seq: 6, Origin: admin, Route: journal.RouteAdmin, Method: "POST", Path: "/_conform/impostor", Query: "peer=A", Status: 200, Peer: "A", CardVersion: 1},
		conn(7, "A", a, journal.Connection{Handshake: "failed", Impostor: true, ServerName: "127.0.0.1", EndedBy: "client"}),
		conn(8, "A", a, journal.Connection{Handshake: "complete", EndedBy: "client"}),
		conn(9, "B", b, journal.Connection{Handshake: "none", EndedBy: "client"}),
		conn(10, "B", b, journal.Connection{Handshake: "none", EndedBy: "peer"}),
		conn(11, "B", b, journal.Connection{Handshake: "not-tls", Bytes: 30, EndedBy: "peer"}),
		conn(12, "A", a, journal.Connection{Handshake: "complete", Bytes: 420, Requests: 2, EndedBy: "client"}),
		{Seq: 13, Origin: admin, Route: "unmatched", Method: "GET", Path: "/_conform/journal", Status: 401, Malformed: "admin API call without the run's admin secret"},
		{Seq: 14, Origin: admin, Route: journal.RouteAdmin, Method: "POST", Path: "/_conform/reset", Status: 200},
		{Seq: 15, Peer: "A", Origin: a, Route: journal.RouteCard, Method: "GET", Path: "/.well-known/agent-card.json", Status: 200, CardVersion: 0},
	}
	lines[0].Auth.Presented = []string{"oauth-client-secret", "bearer"}
	lines[2].Auth.Presented = []string{"bearer"}
	lines[6].Malformed = "the client hung up on the impostor's certificate during the handshake"
	sc := &Scenario{ID: "fixture", Played: true, ExchangeCount: len(lines), Tasks: []*Task{
		{Task: 1, FirstExchange: 1, LastExchange: 3, Outcome: &driver.Outcome{Outcome: "completed"}},
		{Task: 2, FirstExchange: 5, LastExchange: 15, Outcome: &driver.Outcome{Outcome: "failed",
			Detail: strings.Repeat("the agent's card changed under the client and it said so at length; ", 6) + "END"}},
	}}
	return sc, lines
}
