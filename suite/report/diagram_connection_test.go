package report

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A connection's arrow says what it showed: it has no method, path or
// status to print.
func TestConnectionLabel(t *testing.T) {
	for _, tc := range []struct {
		l    journal.Exchange
		want string
	}{
		{journal.Exchange{Seq: 3, Route: journal.RouteConnection, CardVersion: 1, Conn: &journal.Connection{Handshake: "complete", Bytes: 420, Requests: 2}},
			"#3 connection: 420 bytes, 2 requests · card v1"},
		{journal.Exchange{Seq: 4, Route: journal.RouteConnection, Conn: &journal.Connection{Handshake: "failed", ServerName: "[REDACTED:bearer]"},
			Auth: journal.AuthSeen{Presented: []string{"bearer"}}},
			"#4 connection: handshake failed, SNI [REDACTED:bearer] · card v0 · bearer"},
		{journal.Exchange{Seq: 5, Route: journal.RouteConnection, Conn: &journal.Connection{Handshake: "not-tls", Bytes: 30, Unscanned: "why"}},
			"#5 connection: 30 bytes, not TLS, not scanned whole · card v0"},
		{journal.Exchange{Seq: 6, Route: journal.RouteCard, Method: "GET", Path: "/.well-known/agent-card.json", Status: 200},
			"#6 GET /.well-known/agent-card.json → 200 · card v0"},
	} {
		if got := arrowLabel(tc.l); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}
