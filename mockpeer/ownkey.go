package mockpeer

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
		cert, err := p.farm.pki.serverCert(p.spec.Name, []string{host}, p.farm.pki.issued)
		if err != nil {
			return err
		}
		cfg, err := p.presenting(cert, "own key")
		if err != nil {
			return err
		}
		p.ownKey.Store(cfg)
		p.conns.drain(DefaultDrainTimeout)
		return nil
	})
}
