package mockpeer

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ErrPlainHTTP is wrapped by the error of PresentImpostor on a farm
// without TLS: there is no certificate to change.
var ErrPlainHTTP = errors.New("the farm serves plain HTTP")

// DefaultDrainTimeout bounds how long PresentImpostor waits for a client
// to close a connection the peer announced the end of, before it cuts it.
const DefaultDrainTimeout = 2 * time.Second

// PresentImpostor makes the peer an impostor on its own origin: from now
// on it presents a certificate for the same hosts and name, issued by a CA
// of its own that no file of the farm holds, so a client that verifies the
// server refuses the handshake (journaled as RouteTLSHandshake). TLS
// session resumption is refused too: a ticket from the genuine peer would
// otherwise skip the certificate altogether. Then every connection already
// open to the peer (HTTP/1.1, HTTP/2, gRPC) is closed, so nothing verified
// before the switch carries over: each gets a close_notify, and once the
// client closed its end (or after DefaultDrainTimeout) it is cut. It
// returns when every such connection is gone. A call while the peer
// presents the impostor changes nothing; after PresentGenuine, a call
// presents a new impostor, from a new CA.
func (p *Peer) PresentImpostor() error {
	if p.farm.pki == nil {
		return fmt.Errorf("mockpeer: peer %q: %w", p.spec.Name, ErrPlainHTTP)
	}
	p.switching.Lock()
	defer p.switching.Unlock()
	if p.Impostor() {
		return nil
	}
	cfg, err := p.impostorConfig()
	if err != nil {
		return err
	}
	p.impostor.Store(cfg)
	p.conns.drain(DefaultDrainTimeout)
	return nil
}

// PresentGenuine undoes PresentImpostor, for demos that show a client
// refusing the impostor and then working again: the peer presents its
// genuine certificate from the next handshake on, and every connection
// open to it is ended as PresentImpostor ends them, so that nothing set up
// with the impostor carries over. It returns when they are gone. On a
// peer that presents its genuine certificate it changes nothing.
func (p *Peer) PresentGenuine() error {
	if p.farm.pki == nil {
		return fmt.Errorf("mockpeer: peer %q: %w", p.spec.Name, ErrPlainHTTP)
	}
	p.switching.Lock()
	defer p.switching.Unlock()
	if p.impostor.Swap(nil) != nil {
		p.conns.drain(DefaultDrainTimeout)
	}
	return nil
}

// Impostor reports whether the peer presents the impostor's certificate.
func (p *Peer) Impostor() bool { return p.impostor.Load() != nil }

// impostorConfig is a TLS configuration like the peer's, presenting a
// certificate from a throwaway CA and resuming no session.
func (p *Peer) impostorConfig() (*tls.Config, error) {
	genuine, err := p.farm.pki.server(p.identity)
	if err != nil {
		return nil, err
	}
	caCert, _, key, err := newCA("a2a-conform impostor", p.farm.pki.issued)
	if err != nil {
		return nil, err
	}
	other := &pki{caCert: caCert, caKey: key}
	leaf := *genuine.Leaf // the same name and hosts; only the issuer differs
	cert, err := other.leaf(&x509.Certificate{
		Subject: leaf.Subject, NotBefore: leaf.NotBefore, NotAfter: leaf.NotAfter,
		KeyUsage: leaf.KeyUsage, ExtKeyUsage: leaf.ExtKeyUsage,
		DNSNames: leaf.DNSNames, IPAddresses: leaf.IPAddresses,
	})
	if err != nil {
		return nil, err
	}
	var ticketKey [32]byte
	if _, err := rand.Read(ticketKey[:]); err != nil {
		return nil, fmt.Errorf("mockpeer: impostor ticket key: %w", err)
	}
	cfg := p.farm.pki.serverConfig(p.identity)
	cfg.GetCertificate = func(*tls.ClientHelloInfo) (*tls.Certificate, error) { return &cert, nil }
	cfg.SessionTicketsDisabled = true
	// The protocols net/http's ServeTLS adds to the genuine configuration:
	// the impostor serves HTTP/2, and so gRPC, like the genuine peer.
	cfg.NextProtos = []string{"h2", "http/1.1"}
	cfg.SetSessionTicketKeys([][32]byte{ticketKey})
	return cfg, nil
}

// tlsConfig is the TLS configuration of the peer's server: the genuine
// one, which hands each handshake to the impostor once PresentImpostor ran.
func (p *Peer) tlsConfig() *tls.Config {
	cfg := p.farm.pki.serverConfig(p.identity)
	cfg.GetConfigForClient = func(hello *tls.ClientHelloInfo) (*tls.Config, error) {
		imp := p.impostor.Load()
		if imp != nil {
			p.conns.underImpostor(hello.Conn)
		}
		return imp, nil // nil: the genuine configuration
	}
	return cfg
}

// HandshakeRefusedByClient reports whether e journals a TLS handshake the
// client refused, rather than one the peer refused: the client ended the
// handshake with an alert of its own (Go's crypto/tls: a certificate it
// would not trust, say), or hung up on the impostor's certificate without
// one, during the handshake or right after it, before any request (Node
// checks the certificate itself and destroys the socket).
func (e Exchange) HandshakeRefusedByClient() bool {
	return e.Route == RouteTLSHandshake && (strings.Contains(e.Malformed, remoteAlert) || strings.Contains(e.Malformed, hungUp))
}

const (
	// remoteAlert is how crypto/tls words an alert the other side sent.
	remoteAlert = "remote error: tls: "
	// hungUp is in the cause journaled for a client that closed a
	// connection to the impostor without an alert and without a request.
	hungUp = "the client hung up on the impostor's certificate"

	hungUpDuring = "TLS handshake failed: " + hungUp + " during the handshake, without an alert"
	hungUpAfter  = "TLS handshake refused after the fact: " + hungUp + " right after the handshake, without a request"
)

// connSet tracks the open connections of one server (http.Server.ConnState),
// by the TCP connection under TLS.
type connSet struct {
	mu      sync.Mutex
	conns   map[net.Conn]*connRecord
	closing bool // the server is closing: every connection is cut by the peer
	// hungUp, if non-nil, journals a client that closed a connection to
	// the impostor, its handshake done, without a request.
	hungUp func(remote, why string)
	// unparsed, if non-nil, journals a request no handler saw (unparsed.go).
	unparsed func(remote, why string)
}

type connRecord struct {
	conn          net.Conn      // as the server has it (a *tls.Conn)
	done          chan struct{} // closed when the server is done with the conn
	impostor      bool          // its handshake began under the impostor's configuration
	requests      atomic.Int64  // handlers run (Peer.ServeHTTP)
	cut           bool          // the peer ended it
	readDeadlines atomic.Int64  // set by net/http (unparsed.go)
	epoch         epoch         // the ConnState hooks' alone
}

// raw is the TCP connection under c.
func raw(c net.Conn) net.Conn {
	if tc, ok := c.(*tls.Conn); ok {
		return tc.NetConn()
	}
	return c
}

type connKey struct{}

// connContext is an http.Server.ConnContext hook, called before the
// connection's StateNew: it tracks the connection, and its requests find
// its record without a lock.
func (s *connSet) connContext(ctx context.Context, c net.Conn) context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	return context.WithValue(ctx, connKey{}, s.addLocked(c))
}

func (s *connSet) addLocked(c net.Conn) *connRecord {
	key := raw(c)
	if rec := s.conns[key]; rec != nil {
		return rec
	}
	if s.conns == nil {
		s.conns = map[net.Conn]*connRecord{}
	}
	rec := recordOf(c) // made by trackedListener
	if rec == nil {
		rec = &connRecord{done: make(chan struct{})}
	}
	rec.conn = c
	s.conns[key] = rec
	return rec
}

// request counts a request on its connection.
func (s *connSet) request(r *http.Request) {
	if rec, ok := r.Context().Value(connKey{}).(*connRecord); ok {
		rec.requests.Add(1)
	}
}

// impostorHello reports whether the client at remote began its handshake
// with the impostor.
func (s *connSet) impostorHello(remote string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c, rec := range s.conns {
		if c.RemoteAddr().String() == remote {
			return rec.impostor && !rec.cut && !s.closing
		}
	}
	return false
}

// underImpostor marks the connection's handshake as the impostor's.
func (s *connSet) underImpostor(c net.Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rec := s.conns[c]; rec != nil {
		rec.impostor = true
	}
}

// track is an http.Server.ConnState hook.
func (s *connSet) track(c net.Conn, state http.ConnState) {
	if s.stateHook(c, state) {
		return // StateActive, StateIdle: no lock
	}
	key := raw(c)
	s.mu.Lock()
	if state == http.StateNew {
		s.addLocked(c)
		s.mu.Unlock()
		return
	}
	rec := s.conns[key]
	delete(s.conns, key)
	cut := s.closing
	s.mu.Unlock()
	if rec == nil {
		return
	}
	if state == http.StateClosed {
		if why := rec.endEpoch(true); why != "" {
			s.journalUnparsed(rec, why) // before done: teardown waits for it
		}
	}
	close(rec.done)
	if state != http.StateClosed || !rec.impostor || rec.requests.Load() > 0 || rec.epoch.unparsed || rec.cut || cut || s.hungUp == nil {
		return
	}
	if tc, ok := c.(*tls.Conn); ok && tc.ConnectionState().HandshakeComplete {
		s.hungUp(c.RemoteAddr().String(), hungUpAfter)
	}
}

// drain ends every connection open now: once its handshake is done, a
// close_notify, so that the client sees the end of the connection before
// it could send on it; then, once the server is done with it or after
// timeout, a close.
func (s *connSet) drain(timeout time.Duration) {
	s.settle(timeout) // a close_notify needs a handshake done
	s.mu.Lock()
	open := make([]*connRecord, 0, len(s.conns))
	for _, rec := range s.conns {
		rec.cut = true
		open = append(open, rec)
	}
	s.mu.Unlock()
	for _, rec := range open {
		if tc, ok := rec.conn.(*tls.Conn); !ok || tc.CloseWrite() != nil {
			_ = rec.conn.Close() // no handshake yet, or not TLS: nothing to announce
		}
	}
	cut := time.NewTimer(timeout)
	defer cut.Stop()
	for _, rec := range open {
		select {
		case <-rec.done:
		case <-cut.C:
			cut.Reset(0)
		}
		_ = rec.conn.Close()
	}
}

// cutAll marks every connection, open now or later, as ended by the peer:
// the server is closing.
func (s *connSet) cutAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closing = true
}

// settle waits, up to timeout, for every handshake in progress to end:
// the verdict of a handshake the client refused is read off the wire only
// then, and a close before it would lose the client's alert.
func (s *connSet) settle(timeout time.Duration) {
	var wg sync.WaitGroup
	for _, rec := range s.open() {
		if tc, ok := rec.conn.(*tls.Conn); ok {
			wg.Go(func() { tc.ConnectionState() }) // blocks while the handshake runs
		}
	}
	waitBounded(&wg, timeout)
}

// wait waits, up to timeout, until the server is done with every
// connection open now: a failed handshake is logged (and journaled) before.
func (s *connSet) wait(timeout time.Duration) {
	var wg sync.WaitGroup
	for _, rec := range s.open() {
		wg.Go(func() { <-rec.done })
	}
	waitBounded(&wg, timeout)
}

func (s *connSet) open() []*connRecord {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*connRecord, 0, len(s.conns))
	for _, rec := range s.conns {
		out = append(out, rec)
	}
	return out
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
