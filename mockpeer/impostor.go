package mockpeer

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
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
// returns when every such connection is gone. A later call changes
// nothing.
func (p *Peer) PresentImpostor() error {
	if p.farm.pki == nil {
		return fmt.Errorf("mockpeer: peer %q: %w", p.spec.Name, ErrPlainHTTP)
	}
	cfg, err := p.impostorConfig()
	if err != nil {
		return err
	}
	p.impostor.CompareAndSwap(nil, cfg)
	p.conns.drain(DefaultDrainTimeout)
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
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("mockpeer: impostor CA key: %w", err)
	}
	now := p.farm.pki.issued
	ca := &x509.Certificate{
		Subject:               pkix.Name{CommonName: "a2a-conform run CA", Organization: []string{"a2a-conform impostor"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(48 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		MaxPathLenZero:        true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
	caCert, _, err := sign(ca, &key.PublicKey, nil, key)
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
	cfg.SetSessionTicketKeys([][32]byte{ticketKey})
	return cfg, nil
}

// tlsConfig is the TLS configuration of the peer's server: the genuine
// one, which hands each handshake to the impostor once PresentImpostor ran.
func (p *Peer) tlsConfig() *tls.Config {
	cfg := p.farm.pki.serverConfig(p.identity)
	cfg.GetConfigForClient = func(*tls.ClientHelloInfo) (*tls.Config, error) {
		return p.impostor.Load(), nil // nil: the genuine configuration
	}
	return cfg
}

// HandshakeRefusedByClient reports whether e journals a TLS handshake the
// client ended with an alert of its own (a certificate it would not
// trust, say), rather than one the peer refused.
func (e Exchange) HandshakeRefusedByClient() bool {
	return e.Route == RouteTLSHandshake && strings.Contains(e.Malformed, remoteAlert)
}

// remoteAlert is how crypto/tls words an alert the other side sent.
const remoteAlert = "remote error: tls: "

// connSet tracks the open connections of one server (http.Server.ConnState).
type connSet struct {
	mu    sync.Mutex
	conns map[net.Conn]chan struct{} // closed when the server is done with the conn
}

// track is an http.Server.ConnState hook.
func (s *connSet) track(c net.Conn, state http.ConnState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch state {
	case http.StateNew:
		if s.conns == nil {
			s.conns = map[net.Conn]chan struct{}{}
		}
		s.conns[c] = make(chan struct{})
	case http.StateClosed, http.StateHijacked:
		if done, ok := s.conns[c]; ok {
			close(done)
			delete(s.conns, c)
		}
	}
}

// drain ends every connection open now: a close_notify first, so that the
// client sees the end of the connection before it could send on it, then,
// once the server is done with it or after timeout, a close.
func (s *connSet) drain(timeout time.Duration) {
	s.mu.Lock()
	open := make(map[net.Conn]chan struct{}, len(s.conns))
	for c, done := range s.conns {
		open[c] = done
	}
	s.mu.Unlock()
	for c := range open {
		if tc, ok := c.(*tls.Conn); !ok || tc.CloseWrite() != nil {
			_ = c.Close() // no handshake yet, or not TLS: nothing to announce
		}
	}
	cut := time.NewTimer(timeout)
	defer cut.Stop()
	for c, done := range open {
		select {
		case <-done:
		case <-cut.C:
			cut.Reset(0)
		}
		_ = c.Close()
	}
}

// settle waits, up to timeout, for every handshake in progress to end:
// the verdict of a handshake the client refused is read off the wire only
// then, and a close before it would lose the client's alert.
func (s *connSet) settle(timeout time.Duration) {
	var wg sync.WaitGroup
	for _, c := range s.open() {
		if tc, ok := c.(*tls.Conn); ok {
			wg.Go(func() { tc.ConnectionState() }) // blocks while the handshake runs
		}
	}
	waitBounded(&wg, timeout)
}

// wait waits, up to timeout, until the server is done with every
// connection open now: a failed handshake is logged (and journaled) before.
func (s *connSet) wait(timeout time.Duration) {
	s.mu.Lock()
	var wg sync.WaitGroup
	for _, done := range s.conns {
		wg.Go(func() { <-done })
	}
	s.mu.Unlock()
	waitBounded(&wg, timeout)
}

func (s *connSet) open() []net.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]net.Conn, 0, len(s.conns))
	for c := range s.conns {
		out = append(out, c)
	}
	return out
}

// waitBounded waits for wg, or until timeout; the goroutines it waits for end
// on their own.
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
