package builtin

import (
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// pinCardKey is adversarial (gallery.go): the reference, verifying every
// certificate against its trust root, but also pinning the first key each
// certificate subject presented at each server name in the session, and
// refusing any other key for them afterwards, however well it verifies.
// An impostor it refuses as the reference does (its trust root refuses it
// before any pin is asked); the genuine server it refuses once its
// certificate is renewed under a new key, as certificates routinely are
// (certificate-renewal). What it pinned is kept in the session's state
// directory, so that a one-shot session pins too.
func pinCardKey(cfg *refclient.Config, stateDir string) {
	pinFirstSeen(cfg, &firstSeenPins{client: PinCardKey, stateDir: stateDir, file: "pin-card-key.json",
		pin: func(serverName string, leaf *x509.Certificate) (string, string) {
			sum := sha256.Sum256(leaf.RawSubjectPublicKeyInfo)
			return serverName + " " + leaf.Subject.String(), hex.EncodeToString(sum[:])
		}})
}

// pinFirstIssuer is adversarial (gallery.go): pinCardKey pinning, at each
// server name, the issuer of the first certificate it presented (its
// subject and key identifier) instead of its key. A renewal under the same
// CA it takes; one under an intermediate CA that chains to the same trust
// root it refuses (certificate-renewal-intermediate).
func pinFirstIssuer(cfg *refclient.Config, stateDir string) {
	pinFirstSeen(cfg, &firstSeenPins{client: PinFirstIssuer, stateDir: stateDir, file: "pin-first-issuer.json",
		pin: func(serverName string, leaf *x509.Certificate) (string, string) {
			return serverName, leaf.Issuer.String() + " " + hex.EncodeToString(leaf.AuthorityKeyId)
		}})
}

// pinFirstSeen checks pins after the reference's checks of every
// handshake: the trust root's, and the pin of a signed endpoint, if any.
func pinFirstSeen(cfg *refclient.Config, pins *firstSeenPins) {
	cfg.UnsafeTLS = func(c *tls.Config) {
		ref := c.VerifyConnection
		c.VerifyConnection = func(cs tls.ConnectionState) error {
			if ref != nil {
				if err := ref(cs); err != nil {
					return err
				}
			}
			return pins.verify(cs)
		}
	}
}

// firstSeenPins maps what pin names of a certificate to what it pinned
// first, kept in the session's state directory.
type firstSeenPins struct {
	client, stateDir, file string
	// pin is the name a certificate is pinned under, and its pinned value.
	pin func(serverName string, leaf *x509.Certificate) (name, value string)

	mu     sync.Mutex
	stored *sessionFile // nil until loaded
	pinned map[string]string
}

// verify runs after the certificate verified against the trust root.
func (p *firstSeenPins) verify(cs tls.ConnectionState) error {
	if len(cs.PeerCertificates) == 0 {
		return nil
	}
	name, value := p.pin(cs.ServerName, cs.PeerCertificates[0])
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stored == nil {
		f, err := openSessionFile(p.client, p.stateDir, p.file, &p.pinned)
		if err != nil {
			return err
		}
		p.stored = &f
	}
	switch pinned, ok := p.pinned[name]; {
	case ok && pinned != value:
		return fmt.Errorf("builtin: %s: %s presents another certificate than the one pinned", p.client, name)
	case ok:
		return nil
	}
	if p.pinned == nil {
		p.pinned = map[string]string{}
	}
	p.pinned[name] = value
	return p.stored.save(p.pinned)
}
