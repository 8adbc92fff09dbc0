package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Tables of the checks that judge where requests went: the other origin of
// the routing scenarios, and the interface of another protocol version.

func nothingReachesCases() []checkCase {
	const want = "no contact with peer B (https://127.0.0.2:4432), not even a connection"
	return []checkCase{
		{"everything at the card's origin", journalOf(fetch("A"), connection("A", journal.HandshakeComplete, 300), send("A")), passed()},
		{"admin calls are not the client's", journalOf(fetch("A"),
			request("B", journal.RouteAdmin, http.MethodGet, mockpeer.AdminJournalPath)), passed()},
		{"the key fetched from the other origin, then the task",
			journalOf(fetch("A"), request("B", journal.RouteJWKS, http.MethodGet, mockpeer.JWKSPath), send("B"), fetch("C")),
			failed(want, "2 contact(s), first GET "+mockpeer.JWKSPath, 2, 3)},
		{"a request the peer does not serve", journalOf(request("B", journal.RouteUnmatched, http.MethodPost, "/rpc")),
			failed(want, "1 contact(s), first POST /rpc", 1)},
		{"bytes no handler saw are contact", journalOf(fetch("A"), connection("B", journal.HandshakeComplete, 80)),
			failed(want, "1 contact(s), first a connection, a TLS handshake, then 80 bytes no handler saw", 2)},
		{"a bare handshake is contact", journalOf(fetch("A"), connection("B", journal.HandshakeComplete, 0)),
			failed(want, "1 contact(s), first a connection, a TLS handshake, then 0 bytes", 2)},
		{"a connect and close is contact", journalOf(fetch("A"), connection("B", journal.HandshakeNone, 0)),
			failed(want, "1 contact(s), first a connection, closed without a byte", 2)},
		{"a failed handshake is contact", journalOf(fetch("A"), connection("B", journal.HandshakeFailed, 0, func(ex *journal.Exchange) {
			ex.Malformed = "TLS handshake failed: remote error: tls: bad certificate"
		})), failed(want, "1 contact(s), first a connection, its TLS handshake failed (TLS handshake failed: remote error: tls: bad certificate)", 2)},
	}
}

func noRequestAtCases() []checkCase {
	const want = "no request to peer B (https://127.0.0.2:4432), a handshake at most"
	return []checkCase{
		{"a bare handshake to learn the TLS principal", journalOf(fetch("A"), connection("B", journal.HandshakeComplete, 0)), passed()},
		{"a failed handshake, a connect and close", journalOf(connection("B", journal.HandshakeFailed, 0),
			connection("B", journal.HandshakeNone, 0)), passed()},
		{"admin calls are not the client's", journalOf(request("B", journal.RouteAdmin, http.MethodGet, mockpeer.AdminJournalPath)), passed()},
		{"one byte past the handshake is a request", journalOf(fetch("A"), connection("B", journal.HandshakeComplete, 1)),
			failed(want, "1 request(s), first a connection, a TLS handshake, then 1 bytes no handler saw", 2)},
		{"bytes that are not TLS are a request", journalOf(connection("B", journal.HandshakeNotTLS, 40)),
			failed(want, "1 request(s), first a connection, 40 bytes that are not TLS no handler saw", 1)},
		{"a request that parsed, and its connection", journalOf(connection("B", journal.HandshakeComplete, 200, handled(1)), send("B")),
			failed(want, "2 request(s), first a connection, a TLS handshake, then 200 bytes", 1, 2)},
	}
}

func noTaskCreatingAtCases() []checkCase {
	const want = "no task-creating request to peer C (https://127.0.0.3:4433)"
	return []checkCase{
		{"the redirect target's card only", journalOf(fetch("A"), fetch("C"), call("C", wire.MethodGetTask)), passed()},
		{"the task sent at the redirect's source", journalOf(fetch("A"), send("A")), passed()},
		{"a send to the redirect target", journalOf(fetch("A"), fetch("C"), send("C"), call("C", wire.MethodSendStreamingMessage)),
			failed(want, "SendMessage at #3", 3, 4)},
		{"a refused send counts too", journalOf(call("C", wire.MethodSendStreamingMessage, answered(http.StatusUnauthorized, 0))),
			failed(want, "SendStreamingMessage at #1", 1)},
	}
}

func noCredentialAtCases() []checkCase {
	const want = "no credential sent to peer B (https://127.0.0.2:4432)"
	return []checkCase{
		{"credentials at the card's origin only", journalOf(fetch("A"), send("A", presenting(journal.CredBearer)),
			connection("A", journal.HandshakeComplete, 500, presenting(journal.CredBearer)),
			fetch("B"), request("B", journal.RouteJWKS, http.MethodGet, mockpeer.JWKSPath),
			connection("B", journal.HandshakeComplete, 0)), passed()},
		{"a token to the other origin", journalOf(fetch("A"),
			request("B", journal.RouteToken, http.MethodPost, mockpeer.TokenPath,
				presenting(journal.CredOAuthClientSecret)),
			send("B", presenting(journal.CredOAuthToken, journal.CredClientCert))),
			failed(want, "oauth-client-secret presented at #2 (POST "+mockpeer.TokenPath+")", 2, 3)},
		{"several credentials at once", journalOf(send("B", presenting(journal.CredBearer, journal.CredAPIKey))),
			failed(want, "bearer, api-key presented at #1 (POST "+mockpeer.JSONRPCPath+")", 1)},
		{"a token in the handshake alone (server name, ALPN, a certificate)", journalOf(fetch("A"),
			connection("B", journal.HandshakeFailed, 0, presenting(journal.CredBearer), func(ex *journal.Exchange) {
				ex.Malformed, ex.Conn.ServerName = "TLS handshake failed: EOF", "[REDACTED:bearer]"
			})),
			failed(want, "bearer presented at #2 (a connection, its TLS handshake failed (TLS handshake failed: EOF), server name [REDACTED:bearer])", 2)},
		{"a connection part of which could not be scanned may have carried any", journalOf(fetch("A"),
			connection("B", journal.HandshakeComplete, 90, func(ex *journal.Exchange) { ex.Conn.Unscanned = "HTTP/2: a header block that does not decode" })),
			failed(want, "credentials unknown at #2 (a connection, a TLS handshake, then 90 bytes no handler saw): HTTP/2: a header block that does not decode, whatever it carried reached the peer", 2)},
	}
}

func onlyLabelledCases() []checkCase {
	const want = "no A2A 1.0 request to a 2.0 interface"
	return []checkCase{
		{"the card only", journalOf(fetch("A"), fetch("A")), passed()},
		{"requests that speak 2.0", journalOf(fetch("A"), send("A", a2aVersion("2.0"))), passed()},
		{"a 1.0 send, and an unversioned request to a path 1.0 does not have",
			journalOf(fetch("A"), send("A"), request("A", journal.RouteUnmatched, http.MethodPost, "/v2/message:send")),
			failed(want, `2 request(s), first #2 POST /a2a/jsonrpc (A2A-Version "1.0")`, 2, 3)},
		{"no version header reads as 0.3", journalOf(send("A", a2aVersion(""))),
			failed(want, `1 request(s), first #1 POST /a2a/jsonrpc (A2A-Version "")`, 1)},
		// A value the journal cut was longer than its bound: no version.
		{"a version the journal cut", journalOf(send("A", cutVersion("2.0"))),
			failed(want, `1 request(s), first #1 POST /a2a/jsonrpc (A2A-Version "`+clip(cutValue("2.0"), 64)+
				`" (cut to the journal's 1024 bytes of its 5000))`, 1)},
	}
}

// onlyLabelledMinorCases: a 1.1 interface is judged as strictly as a 2.0
// one; a 1.0 label is no closer to right for sharing the major version.
func onlyLabelledMinorCases() []checkCase {
	const want = "no A2A 1.0 request to a 1.1 interface"
	return []checkCase{
		{"requests that speak 1.1", journalOf(fetch("A"), send("A", a2aVersion("1.1"))), passed()},
		{"a 1.0 send, as a same-major fallback makes it", journalOf(fetch("A"), send("A")),
			failed(want, `1 request(s), first #2 POST /a2a/jsonrpc (A2A-Version "1.0")`, 2)},
		{"a patch number is no version of its own: 1.1.0 is not the label", journalOf(send("A", a2aVersion("1.1.0"))),
			failed(want, `1 request(s), first #1 POST /a2a/jsonrpc (A2A-Version "1.1.0")`, 1)},
	}
}

// connection: a connection to peer, its handshake as shake, with bytes
// past it and no request a handler saw unless a mod says so.
func connection(peer, shake string, bytes int64, mods ...func(*journal.Exchange)) journal.Exchange {
	ex := journal.Exchange{Peer: peer, Route: journal.RouteConnection,
		Header: http.Header{"X-Remote-Addr": {"127.0.0.1:5"}},
		Conn:   &journal.Connection{Remote: "127.0.0.1:5", Handshake: shake, Bytes: bytes, EndedBy: journal.EndedByClient}}
	for _, m := range mods {
		m(&ex)
	}
	return ex
}

// handled: n requests reached a handler on the connection.
func handled(n int64) func(*journal.Exchange) {
	return func(ex *journal.Exchange) { ex.Conn.Requests = n }
}

// unparsedAt: a connection to peer whose bytes no handler saw: a request
// net/http refused before any handler.
func unparsedAt(peer string) journal.Exchange {
	return connection(peer, journal.HandshakeComplete, 120)
}
