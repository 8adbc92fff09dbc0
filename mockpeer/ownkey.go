package mockpeer

import (
	"crypto/tls"
	"sync/atomic"
	"time"
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
func (p *Peer) PresentOwnKey() error { return p.presentRenewed(p.farm.pki.serverCert, "own key") }

// PresentViaIntermediate is PresentOwnKey with the new certificate issued
// by an intermediate CA that the run's CA signed, and sent with it: the
// trust root the client was given is the same, the certificate's issuer
// another, as when a public CA rotates its intermediates. A client that
// pinned the first issuer it saw refuses a genuine server.
func (p *Peer) PresentViaIntermediate() error {
	return p.presentRenewed(p.farm.pki.serverCertViaIntermediate, "renewal via an intermediate")
}

// presentRenewed presents, from the next handshake on, the certificate
// issue makes for the peer's own name and host.
func (p *Peer) presentRenewed(issue func(identity string, hosts []string, now time.Time) (tls.Certificate, error), what string) error {
	return p.switchCertificate(func() error {
		if p.ownKey.Load() != nil {
			return nil
		}
		host, _, err := listenAddr(p.spec)
		if err != nil {
			return err
		}
		// Subject and hosts as a renewal keeps them (the peer's own name),
		// the key new: only the key tells the certificates apart.
		cert, err := issue(p.spec.Name, []string{host}, p.farm.pki.issued)
		if err != nil {
			return err
		}
		cfg, err := p.presenting(cert, what)
		if err != nil {
			return err
		}
		p.ownKey.Store(cfg)
		p.conns.drain(DefaultDrainTimeout)
		return nil
	})
}

// PresentOwnKeyAfterNextHandshake is PresentOwnKey one handshake late:
// the next TLS handshake with the peer still presents its identity's
// certificate (the key it may share with another peer, PeerSpec.Identity),
// and every handshake after it the peer's own key, as PresentOwnKey
// makes it. A client that checks the principal with a handshake of its
// own and then sends over a new connection meets another principal on
// that connection, as if the endpoint changed hands between the check and
// the send. Every connection open to the peer is ended first, so the next
// handshake is a new one. A second call, or a call after PresentOwnKey,
// changes nothing; PresentGenuine (Reset) undoes it.
func (p *Peer) PresentOwnKeyAfterNextHandshake() error {
	return p.switchCertificate(func() error {
		if p.ownKey.Load() != nil || p.ownKeyArmed.Load() != nil {
			return nil
		}
		host, _, err := listenAddr(p.spec)
		if err != nil {
			return err
		}
		cert, err := p.farm.pki.serverCert(p.spec.Name, []string{host}, p.farm.pki.issued)
		if err != nil {
			return err
		}
		cfg, err := p.presenting(cert, "own key after the next handshake")
		if err != nil {
			return err
		}
		p.conns.drain(DefaultDrainTimeout)
		// Armed once no connection is left: the next handshake is the
		// first to count.
		p.ownKeyArmed.Store(&armedKey{cfg: cfg})
		return nil
	})
}

// armedKey is a key switch waiting for its handshake.
type armedKey struct {
	cfg  *tls.Config
	seen atomic.Int32
}

// fire counts a handshake: from the second on, the peer presents cfg.
func (a *armedKey) fire(p *Peer) {
	if a == nil || a.seen.Add(1) < 2 {
		return
	}
	p.ownKey.CompareAndSwap(nil, a.cfg)
	p.ownKeyArmed.CompareAndSwap(a, nil)
}
