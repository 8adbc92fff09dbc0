package builtin

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
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
	m := &attestedForever{}
	if stateDir != "" {
		m.path = filepath.Join(stateDir, attestOnceFile)
	}
	cfg.UnsafeDecisions.Attestations = m
}

// attestOnceFile is where attest-once keeps its attestations, in the
// state directory.
const attestOnceFile = "attest-once.json"

// attestedForever is attest-once's memory: "card origin endpoint origin"
// pairs, loaded from path on first use ("" keeps them in memory).
type attestedForever struct {
	path string

	mu     sync.Mutex
	loaded bool
	pairs  []string
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
	if m.loaded || m.path == "" {
		m.loaded = true
		return nil
	}
	raw, err := os.ReadFile(m.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return fmt.Errorf("builtin: %s: %w: %w", AttestOnce, refclient.ErrConfig, err)
	default:
		if err := json.Unmarshal(raw, &m.pairs); err != nil {
			return fmt.Errorf("builtin: %s: %w: %s: %w", AttestOnce, refclient.ErrConfig, m.path, err)
		}
	}
	m.loaded = true
	return nil
}

func (m *attestedForever) saveLocked() error {
	if m.path == "" {
		return nil
	}
	raw, err := json.Marshal(m.pairs)
	if err == nil {
		tmp := m.path + ".tmp"
		if err = os.WriteFile(tmp, raw, 0o600); err == nil {
			err = os.Rename(tmp, m.path)
		}
	}
	if err != nil {
		return fmt.Errorf("builtin: %s: %w: %w", AttestOnce, refclient.ErrConfig, err)
	}
	return nil
}
