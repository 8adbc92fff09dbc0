package mockpeer

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// The one-line form is what terminals, failure messages and journal.txt
// show: pinned byte for byte.
func TestExchangeLine(t *testing.T) {
	for _, tc := range []struct {
		ex   journal.Exchange
		want string
	}{
		{journal.Exchange{Seq: 7, Peer: "A", Route: journal.RouteA2A, Method: "POST", Path: "/a2a/jsonrpc", Op: "SendMessage", Binding: "JSONRPC",
			Status: 200, ErrorCode: -32001, CardVersion: 1, TaskID: "task-1", StateAfter: wire.TaskStateWorking, StateVersion: 1,
			Auth: journal.AuthSeen{Presented: []string{"bearer", "client-cert"}}, Truncated: []string{"body"}},
			"#7 peer A POST /a2a/jsonrpc [JSONRPC SendMessage] → 200 error -32001 (card v1, task-1 new→WORKING, credentials bearer+client-cert, truncated body)"},
		{journal.Exchange{Seq: 6, Peer: "A", Route: journal.RouteA2A, Method: "POST", Path: "/a2a/v1/message:send", Op: "SendMessage", Binding: "HTTP+JSON",
			Status: 200, TaskID: "task-2", StateAfter: wire.TaskStateCompleted, Blocking: true},
			"#6 peer A POST /a2a/v1/message:send [HTTP+JSON SendMessage] → 200 (card v0, task-2 new→COMPLETED, blocking)"},
		// A task shown in a state it entered under an earlier card.
		{journal.Exchange{Seq: 13, Peer: "A", Route: journal.RouteA2A, Method: "POST", Path: "/a2a/jsonrpc", Op: "GetTask", Binding: "JSONRPC",
			Status: 200, CardVersion: 2, TaskID: "task-1", StateBefore: wire.TaskStateWorking, StateAfter: wire.TaskStateWorking, StateVersion: 1},
			"#13 peer A POST /a2a/jsonrpc [JSONRPC GetTask] → 200 (card v2, task-1 WORKING→WORKING entered under card v1)"},
		{journal.Exchange{Seq: 8, Peer: "B", Route: journal.RouteCard, Method: "GET", Path: "/.well-known/agent-card.json", Status: 304,
			Header: http.Header{"If-None-Match": {`"abc"`}}},
			`#8 peer B GET /.well-known/agent-card.json → 304 (card v0, If-None-Match "abc")`},
		// A "*" past the journal's header bound: the line says what the peer read, and the bound.
		{journal.Exchange{Seq: 14, Peer: "A", Route: journal.RouteCard, Method: "GET", Path: "/.well-known/agent-card.json", Status: 304,
			Header:     http.Header{"If-None-Match": {`"abc"`}},
			Validators: &journal.Validators{TagCount: 3, Star: true, Unserved: 2},
			Truncated:  []string{"header", "body"},
			Cuts:       []journal.Cut{{Field: "header", Limit: 16384, Seen: 16500}, {Field: "headerValues", Limit: 64, Seen: 70}, {Field: "body", Limit: 16384, Seen: 17408, AtLeast: true}}},
			`#14 peer A GET /.well-known/agent-card.json → 304 (card v0, If-None-Match "abc", 2 of 3 validators never served, truncated header (16384 of 16500 bytes, 64 of 70 values)+body (16384 of ≥17408 bytes))`},
		{journal.Exchange{Seq: 9, Route: journal.RouteAdmin, Method: "POST", Path: "/_conform/reset", Status: 401},
			"#9 admin POST /_conform/reset → 401"}, // no peer named: no card version
		{journal.Exchange{Seq: 10, Peer: "A", Route: journal.RouteAdmin, Method: "POST", Path: "/_conform/rotate", Status: 200, CardVersion: 1},
			"#10 admin POST /_conform/rotate → 200 (card v1)"},
		{journal.Exchange{Seq: 11, Peer: "A", Route: journal.RouteConnection, Malformed: "TLS handshake failed: remote error: tls: bad certificate",
			Conn: &journal.Connection{Remote: "127.0.0.1:5001", Handshake: journal.HandshakeFailed, ServerName: "127.0.0.1", EndedBy: journal.EndedByClient}},
			"#11 peer A connection from 127.0.0.1:5001: TLS handshake failed: remote error: tls: bad certificate [SNI 127.0.0.1], ended by client (card v0)"},
		{journal.Exchange{Seq: 12, Peer: "B", Route: journal.RouteConnection, CardVersion: 1, Auth: journal.AuthSeen{Presented: []string{"bearer"}},
			Conn: &journal.Connection{Remote: "127.0.0.1:5002", Handshake: journal.HandshakeComplete, ServerName: "[REDACTED:bearer]",
				ALPN: []string{"h2", "http/1.1"}, Bytes: 120, HTTP2: true, Requests: 1, EndedBy: journal.EndedByPeer, Unscanned: "HTTP/2: why"}},
			"#12 peer B connection from 127.0.0.1:5002: TLS, 120 bytes of HTTP/2, 1 requests [SNI [REDACTED:bearer], ALPN h2,http/1.1], ended by peer, unscanned: HTTP/2: why (card v1, credentials bearer)"},
		{journal.Exchange{Seq: 14, Peer: "B", Route: journal.RouteConnection,
			Conn: &journal.Connection{Remote: "127.0.0.1:5003", Handshake: journal.HandshakeNotTLS, Bytes: 40, EndedBy: journal.EndedByClient}},
			"#14 peer B connection from 127.0.0.1:5003: not TLS, 40 bytes, ended by client (card v0)"},
		{journal.Exchange{Seq: 15, Peer: "B", Route: journal.RouteConnection, Malformed: hungUpAfter,
			Conn: &journal.Connection{Remote: "127.0.0.1:5004", Handshake: journal.HandshakeComplete, Impostor: true, EndedBy: journal.EndedByClient}},
			"#15 peer B connection from 127.0.0.1:5004: TLS (" + hungUpAfter + "), 0 bytes, 0 requests [impostor], ended by client (card v0)"},
	} {
		if got := tc.ex.Line(); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}
