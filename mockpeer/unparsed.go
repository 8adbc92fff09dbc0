package mockpeer

import (
	"crypto/tls"
	"net"
	"net/http"
	"time"
)

// RouteUnparsed journals a request the peer received but net/http refused
// before any handler ran (a malformed header line, a request cut off, an
// unsupported transfer coding, an HTTP/2 stream with malformed headers,
// plain HTTP on the TLS port): contact with the peer, whether or not it
// parses. Its method, path, headers and credentials are unknown.
const RouteUnparsed = "unparsed"

// Why an unparsed request is journaled (Exchange.Malformed).
const (
	unparsedHTTP1  = "HTTP/1 request refused by net/http before any handler"
	unparsedHTTP2  = "HTTP/2 stream refused before any handler"
	unparsedPlain  = "plain HTTP request on the TLS port, refused by net/http"
	unparsedGreet  = "HTTP/2 connection preface refused"
	http2Preface   = "http2: server: error reading preface from client "
	plainOnTLSPort = "client sent an HTTP request to an HTTPS server"
)

// trackedListener hands every accepted connection to net/http wrapped in
// a trackedConn, so that the ConnState hook reaches its record without the
// connSet's lock, and net/http's read deadlines are counted.
type trackedListener struct{ net.Listener }

func (l trackedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &trackedConn{Conn: c, rec: &connRecord{done: make(chan struct{})}}, nil
}

type trackedConn struct {
	net.Conn
	rec *connRecord
}

// SetReadDeadline counts the deadlines net/http sets: after StateIdle it
// sets one, peeks at the next request, and, once some of it came, sets
// another (server.go, conn.serve). Two in an idle epoch: a request began.
func (c *trackedConn) SetReadDeadline(t time.Time) error {
	c.rec.readDeadlines.Add(1)
	return c.Conn.SetReadDeadline(t)
}

// CloseWrite keeps net/http's half-close after a 431 on plain TCP.
func (c *trackedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return c.Conn.Close()
}

// recordOf is the record of a connection as a ConnState hook sees it: the
// trackedConn, a *tls.Conn over one, or net/http's wrapper of an h2c one.
func recordOf(c net.Conn) *connRecord {
	if tc, ok := c.(*tls.Conn); ok {
		c = tc.NetConn()
	}
	if u, ok := c.(interface{ UnencryptedNetConn() net.Conn }); ok {
		c = u.UnencryptedNetConn()
	}
	if t, ok := c.(*trackedConn); ok {
		return t.rec
	}
	return nil
}

// epoch is what a connection's ConnState hooks keep between them. An epoch
// runs from StateNew or StateIdle to the next StateIdle or StateClosed;
// net/http calls the hooks of one connection from one goroutine, so only
// what handlers and net/http's deadlines touch is atomic (connRecord).
//
// HTTP/1 (net/http server.go, Go 1.26): StateActive is set when reading a
// request took any byte off the wire, even when the read then failed; a
// handler runs, then StateIdle; a refused request ends the connection
// (StateClosed). But after StateIdle net/http peeks at the next request
// before reading it, and a request whose bytes all came with the peek (or
// pipelined behind the last) is refused, or abandoned, with no StateActive
// at all: that one shows as the read deadline net/http sets once the peek
// got bytes. HTTP/2 (h2_bundle.go): StateActive when the open streams go
// 0→1, StateIdle at 0; a stream refused for its headers is opened and
// closed without a handler. The first epoch of an HTTP/2 connection is its
// preface's: StateActive then StateIdle, never a request.
type epoch struct {
	start    int64 // handlers run when it began (connRecord.requests)
	active   bool  // StateActive came in it
	idle     bool  // it began at StateIdle (HTTP/1 keep-alive)
	h2       bool  // the connection is HTTP/2
	started  bool  // a StateActive came before
	preface  bool  // it is the HTTP/2 preface's
	deadline int64 // connRecord.readDeadlines when it began at StateIdle
	unparsed bool  // an unparsed request was journaled on the connection
}

// onActive records a StateActive; the first tells HTTP/2 apart.
func (rec *connRecord) onActive(c net.Conn) {
	e := &rec.epoch
	if !e.started {
		e.started = true
		e.h2 = isHTTP2(c)
		e.preface = e.h2
	}
	e.active = true
}

// endEpoch ends the epoch at StateIdle or StateClosed and says why it
// journals an unparsed request, "" if it does not. Whether the peer cut
// the connection does not matter: a request read before the cut was sent
// all the same.
func (rec *connRecord) endEpoch(closed bool) string {
	e := &rec.epoch
	why := ""
	switch handled := rec.requests.Load() > e.start; {
	case handled || e.preface:
	case e.active && e.h2:
		why = unparsedHTTP2
	case e.active:
		why = unparsedHTTP1
	case e.idle && closed && !e.h2 && rec.readDeadlines.Load()-e.deadline >= 2:
		why = unparsedHTTP1 // the peek got bytes; nothing was handled
	}
	if !closed {
		*e = epoch{start: rec.requests.Load(), idle: true, h2: e.h2, started: e.started,
			deadline: rec.readDeadlines.Load(), unparsed: e.unparsed}
	}
	return why
}

// isHTTP2 reports whether the connection speaks HTTP/2: h2 negotiated by
// ALPN, or net/http's h2c wrapper (a *tls.Conn over no TLS).
func isHTTP2(c net.Conn) bool {
	tc, ok := c.(*tls.Conn)
	if !ok {
		return false
	}
	if _, ok := tc.NetConn().(*trackedConn); !ok {
		return true
	}
	return tc.ConnectionState().NegotiatedProtocol == "h2"
}

// stateHook is the lock-free part of connSet.track: StateActive and
// StateIdle, on every request's path, reach the record through the
// connection. It reports whether it handled the state.
func (s *connSet) stateHook(c net.Conn, state http.ConnState) bool {
	switch state {
	case http.StateActive, http.StateIdle:
	default:
		return false
	}
	rec := recordOf(c)
	if rec == nil {
		return true
	}
	if state == http.StateActive {
		rec.onActive(c)
	} else if why := rec.endEpoch(false); why != "" {
		s.journalUnparsed(rec, why)
	}
	return true
}

func (s *connSet) journalUnparsed(rec *connRecord, why string) {
	rec.epoch.unparsed = true // a request, even unread: no hang-up (track)
	if s.unparsed != nil && rec.conn != nil {
		s.unparsed(raw(rec.conn).RemoteAddr().String(), why)
	}
}

// journalUnparsed journals a request from the client at addr that net/http
// refused before any handler.
func (p *Peer) journalUnparsed(addr, why string) { p.journalConn(addr, RouteUnparsed, why) }
