package builtin

import (
	"crypto/sha256"
	"crypto/tls"
	"encoding/hex"
	"errors"
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
	pins := &pinnedKeys{stateDir: stateDir}
	cfg.UnsafeTLS = func(c *tls.Config) {
		ref := c.VerifyConnection // the reference's pin of a signed endpoint, if any
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

// pinCardKeyFile is where pin-card-key keeps its pins, in the state
// directory.
const pinCardKeyFile = "pin-card-key.json"

var errKeyChanged = errors.New("builtin: pin-card-key: the server presents another key than the one pinned")

// pinnedKeys maps "server name, subject" to the SHA-256 of the public key
// first presented for them (hex).
type pinnedKeys struct {
	stateDir string

	mu   sync.Mutex
	file *sessionFile // nil until loaded
	keys map[string]string
}

// verify runs after the certificate verified against the trust root.
func (p *pinnedKeys) verify(cs tls.ConnectionState) error {
	if len(cs.PeerCertificates) == 0 {
		return nil
	}
	leaf := cs.PeerCertificates[0]
	sum := sha256.Sum256(leaf.RawSubjectPublicKeyInfo)
	name, key := cs.ServerName+" "+leaf.Subject.String(), hex.EncodeToString(sum[:])
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.file == nil {
		f, err := openSessionFile(PinCardKey, p.stateDir, pinCardKeyFile, &p.keys)
		if err != nil {
			return err
		}
		p.file = &f
	}
	switch pinned, ok := p.keys[name]; {
	case ok && pinned != key:
		return fmt.Errorf("%w: %s", errKeyChanged, name)
	case ok:
		return nil
	}
	if p.keys == nil {
		p.keys = map[string]string{}
	}
	p.keys[name] = key
	return p.file.save(p.keys)
}
