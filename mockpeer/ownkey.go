package mockpeer

import (
	"crypto/rand"
	"crypto/tls"
	"fmt"
)

// PresentOwnKey makes the peer another TLS principal on its own origin:
// from the next handshake on it presents a certificate for the same hosts,
// issued by the farm's CA (a server the client verifies), under a key of
// its own that no other peer presents. A peer that shared its identity's
// key with another (PeerSpec.Identity) stops being that peer's principal:
// what a client attested of it no longer holds. Session resumption is
// refused, and every connection open to the peer is ended as
// PresentImpostor ends them, so nothing set up under the old key carries
// over. It returns when they are gone; a second call changes nothing, and
// PresentGenuine (Reset) undoes it.
func (p *Peer) PresentOwnKey() error {
	if p.farm.pki == nil {
		return fmt.Errorf("mockpeer: peer %q: %w", p.spec.Name, ErrPlainHTTP)
	}
	p.switching.Lock()
	defer p.switching.Unlock()
	if p.ownKey.Load() != nil {
		return nil
	}
	host, _, err := listenAddr(p.spec)
	if err != nil {
		return err
	}
	cert, err := p.farm.pki.serverCert(p.spec.Name+" (own key)", []string{host}, p.farm.pki.issued)
	if err != nil {
		return err
	}
	var ticketKey [32]byte
	if _, err := rand.Read(ticketKey[:]); err != nil {
		return fmt.Errorf("mockpeer: own key ticket key: %w", err)
	}
	cfg := p.farm.pki.serverConfig(p.identity)
	cfg.GetCertificate = func(*tls.ClientHelloInfo) (*tls.Certificate, error) { return &cert, nil }
	cfg.SessionTicketsDisabled = true
	cfg.NextProtos = peerProtocols
	cfg.SetSessionTicketKeys([][32]byte{ticketKey})
	p.ownKey.Store(cfg)
	p.conns.drain(DefaultDrainTimeout)
	return nil
}
