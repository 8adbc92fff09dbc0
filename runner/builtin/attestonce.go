package builtin

import (
	"net/url"
	"slices"
	"sync"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// attestOnce is adversarial (gallery.go): the reference, but each signed
// binding it attests (a card's signature by a key the card's origin
// publishes, the endpoint's TLS principal the card origin's) holds for the
// rest of the session, whatever the card's cache headers say: it remembers
// the endpoint's origin, by the card's, and later sends there with the CA
// check alone, pinning nothing. What it attested is kept in the session's
// state directory, so that in one-shot mode too the attestation outlives
// the process that made it.
func attestOnce(cfg *refclient.Config, stateDir string) {
	cfg.UnsafeDecisions.Attestations = &attestedForever{stateDir: stateDir}
}

// attestOnceFile is where attest-once keeps its attestations, in the
// state directory.
const attestOnceFile = "attest-once.json"

// attestedForever is attest-once's memory: "card origin endpoint origin"
// pairs, read from the state directory on first use.
type attestedForever struct {
	stateDir string

	mu    sync.Mutex
	file  *sessionFile // nil until loaded
	pairs []string
}

func attestationKey(card *refclient.Card, endpoint *url.URL) string {
	return refclient.OriginOf(card.URL).String() + " " + refclient.OriginOf(endpoint).String()
}

// Reuse trusts any endpoint it ever attested for the card's origin.
func (m *attestedForever) Reuse(card *refclient.Card, endpoint *url.URL) (refclient.Principal, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.loadLocked(); err != nil {
		return "", false, err
	}
	return "", slices.Contains(m.pairs, attestationKey(card, endpoint)), nil
}

// Attested remembers the endpoint for good.
func (m *attestedForever) Attested(card *refclient.Card, endpoint *url.URL, _ refclient.Principal) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.loadLocked(); err != nil {
		return err
	}
	if key := attestationKey(card, endpoint); !slices.Contains(m.pairs, key) {
		m.pairs = append(m.pairs, key)
	}
	return m.saveLocked()
}

func (m *attestedForever) loadLocked() error {
	if m.file != nil {
		return nil
	}
	f, err := openSessionFile(AttestOnce, m.stateDir, attestOnceFile, &m.pairs)
	if err != nil {
		return err
	}
	m.file = &f
	return nil
}

func (m *attestedForever) saveLocked() error { return m.file.save(m.pairs) }
