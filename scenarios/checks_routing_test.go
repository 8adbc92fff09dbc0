package scenarios

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Tables of the checks that judge where requests went: the other origin of
// the routing scenarios, and the interface of another protocol version.

func nothingReachesCases() []checkCase {
	return []checkCase{
		{"everything at the card's origin", journal(fetch("A"), send("A")), passed()},
		{"admin calls and failed handshakes are not the client's requests", journal(fetch("A"),
			request("B", mockpeer.RouteAdmin, http.MethodGet, mockpeer.AdminJournalPath),
			request("B", mockpeer.RouteTLSHandshake, "", "", presenting(mockpeer.CredClientCert))), passed()},
		{"the key fetched from the other origin, then the task",
			journal(fetch("A"), request("B", mockpeer.RouteJWKS, http.MethodGet, mockpeer.JWKSPath), send("B"), fetch("C")),
			failed("no request to peer B (https://127.0.0.2:4432)", "2 request(s), first GET "+mockpeer.JWKSPath, 2, 3)},
		{"a request the peer does not serve", journal(request("B", mockpeer.RouteUnmatched, http.MethodPost, "/rpc")),
			failed("no request to peer B (https://127.0.0.2:4432)", "1 request(s), first POST /rpc", 1)},
		{"a request net/http refused unread is contact", journal(fetch("A"), unparsedAt("B")),
			failed("no request to peer B (https://127.0.0.2:4432)", "1 request(s), first an unparsed request: malformed", 2)},
	}
}

func noTaskCreatingAtCases() []checkCase {
	const want = "no task-creating request to peer C (https://127.0.0.3:4433)"
	return []checkCase{
		{"the redirect target's card only", journal(fetch("A"), fetch("C"), call("C", wire.MethodGetTask)), passed()},
		{"the task sent at the redirect's source", journal(fetch("A"), send("A")), passed()},
		{"a send to the redirect target", journal(fetch("A"), fetch("C"), send("C"), call("C", wire.MethodSendStreamingMessage)),
			failed(want, "SendMessage at #3", 3, 4)},
		{"a refused send counts too", journal(call("C", wire.MethodSendStreamingMessage, answered(http.StatusUnauthorized, 0))),
			failed(want, "SendStreamingMessage at #1", 1)},
	}
}

func noCredentialAtCases() []checkCase {
	const want = "no credential sent to peer B (https://127.0.0.2:4432)"
	return []checkCase{
		{"credentials at the card's origin only", journal(fetch("A"), send("A", presenting(mockpeer.CredBearer)),
			fetch("B"), request("B", mockpeer.RouteJWKS, http.MethodGet, mockpeer.JWKSPath)), passed()},
		{"a certificate offered in a failed handshake is no request", journal(
			request("B", mockpeer.RouteTLSHandshake, "", "", presenting(mockpeer.CredClientCert))), passed()},
		{"a token to the other origin", journal(fetch("A"),
			request("B", mockpeer.RouteToken, http.MethodPost, mockpeer.TokenPath,
				presenting(mockpeer.CredOAuthClientSecret)),
			send("B", presenting(mockpeer.CredOAuthToken, mockpeer.CredClientCert))),
			failed(want, "oauth-client-secret presented at #2 (POST "+mockpeer.TokenPath+")", 2, 3)},
		{"several credentials at once", journal(send("B", presenting(mockpeer.CredBearer, mockpeer.CredAPIKey))),
			failed(want, "bearer, api-key presented at #1 (POST "+mockpeer.JSONRPCPath+")", 1)},
		{"a request refused unread may have carried any", journal(fetch("A"), unparsedAt("B")),
			failed(want, "credentials unknown at #2 (an unparsed request: malformed): refused unread, whatever it carried reached the peer", 2)},
	}
}

func noOneDotZeroCallsCases() []checkCase {
	const want = "no A2A 1.0 request to a 2.0 interface"
	return []checkCase{
		{"the card only", journal(fetch("A"), fetch("A")), passed()},
		{"requests that speak 2.0", journal(fetch("A"), send("A", a2aVersion("2.0"))), passed()},
		{"a 1.0 send, and an unversioned request to a path 1.0 does not have",
			journal(fetch("A"), send("A"), request("A", mockpeer.RouteUnmatched, http.MethodPost, "/v2/message:send")),
			failed(want, `2 request(s), first #2 POST /a2a/jsonrpc (A2A-Version "1.0")`, 2, 3)},
		{"no version header reads as 0.3", journal(send("A", a2aVersion(""))),
			failed(want, `1 request(s), first #1 POST /a2a/jsonrpc (A2A-Version "")`, 1)},
		// A value the journal cut was longer than its bound: no version.
		{"a version the journal cut", journal(send("A", cutVersion("2.0"))),
			failed(want, `1 request(s), first #1 POST /a2a/jsonrpc (A2A-Version "`+clip(cutValue("2.0"), 64)+
				`" (cut to the journal's 1024 bytes of its 5000))`, 1)},
	}
}

// unparsedAt: a request to peer that net/http refused before any handler.
func unparsedAt(peer string) mockpeer.Exchange {
	return mockpeer.Exchange{Peer: peer, Route: mockpeer.RouteUnparsed, Malformed: "malformed",
		Header: http.Header{"X-Remote-Addr": {"127.0.0.1:5"}}}
}
