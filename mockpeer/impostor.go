package mockpeer

import (
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
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
// of its own that no file of the farm holds, named as the run's CA is, down
// to its subject key identifier (lookalikeCA): only the signature tells
// them apart, so a client that verifies the server refuses the handshake,
// and one that follows a chain by its issuer names alone does not (journaled as RouteConnection,
// Exchange.HandshakeRefusedByClient). TLS
// session resumption is refused too: a ticket from the genuine peer would
// otherwise skip the certificate altogether. Then every connection already
// open to the peer (HTTP/1.1, HTTP/2, gRPC) is closed, so nothing verified
// before the switch carries over: each gets a close_notify, and once the
// client closed its end (or after DefaultDrainTimeout) it is cut. It
// returns when every such connection is gone. A call while the peer
// presents the impostor changes nothing; after PresentGenuine, a call
// presents a new impostor, from a new CA.
func (p *Peer) PresentImpostor() error {
	return p.switchCertificate(func() error {
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
	})
}

// PresentGenuine undoes PresentImpostor (and PresentOwnKey), for demos that show a client
// refusing the impostor and then working again: the peer presents its
// genuine certificate from the next handshake on, and every connection
// open to it is ended as PresentImpostor ends them, so that nothing set up
// with the impostor carries over. It returns when they are gone. On a
// peer that presents its genuine certificate it changes nothing.
func (p *Peer) PresentGenuine() error {
	return p.switchCertificate(func() error {
		p.ownKeyArmed.Store(nil)
		wasImpostor, hadOwnKey := p.impostor.Swap(nil) != nil, p.ownKey.Swap(nil) != nil
		if wasImpostor || hadOwnKey {
			p.conns.drain(DefaultDrainTimeout)
		}
		return nil
	})
}

// switchCertificate runs change, one switch of the peer's certificate at a
// time; a peer over plain HTTP presents none to switch.
func (p *Peer) switchCertificate(change func() error) error {
	if p.farm.pki == nil {
		return fmt.Errorf("mockpeer: peer %q: %w", p.spec.Name, ErrPlainHTTP)
	}
	p.switching.Lock()
	defer p.switching.Unlock()
	return change()
}

// Impostor reports whether the peer presents the impostor's certificate.
func (p *Peer) Impostor() bool { return p.impostor.Load() != nil }

// impostorConfig is a TLS configuration like the peer's, presenting a
// certificate from a throwaway CA named as the run's is, and resuming no
// session.
func (p *Peer) impostorConfig() (*tls.Config, error) {
	genuine, err := p.farm.pki.server(p.identity)
	if err != nil {
		return nil, err
	}
	caCert, key, err := lookalikeCA(p.farm.pki.caCert, p.farm.pki.issued)
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
	return p.presenting(cert, "impostor")
}

// presenting is a TLS configuration like the peer's that presents cert
// and resumes no session, so that no ticket from before a switch skips the
// certificate; what names the switch in an error.
func (p *Peer) presenting(cert tls.Certificate, what string) (*tls.Config, error) {
	var ticketKey [32]byte
	if _, err := rand.Read(ticketKey[:]); err != nil {
		return nil, fmt.Errorf("mockpeer: %s ticket key: %w", what, err)
	}
	cfg := p.farm.pki.serverConfig(p.identity)
	cfg.GetCertificate = func(*tls.ClientHelloInfo) (*tls.Certificate, error) { return &cert, nil }
	cfg.SessionTicketsDisabled = true
	// It serves HTTP/2, and so gRPC, like the genuine peer.
	cfg.NextProtos = peerProtocols
	cfg.SetSessionTicketKeys([][32]byte{ticketKey})
	return cfg, nil
}

// peerProtocols are the protocols a peer offers by ALPN, as net/http's
// ServeTLS would: the peer makes the handshake itself, then serves either
// on the decrypted stream (contact_conn.go).
var peerProtocols = []string{"h2", "http/1.1"}

// tlsConfig is the TLS configuration of the peer's handshakes: the genuine
// one, which hands each handshake to the impostor once PresentImpostor
// ran, and records the ClientHello either way.
func (p *Peer) tlsConfig() *tls.Config {
	cfg := p.farm.pki.serverConfig(p.identity)
	cfg.NextProtos = peerProtocols
	cfg.GetConfigForClient = func(hello *tls.ClientHelloInfo) (*tls.Config, error) {
		imp := p.impostor.Load()
		onHello(hello, imp != nil)
		if imp == nil {
			p.ownKeyArmed.Load().fire(p)
			return p.ownKey.Load(), nil // nil: the identity's configuration
		}
		return imp, nil
	}
	return cfg
}

// lookalikeCA makes a throwaway CA named as genuine is: the same subject
// and subject key identifier, so the leaves it signs name genuine as their
// issuer and authority key, under a key of its own. Only a check of the
// signature tells its chains from genuine's.
func lookalikeCA(genuine *x509.Certificate, now time.Time) (*x509.Certificate, *ecdsa.PrivateKey, error) {
	tmpl := caTemplate(genuine.Subject, 1, now)
	tmpl.SubjectKeyId = genuine.SubjectKeyId
	cert, _, key, err := makeCA("impostor", tmpl, nil, nil)
	return cert, key, err
}
