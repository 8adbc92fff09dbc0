package builtin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sync"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// jwksSession is adversarial (gallery.go): the reference, but each key set
// it fetched is kept for the whole session (in the state directory, so
// one-shot processes share it) and never fetched again: a signature is
// verified against the keys its origin published when the session first
// asked, whatever the origin publishes now. The attestation itself (the
// signature check, the endpoint's TLS principal) is made again every task.
func jwksSession(cfg *refclient.Config, stateDir string) {
	cfg.UnsafeDecisions.Signatures = &keptKeySets{dir: stateDir, mem: map[string]jose.JSONWebKeySet{}}
}

type keptKeySets struct {
	dir string
	mu  sync.Mutex
	mem map[string]jose.JSONWebKeySet
}

func (k *keptKeySets) VerifyCard(ctx context.Context, c *refclient.Client, card *refclient.Card) (cardsig.Verified, error) {
	keys := cardsig.KeySourceFunc(func(ctx context.Context, kid, jku string) (jose.JSONWebKey, error) {
		at, err := c.KeySetURL(card, jku)
		if err != nil {
			return jose.JSONWebKey{}, err
		}
		set, err := k.keySet(ctx, c, at.String(), func() (jose.JSONWebKeySet, error) { return c.KeySet(ctx, at, false) })
		if err != nil {
			return jose.JSONWebKey{}, err
		}
		return cardsig.KeyByID(set, kid)
	})
	return cardsig.Verify(ctx, card.Raw, cardsig.VerifyOptions{Algorithms: c.SignatureAlgorithms(), Keys: keys})
}

func (k *keptKeySets) keySet(_ context.Context, _ *refclient.Client, at string, fetch func() (jose.JSONWebKeySet, error)) (jose.JSONWebKeySet, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if set, ok := k.mem[at]; ok {
		return set, nil
	}
	sum := sha256.Sum256([]byte(at))
	path := ""
	if k.dir != "" {
		path = filepath.Join(k.dir, "jwks-"+hex.EncodeToString(sum[:8]))
		if b, err := os.ReadFile(path); err == nil {
			var set jose.JSONWebKeySet
			if json.Unmarshal(b, &set) == nil {
				k.mem[at] = set
				return set, nil
			}
		}
	}
	set, err := fetch()
	if err != nil {
		return set, err
	}
	k.mem[at] = set
	if path != "" {
		if b, err := json.Marshal(set); err == nil {
			_ = os.WriteFile(path, b, 0o600)
		}
	}
	return set, nil
}
