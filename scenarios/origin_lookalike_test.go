package scenarios

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// lookalikeSession is a session of two tasks: the first fetches A's card
// and sends with the bearer token (a control, not judged); the second,
// under a look-alike card, makes second.
func lookalikeSession(second ...journal.Exchange) *Evidence {
	exs := append([]journal.Exchange{fetch("A"), send("A", presenting(journal.CredBearer))}, second...)
	ev := journalOf(exs...)
	ev.Tasks = []ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 2}, {Task: 2, FirstSeq: 3, LastSeq: int64(len(exs))}}
	return ev
}

// keptAlive: the look-alike task (2) opens a connection to the card peer
// for its card request; task 3, under an honest card, reuses it to send
// with the bearer token, which the connection's summary holds.
func keptAlive(edits ...func(*journal.Exchange)) *Evidence {
	exs := []journal.Exchange{fetch("A"), send("A", presenting(journal.CredBearer)),
		connection("A", journal.HandshakeComplete, 900, append([]func(*journal.Exchange){handled(3), presenting(journal.CredBearer)}, edits...)...), fetch("A"),
		fetch("A"), send("A", presenting(journal.CredBearer))}
	ev := journalOf(exs...)
	ev.Tasks = []ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 2}, {Task: 2, FirstSeq: 3, LastSeq: 4}, {Task: 3, FirstSeq: 5, LastSeq: 6}}
	return ev
}

func onlyCardRequestsCases() []checkCase {
	const want = "nothing but card requests to peer A (https://127.0.0.1:4431)"
	return []checkCase{
		{"the card, fetched and revalidated, nothing else", lookalikeSession(fetch("A"), fetch("A", answered(http.StatusNotModified, 0))), passed()},
		{"admin calls, failed handshakes and the card request's connection are not the client's requests", lookalikeSession(fetch("A"),
			request("B", journal.RouteAdmin, http.MethodGet, mockpeer.AdminJournalPath),
			connection("A", journal.HandshakeFailed, 0, presenting(journal.CredClientCert)),
			connection("A", journal.HandshakeComplete, 120, handled(1))), passed()},
		{"the look-alike served by the card peer's own socket", lookalikeSession(fetch("A"), send("A")),
			failed(want, "task 2: 1 other request(s), first POST "+mockpeer.JSONRPCPath+" at peer A", 4)},
		{"plain http on the card peer's TLS port", lookalikeSession(fetch("A"), unparsedAt("A")),
			failed(want, "task 2: 1 other request(s), first a connection, a TLS handshake, then 120 bytes no handler saw at peer A", 4)},
		{"bytes that are not TLS on the card peer's port", lookalikeSession(fetch("A"), connection("A", journal.HandshakeNotTLS, 60)),
			failed(want, "task 2: 1 other request(s), first a connection, 60 bytes that are not TLS no handler saw at peer A", 4)},
		{"another peer's card is another origin too", lookalikeSession(fetch("A"), fetch("B"), call("B", wire.MethodGetTask)),
			failed(want, "task 2: 2 other request(s), first GET "+wire.WellKnownCardPath+" at peer B", 4, 5)},
		{"a task judged has to exist", journalOf(fetch("A")),
			failed("task 2 of the session", "the session has no such task")},
	}
}

func noCredentialBesideCardCases() []checkCase {
	const want = "no credential outside card requests to peer A (https://127.0.0.1:4431)"
	return []checkCase{
		{"requests without credentials", lookalikeSession(fetch("A"), send("B")), passed()},
		{"a credential on the card request is for the card's own origin", lookalikeSession(fetch("A", presenting(journal.CredBearer))), passed()},
		{"the bearer token to the look-alike on the card peer's socket", lookalikeSession(fetch("A"), send("A", presenting(journal.CredBearer))),
			failed(want, "task 2: bearer presented at #4 (POST "+mockpeer.JSONRPCPath+", peer A)", 4)},
		{"the card request's connection carries its credential", lookalikeSession(fetch("A", presenting(journal.CredBearer)),
			connection("A", journal.HandshakeComplete, 300, handled(1), presenting(journal.CredBearer))), passed()},
		{"a token in the handshake with another peer", lookalikeSession(fetch("A"),
			connection("B", journal.HandshakeComplete, 0, presenting(journal.CredBearer))),
			failed(want, "task 2: bearer presented at #4 (a connection, a TLS handshake, then 0 bytes, peer B)", 4)},
		{"a token in the handshake with the card peer's socket, beside card requests without one", lookalikeSession(fetch("A"),
			connection("A", journal.HandshakeComplete, 300, handled(1), presenting(journal.CredBearer))),
			failed(want, "task 2: bearer presented at #4 (a connection, a TLS handshake, then 300 bytes, peer A)", 4)},
		{"a connection opened in the refusing task, kept alive into the next, carries the next task's token", keptAlive(), passed()},
		{"a token in that connection's handshake is the refusing task's, whatever came later", keptAlive(func(ex *journal.Exchange) {
			ex.Conn.ServerName = "[REDACTED:bearer]"
		}), failed(want, "task 2: bearer presented at #3 (a connection, a TLS handshake, then 900 bytes, server name [REDACTED:bearer], peer A)", 3)},
		{"the token in cleartext on the card peer's TLS port is the refusing task's, whatever came later", keptAlive(func(ex *journal.Exchange) {
			ex.Conn.Handshake, ex.Conn.Requests = journal.HandshakeNotTLS, 0
		}), failed(want, "task 2: bearer presented at #3 (a connection, 900 bytes that are not TLS no handler saw, peer A)", 3)},
		{"a request no handler saw, with the token", lookalikeSession(fetch("A"), connection("B", journal.HandshakeComplete, 80, presenting(journal.CredBearer))),
			failed(want, "task 2: bearer presented at #4 (a connection, a TLS handshake, then 80 bytes no handler saw, peer B)", 4)},
		{"a connection that could not be scanned may have carried any", lookalikeSession(fetch("A"),
			connection("B", journal.HandshakeComplete, 80, func(ex *journal.Exchange) { ex.Conn.Unscanned = "HTTP/2: why" })),
			failed(want, "task 2: credentials unknown at #4 (a connection, a TLS handshake, then 80 bytes no handler saw, peer B): HTTP/2: why, whatever it carried reached the peer", 4)},
	}
}

// Each spelling is what its requirement says it is, as RFC 6454 origins of
// the parsed urls compare (the reference's reading): a same-origin spelling
// parses to the card's origin in every binding, a look-alike to another
// origin or to no url at all.
func TestLookalikeSpellingsAreWhatTheySay(t *testing.T) {
	for _, tc := range []struct {
		card      string
		spellings []spelling
	}{{"https://127.0.0.1:4431", lookalikeSpellings}, {"https://localhost:4431", namedSpellings}} {
		cardURL, _ := url.Parse(tc.card)
		a, b := hostAndPort{cardURL.Hostname(), "4431"}, hostAndPort{"127.0.0.1", "4432"}
		for _, s := range tc.spellings {
			urls := s.urls(a, b)
			for i, raw := range urls {
				binding := mockpeer.AllBindings[i]
				if binding == wire.BindingGRPC {
					continue // a target: read by the reference's gRPC parser, played in the scenario
				}
				u, err := url.Parse(raw)
				same := err == nil && refclient.SameOrigin(cardURL, u)
				if same != s.same {
					t.Errorf("%s %s (%s): %q on the card's origin %v, want %v", s.id, s.text, binding, raw, same, s.same)
				}
			}
		}
	}
}

// A spelling's text says what its check judges: a positive control on
// the same origin spelt otherwise, or an abort on a look-alike.
func TestSpellingTextsSayTheirCheck(t *testing.T) {
	for _, s := range slices.Concat(lookalikeSpellings, namedSpellings) {
		control := strings.HasPrefix(s.text, "The client MUST use and complete the task at interfaces on the card's own origin")
		abort := strings.HasPrefix(s.text, "The client MUST report aborted with reason untrusted-endpoint")
		if control != s.same || abort == s.same {
			t.Errorf("%s: same origin %v, but its text is %q", s.id, s.same, s.text)
		}
	}
}
