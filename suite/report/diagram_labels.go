package report

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// What a connection record shows, as the diagram draws it: its own arrow
// head and class, so that a refusal or a hang-up is never read as a request.
const (
	connRequests   = "connection" // it carried bytes: its requests have arrows of their own
	connTLSRefused = "tls-refused"
	connTLSFailed  = "tls-failed"
	connHangUp     = "hang-up"
	connNotTLS     = "not-tls"
)

// connectionKind is what a connection was, and the words its arrow says it with.
func connectionKind(c *journal.Connection) (kind, words string) {
	switch {
	case c.Handshake == journal.HandshakeNone && c.EndedBy == journal.EndedByPeer:
		return connHangUp, "idle: connected, sent nothing until the peer closed it"
	case c.Handshake == journal.HandshakeFailed && c.Impostor:
		return connTLSRefused, "TLS refused: the impostor's certificate"
	case c.Handshake == journal.HandshakeFailed:
		return connTLSFailed, "TLS handshake failed"
	case c.Handshake == journal.HandshakeNone:
		return connHangUp, "hang-up: connected, sent nothing"
	case c.Handshake == journal.HandshakeNotTLS:
		return connNotTLS, fmt.Sprintf("not TLS: %d bytes", c.Bytes)
	case c.Bytes == 0 && c.Handshake == journal.HandshakeComplete:
		what := "hang-up: bare TLS handshake, nothing sent"
		if c.Impostor {
			what = "hang-up: bare TLS handshake with the impostor, nothing sent"
		}
		return connHangUp, what
	case c.Bytes == 0:
		return connHangUp, "hang-up: connected, sent nothing"
	}
	return connRequests, fmt.Sprintf("connection: %d bytes, %d requests", c.Bytes, c.Requests)
}

// arrowLabel is "#seq op-or-method path → status · card vN · credentials";
// a connection, an admin call and a call to the admin listener say what
// they are instead.
func arrowLabel(l journal.Exchange) string {
	switch {
	case l.Route == journal.RouteConnection:
		return connectionLabel(l)
	case l.Route == journal.RouteAdmin:
		return adminLabel(l)
	}
	what := l.Method + " " + l.Path
	if l.Op != "" {
		what = l.Op + " " + l.Path
	}
	s := fmt.Sprintf("#%d %s → %d", l.Seq, what, l.Status)
	if l.ErrorCode != 0 {
		s += fmt.Sprintf(" error %d", l.ErrorCode)
	}
	if l.Peer == "" {
		s += " · admin listener, " + refusal(l)
	} else {
		s += fmt.Sprintf(" · card v%d", l.CardVersion)
	}
	return s + presented(l)
}

// refusal says why the admin listener refused a call that reached it
// without being an admin call.
func refusal(l journal.Exchange) string {
	if l.Malformed != "" {
		return l.Malformed
	}
	return "not an admin call"
}

// adminLabel is an operator's call to the admin API (the harness, a person
// at the live view, a script): what it asked and the card it left in force.
func adminLabel(l journal.Exchange) string {
	what := l.Path
	if l.Query != "" {
		what += "?" + l.Query
	}
	s := fmt.Sprintf("#%d admin %s %s → %d", l.Seq, l.Method, what, l.Status)
	if l.Peer != "" {
		s += fmt.Sprintf(" · peer %s at card v%d", l.Peer, l.CardVersion)
	}
	return s
}

// connectionLabel is "#seq what the connection was · card vN · credentials":
// a connection has no method, path or status.
func connectionLabel(l journal.Exchange) string {
	c := l.Conn
	if c == nil {
		return fmt.Sprintf("#%d connection · card v%d", l.Seq, l.CardVersion) + presented(l)
	}
	_, how := connectionKind(c)
	if c.ServerName != "" {
		how += ", SNI " + c.ServerName
	}
	if c.ClientCert != "" {
		how += ", certificate " + c.ClientCert
	}
	if c.Unscanned != "" {
		how += ", not scanned whole"
	}
	return fmt.Sprintf("#%d %s · card v%d", l.Seq, how, l.CardVersion) + presented(l)
}

func presented(l journal.Exchange) string {
	if len(l.Auth.Presented) == 0 {
		return ""
	}
	return " · " + strings.Join(l.Auth.Presented, "+")
}
