package journal

import (
	"slices"
	"strconv"
	"strings"
)

// RouteConnection journals one TCP connection a peer accepted, whatever
// came of it: a connect and close, a handshake that failed or that the
// client completed and left, bytes that are not TLS, or the connection its
// requests came on (those are journaled on their own routes as well). Its
// Exchange.Conn says what the client revealed on it before any HTTP, and
// its Auth.Presented the farm credentials found in every byte the peer
// read from the client: the handshake's fields and the decrypted stream,
// scanned below HTTP parsing.
const RouteConnection = "connection"

// Requests is all without its connection records: the exchanges a count
// of a client's requests wants.
func Requests(all []Exchange) []Exchange {
	var out []Exchange
	for _, ex := range all {
		if ex.Route != RouteConnection {
			out = append(out, ex)
		}
	}
	return out
}

// How a connection's handshake went (Connection.Handshake).
const (
	// HandshakeNone: the client sent no byte.
	HandshakeNone = "none"
	// HandshakeNotTLS: the client's first byte on the TLS port began no
	// TLS record; everything it sent is Connection.Bytes.
	HandshakeNotTLS = "not-tls"
	// HandshakeFailed: a TLS handshake began and did not complete;
	// Exchange.Malformed says why.
	HandshakeFailed = "failed"
	// HandshakeComplete: the TLS handshake completed.
	HandshakeComplete = "complete"
	// HandshakePlain: the farm serves plain HTTP, there is no handshake.
	HandshakePlain = "plain"
)

// Who ended a connection (Connection.EndedBy).
const (
	EndedByClient = "client" // it closed or reset the connection, or sent close_notify
	EndedByPeer   = "peer"   // a timeout, a refusal, an impostor switch or the farm closing
)

// Connection is what a client revealed on one TCP connection.
type Connection struct {
	// Remote is the client's address.
	Remote string `json:"remote"`
	// Handshake is how the TLS handshake went (Handshake* constants).
	Handshake string `json:"handshake"`
	// ServerName and ALPN are the ClientHello's server name (SNI) and
	// application protocols, redacted and bounded; Protocol is the
	// protocol the handshake chose.
	ServerName string   `json:"serverName,omitempty"`
	ALPN       []string `json:"alpn,omitempty"`
	Protocol   string   `json:"protocol,omitempty"`
	// ClientCert is the subject of the leaf certificate the client
	// presented, whether or not it verified (Exchange.TLSClient is set only
	// for one that did).
	ClientCert string `json:"clientCert,omitempty"`
	// Impostor: the handshake was the impostor's (Peer.PresentImpostor).
	Impostor bool `json:"impostor,omitempty"`
	// Bytes is how many bytes the client sent past the handshake,
	// decrypted; without TLS (a plain farm, or bytes that are not TLS on
	// the TLS port), every byte it sent.
	Bytes int64 `json:"bytes"`
	// HTTP2: the bytes began with the HTTP/2 connection preface, and were
	// scanned frame by frame, header blocks decoded.
	HTTP2 bool `json:"http2,omitempty"`
	// Requests is how many requests a handler served on it.
	Requests int64 `json:"requests"`
	// EndedBy says who ended it (EndedBy* constants).
	EndedBy string `json:"endedBy"`
	// Unscanned says why part of what the client sent could not be
	// scanned for credentials (an HTTP/2 header block that does not
	// decode, say); "" when everything was. The checks fail closed on it.
	Unscanned string `json:"unscanned,omitempty"`
}

// HandshakeRevealed reports whether the handshake itself (the server
// name, an ALPN name, the client certificate's subject) carried a secret:
// no request made on the connection afterwards can account for it.
func (c *Connection) HandshakeRevealed() bool {
	if c == nil {
		return false
	}
	return slices.ContainsFunc(append([]string{c.ServerName, c.ClientCert}, c.ALPN...), HoldsRedaction)
}

// Request reports whether the client sent anything past the handshake:
// any byte after it, or any byte that is not TLS. A connection that is no
// request is a bare handshake, a failed one, or a connect and close.
func (c *Connection) Request() bool {
	return c != nil && (c.Bytes > 0 || c.Handshake == HandshakeNotTLS)
}

// HandshakeRefusedByClient reports whether e journals a connection whose
// TLS handshake the client refused, rather than one the peer refused: the
// client ended the handshake with an alert of its own (Go's crypto/tls: a
// certificate it would not trust, say), or hung up on the impostor's
// certificate without one, during the handshake or right after it, before
// sending a byte (Node checks the certificate itself and destroys the
// socket; curl's alert, sent unencrypted after the server switched keys,
// reads as a bad record).
func (e Exchange) HandshakeRefusedByClient() bool {
	return e.Route == RouteConnection && e.Conn != nil &&
		(strings.Contains(e.Malformed, RemoteAlert) || strings.Contains(e.Malformed, HungUp))
}

const (
	// RemoteAlert is how crypto/tls words an alert the other side sent.
	RemoteAlert = "remote error: tls: "
	// HungUp is in the cause journaled for a client that closed a
	// connection to the impostor without an alert and without a request.
	HungUp = "the client hung up on the impostor's certificate"
)

// connectionLine is what Exchange.Line says of a connection.
func (c *Connection) line(malformed string) string {
	var b strings.Builder
	b.WriteString("connection from ")
	b.WriteString(c.Remote)
	b.WriteString(": ")
	switch c.Handshake {
	case HandshakeNone:
		b.WriteString("no byte sent")
	case HandshakeNotTLS:
		b.WriteString("not TLS, " + strconv.FormatInt(c.Bytes, 10) + " bytes")
	case HandshakeFailed:
		b.WriteString(malformed)
	case HandshakeComplete:
		b.WriteString("TLS")
		if malformed != "" {
			b.WriteString(" (" + malformed + ")")
		}
	case HandshakePlain:
		b.WriteString("plain")
	}
	if c.Handshake == HandshakeComplete || c.Handshake == HandshakePlain {
		b.WriteString(", " + strconv.FormatInt(c.Bytes, 10) + " bytes")
		if c.HTTP2 {
			b.WriteString(" of HTTP/2")
		}
		b.WriteString(", " + strconv.FormatInt(c.Requests, 10) + " requests")
	}
	var hello []string
	if c.ServerName != "" {
		hello = append(hello, "SNI "+c.ServerName)
	}
	if len(c.ALPN) > 0 {
		hello = append(hello, "ALPN "+strings.Join(c.ALPN, ","))
	}
	if c.ClientCert != "" {
		hello = append(hello, "client certificate "+c.ClientCert)
	}
	if c.Impostor {
		hello = append(hello, "impostor")
	}
	if len(hello) > 0 {
		b.WriteString(" [" + strings.Join(hello, ", ") + "]")
	}
	b.WriteString(", ended by " + c.EndedBy)
	if c.Unscanned != "" {
		b.WriteString(", unscanned: " + c.Unscanned)
	}
	return b.String()
}

// boundConnection cuts what the client controls of e.Conn to limit bytes
// a field, the ALPN list to limit all together; the Cut says the largest.
func boundConnection(e *Exchange, limit int) {
	c := e.Conn
	seen := 0
	for _, f := range []*string{&c.ServerName, &c.ClientCert, &c.Unscanned} {
		if n := len(*f); n > limit {
			seen = max(seen, n)
			*f, _ = cutString(*f, limit)
		}
	}
	total := 0
	for _, p := range c.ALPN {
		total += len(p)
	}
	var cut bool
	if c.ALPN, cut = boundList(c.ALPN, limit); cut {
		seen = max(seen, total)
	}
	if seen > 0 {
		markCut(e, TruncConnection, true)
		addCut(e, Cut{Field: TruncConnection, Limit: limit, Seen: seen})
	}
}
