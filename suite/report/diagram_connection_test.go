package report

import "testing"

// A connection's arrow says what it showed: it has no method, path or
// status to print.
func TestConnectionLabel(t *testing.T) {
	for _, tc := range []struct {
		l    JournalLine
		want string
	}{
		{JournalLine{Seq: 3, Route: routeConnection, CardVersion: 1, Conn: &ConnectionLine{Handshake: "complete", Bytes: 420, Requests: 2}},
			"#3 connection: 420 bytes, 2 requests · card v1"},
		{JournalLine{Seq: 4, Route: routeConnection, Conn: &ConnectionLine{Handshake: "failed", ServerName: "[REDACTED:bearer]"},
			Auth: struct {
				Presented []string `json:"presented,omitempty"`
			}{Presented: []string{"bearer"}}},
			"#4 TLS handshake failed, SNI [REDACTED:bearer] · card v0 · bearer"},
		{JournalLine{Seq: 5, Route: routeConnection, Conn: &ConnectionLine{Handshake: "not-tls", Bytes: 30, Unscanned: "why"}},
			"#5 not TLS: 30 bytes, not scanned whole · card v0"},
		{JournalLine{Seq: 6, Route: routeCard, Peer: "A", Method: "GET", Path: "/.well-known/agent-card.json", Status: 200},
			"#6 GET /.well-known/agent-card.json → 200 · card v0"},
		{JournalLine{Seq: 7, Route: routeConnection}, "#7 connection · card v0"},
		{JournalLine{Seq: 8, Route: routeConnection, Conn: &ConnectionLine{Handshake: "failed", Impostor: true}},
			"#8 TLS refused: the impostor's certificate · card v0"},
	} {
		if got := arrowLabel(tc.l); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}
