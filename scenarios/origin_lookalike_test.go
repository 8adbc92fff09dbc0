package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// lookalikeSession is a session of two tasks: the first fetches A's card
// and sends with the bearer token (a control, not judged); the second,
// under a look-alike card, makes second.
func lookalikeSession(second ...mockpeer.Exchange) *Evidence {
	exs := append([]mockpeer.Exchange{fetch("A"), send("A", presenting(mockpeer.CredBearer))}, second...)
	ev := journal(exs...)
	ev.Tasks = []ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 2}, {Task: 2, FirstSeq: 3, LastSeq: int64(len(exs))}}
	return ev
}

func onlyCardRequestsCases() []checkCase {
	const want = "nothing but card requests to peer A (https://127.0.0.1:4431)"
	return []checkCase{
		{"the card, fetched and revalidated, nothing else", lookalikeSession(fetch("A"), fetch("A", answered(http.StatusNotModified, 0))), passed()},
		{"admin calls and failed handshakes are not the client's requests", lookalikeSession(fetch("A"),
			request("B", mockpeer.RouteAdmin, http.MethodGet, mockpeer.AdminJournalPath),
			request("A", mockpeer.RouteTLSHandshake, "", "", presenting(mockpeer.CredClientCert))), passed()},
		{"the look-alike served by the card peer's own socket", lookalikeSession(fetch("A"), send("A")),
			failed(want, "task 2: 1 other request(s), first POST "+mockpeer.JSONRPCPath+" at peer A", 4)},
		{"plain http on the card peer's TLS port", lookalikeSession(fetch("A"), unparsedAt("A")),
			failed(want, "task 2: 1 other request(s), first an unparsed request: malformed at peer A", 4)},
		{"another peer's card is another origin too", lookalikeSession(fetch("A"), fetch("B"), call("B", wire.MethodGetTask)),
			failed(want, "task 2: 2 other request(s), first GET "+wire.WellKnownCardPath+" at peer B", 4, 5)},
		{"a task judged has to exist", journal(fetch("A")),
			failed("task 2 of the session", "the session has no such task")},
	}
}

func noCredentialBesideCardCases() []checkCase {
	const want = "no credential outside card requests to peer A (https://127.0.0.1:4431)"
	return []checkCase{
		{"requests without credentials", lookalikeSession(fetch("A"), send("B")), passed()},
		{"a credential on the card request is for the card's own origin", lookalikeSession(fetch("A", presenting(mockpeer.CredBearer))), passed()},
		{"the bearer token to the look-alike on the card peer's socket", lookalikeSession(fetch("A"), send("A", presenting(mockpeer.CredBearer))),
			failed(want, "task 2: bearer presented at #4 (POST "+mockpeer.JSONRPCPath+", peer A)", 4)},
		{"a request refused unread may have carried any", lookalikeSession(fetch("A"), unparsedAt("B")),
			failed(want, "task 2: credentials unknown at #4 (an unparsed request: malformed, peer B): refused unread, whatever it carried reached the peer", 4)},
	}
}
