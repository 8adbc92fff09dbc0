package mockpeer

import (
	"context"
	"crypto/x509"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// connSet tracks the open connections of one peer's server
// (http.Server.ConnState), and journals each when net/http is done with it.
type connSet struct {
	mu      sync.Mutex
	conns   map[*contactConn]struct{}
	closing bool // the server is closing: every connection is cut by the peer
}

type connKey struct{}

// contactOf is the connection a request came on, nil for a request that
// came through no peer listener (ServeHTTP called directly).
func contactOf(ctx context.Context) *contactConn {
	c, _ := ctx.Value(connKey{}).(*contactConn)
	return c
}

// connContext is an http.Server.ConnContext hook: every request finds its
// connection without a lock, HTTP/1 and HTTP/2 alike.
func (s *connSet) connContext(ctx context.Context, c net.Conn) context.Context {
	if cc, ok := c.(*contactConn); ok {
		return context.WithValue(ctx, connKey{}, cc)
	}
	return ctx
}

// track is an http.Server.ConnState hook.
func (s *connSet) track(c net.Conn, state http.ConnState) {
	cc, ok := c.(*contactConn)
	if !ok {
		return
	}
	switch state {
	case http.StateNew:
		s.mu.Lock()
		if s.conns == nil {
			s.conns = map[*contactConn]struct{}{}
		}
		s.conns[cc] = struct{}{}
		s.mu.Unlock()
	case http.StateClosed, http.StateHijacked:
		if cc.split.mode.Load() == splitNative {
			return // the gRPC server's now (nativeConn.Close)
		}
		s.mu.Lock()
		delete(s.conns, cc)
		s.mu.Unlock()
		cc.finish()
	}
}

// onRequest counts a request on its connection and gives it the
// connection's TLS state, as net/http would have over its own TLS. It
// returns the connection's record Seq (0 for a request through no
// listener): the request's journal.Exchange.ConnSeq.
func onRequest(r *http.Request) int64 {
	cc := contactOf(r.Context())
	if cc == nil {
		return 0
	}
	cc.requests.Add(1)
	if r.TLS == nil {
		r.TLS = cc.state.Load()
	}
	return cc.seq
}

func (s *connSet) open() []*contactConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*contactConn, 0, len(s.conns))
	for c := range s.conns {
		out = append(out, c)
	}
	return out
}

// drain ends every connection open now: once its handshake is done, a
// close_notify, so that the client sees the end of the connection before
// it could send on it; then, once the server is done with it or after
// timeout, a close.
func (s *connSet) drain(timeout time.Duration) {
	s.settle(timeout) // a close_notify needs a handshake done
	open := s.open()
	for _, c := range open {
		c.announceEnd()
	}
	cut := time.NewTimer(timeout)
	defer cut.Stop()
	for _, c := range open {
		select {
		case <-c.done:
		case <-cut.C:
			cut.Reset(0)
		}
		_ = c.Conn.Close()
	}
}

// cutAll marks every connection, open now or later, as ended by the peer:
// the server is closing.
func (s *connSet) cutAll() {
	s.mu.Lock()
	s.closing = true
	s.mu.Unlock()
	for _, c := range s.open() {
		c.cut.Store(true)
		c.ended.CompareAndSwap(0, endedPeer)
	}
}

// settle waits, up to timeout, for every handshake in progress to end:
// the verdict of a handshake the client refused is read off the wire only
// then, and a close before it would lose the client's alert.
func (s *connSet) settle(timeout time.Duration) {
	var wg sync.WaitGroup
	for _, c := range s.open() {
		c.mu.Lock()
		hs := c.handshaking
		c.mu.Unlock()
		if hs != nil {
			wg.Go(func() { <-hs })
		}
	}
	waitBounded(&wg, timeout)
}

// wait waits, up to timeout, until every connection open now is journaled,
// then journals those still open as they are, so that nothing the peer saw
// is journaled after the farm closed.
func (s *connSet) wait(timeout time.Duration) {
	var wg sync.WaitGroup
	open := s.open()
	for _, c := range open {
		wg.Go(func() { <-c.done })
	}
	waitBounded(&wg, timeout)
	for _, c := range open {
		c.finish()
	}
}

// waitBounded waits for wg, or until timeout; the goroutines it waits for
// end on their own.
func waitBounded(wg *sync.WaitGroup, timeout time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	}
}

// finish journals the connection, once: what the handshake showed, every
// credential found in what the client sent, and how it ended.
func (c *contactConn) finish() {
	c.finished.Do(func() {
		f := c.p.farm
		defer f.leave()
		defer close(c.done)
		c.journalLeft() // a native gRPC connection's requests no handler journaled
		e := c.exchange()
		bodyCut := false
		if e.Conn.Requests == 0 {
			c.mu.Lock()
			e.Body, bodyCut = string(c.stream.capture), c.stream.bytes > int64(len(c.stream.capture))
			c.mu.Unlock()
		}
		f.seal(&e, bodyCut, false)
		f.journal.Append(&e)
	})
}

// exchange is the connection's journal record, before sealing.
func (c *contactConn) exchange() journal.Exchange {
	p := c.p
	c.mu.Lock()
	defer c.mu.Unlock()
	c.flushScans()
	conn := &journal.Connection{
		Remote: c.Conn.RemoteAddr().String(), Handshake: c.shake,
		ServerName: c.hello.serverName, ALPN: c.hello.alpn, ClientCert: c.hello.certSubj,
		Impostor: c.hello.impostor, Bytes: c.stream.bytes, HTTP2: c.stream.h2 != nil,
		Requests: c.requests.Load(), EndedBy: journal.EndedByPeer, Unscanned: c.stream.unscanned,
	}
	byClient := c.ended.Load() == endedClient
	if byClient {
		conn.EndedBy = journal.EndedByClient
	}
	e := journal.Exchange{
		Seq: c.seq, Time: c.at, Peer: p.spec.Name, Origin: p.origin, Route: journal.RouteConnection,
		Header: http.Header{"X-Remote-Addr": {conn.Remote}}, CardVersion: c.version,
		ContractHash: p.versions[c.version].contractHash(), Conn: conn,
	}
	names := journal.MergeNames(append([]string(nil), c.found...), c.stream.found)
	if cs := c.state.Load(); cs != nil {
		conn.Protocol = cs.NegotiatedProtocol
		if leaf := verifiedLeaf(cs.VerifiedChains); leaf != nil {
			e.TLSClient = leaf.Subject.CommonName
			names = journal.MergeNames(names, []string{journal.CredClientCert})
		}
	}
	e.Auth.Presented = names
	e.Malformed = c.cause(byClient)
	return e
}

// cause is what the journal says of how the handshake went: why it failed,
// or that the client hung up on the impostor's certificate. A connection
// the peer cut is never the client's refusal; one that failed with the
// client's own alert always is (HandshakeRefusedByClient).
func (c *contactConn) cause(byClient bool) string {
	impostor := c.hello.impostor && !c.cut.Load()
	switch c.shake {
	case journal.HandshakeFailed:
		why := c.hsErr.Error()
		if impostor && !strings.Contains(why, remoteAlert) {
			return hungUpDuring + " (" + why + ")"
		}
		return "TLS handshake failed: " + why
	case journal.HandshakeComplete:
		if impostor && byClient && c.stream.bytes == 0 {
			return hungUpAfter
		}
	}
	return ""
}

func verifiedLeaf(chains [][]*x509.Certificate) *x509.Certificate {
	if len(chains) == 0 || len(chains[0]) == 0 {
		return nil
	}
	return chains[0][0]
}

// flushScans scans what the handshake's and the stream's scans gathered;
// c.mu is held.
func (c *contactConn) flushScans() {
	c.found = journal.MergeNames(c.found, c.raw.flush(c.p.farm.secrets))
	c.stream.flush()
}
