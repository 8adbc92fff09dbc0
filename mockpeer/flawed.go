package mockpeer

import (
	"crypto/x509"
	"fmt"
	"net"
	"time"
)

// CertFlaw is what is wrong with the certificate from the run's own CA
// that a peer presents after PresentFlawed: it chains to the trust root
// the client was given, and is still no certificate of the server.
type CertFlaw int

const (
	// FlawOtherHost: the certificate names only another host
	// (elsewhere.invalid and 192.0.2.1, which no peer listens on), none of
	// the peer's.
	FlawOtherHost CertFlaw = iota + 1
	// FlawExpired: the certificate's validity period ended before the farm
	// started (it began an hour before, with the run's CA's, and ended half
	// an hour before).
	FlawExpired
	// FlawClientAuthOnly: the certificate's only extended key usage is
	// clientAuth: it is a client's certificate, not a server's.
	FlawClientAuthOnly
)

// String is the flaw as the journal and the docs name it.
func (f CertFlaw) String() string {
	switch f {
	case FlawOtherHost:
		return "another host's names"
	case FlawExpired:
		return "expired"
	case FlawClientAuthOnly:
		return "clientAuth only"
	}
	return fmt.Sprintf("CertFlaw(%d)", int(f))
}

// otherHost is the only host a FlawOtherHost certificate names.
const otherHost = "elsewhere.invalid"

// PresentFlawed makes the peer an impostor on its own origin as
// PresentImpostor does, with a certificate the run's own CA issued: the
// peer's subject and key usage, for its names, but for flaw. The chain
// verifies against the trust root; a client that checks nothing else
// (not the names, not the validity period, not the key usage) takes it.
// Impostor reports true, a client's hang-up on the certificate is
// journaled as a refusal, session resumption is refused and every
// connection open to the peer is ended, as with PresentImpostor. A call
// while the peer presents an impostor changes nothing; PresentGenuine
// (Reset) undoes it.
func (p *Peer) PresentFlawed(flaw CertFlaw) error {
	return p.switchCertificate(func() error {
		if p.Impostor() {
			return nil
		}
		host, _, err := listenAddr(p.spec)
		if err != nil {
			return err
		}
		issued := p.farm.pki.issued
		tmpl := serverTemplate(p.spec.Name, []string{host}, issued)
		switch flaw {
		case FlawOtherHost:
			tmpl.DNSNames, tmpl.IPAddresses = []string{otherHost}, []net.IP{net.IPv4(192, 0, 2, 1)}
		case FlawExpired:
			tmpl.NotAfter = issued.Add(-30 * time.Minute)
		case FlawClientAuthOnly:
			tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}
		default:
			return fmt.Errorf("mockpeer: peer %q: no such certificate flaw %d", p.spec.Name, int(flaw))
		}
		cert, err := p.farm.pki.leaf(tmpl)
		if err != nil {
			return err
		}
		cfg, err := p.presenting(cert, "flawed certificate ("+flaw.String()+")")
		if err != nil {
			return err
		}
		p.impostor.Store(cfg)
		p.conns.drain(DefaultDrainTimeout)
		return nil
	})
}
