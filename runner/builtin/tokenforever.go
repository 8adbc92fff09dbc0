package builtin

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// tokenForever is adversarial (gallery.go): the reference, but an access
// token, once fetched, is kept for the whole session (on disk in the
// state directory, so one-shot processes share it) and sent for as long as
// the session lasts: its expires_in is never read, and no rotation of the
// card, nor any 401, makes the client ask for another. Tokens are kept per
// token endpoint and scope set, so no agent gets another's. Every token
// the farm issues lives an hour, longer than any session.
func tokenForever(cfg *refclient.Config, stateDir string) {
	cfg.UnsafeDecisions.Tokens = &foreverTokens{next: refclient.Reference().Tokens, dir: stateDir, mem: map[string]string{}}
}

type foreverTokens struct {
	next refclient.TokenSource
	dir  string
	mu   sync.Mutex
	mem  map[string]string
}

func (f *foreverTokens) Endpoint(c *refclient.Client, card *refclient.Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error) {
	return f.next.Endpoint(c, card, flow)
}

func (f *foreverTokens) Token(ctx context.Context, c *refclient.Client, endpoint *url.URL, scopes []string) (string, error) {
	sorted := slices.Sorted(slices.Values(scopes))
	sum := sha256.Sum256([]byte(endpoint.String() + "\n" + strings.Join(sorted, " ")))
	key := hex.EncodeToString(sum[:])
	f.mu.Lock()
	defer f.mu.Unlock()
	if tok, ok := f.mem[key]; ok {
		return tok, nil
	}
	path := ""
	if f.dir != "" {
		path = filepath.Join(f.dir, "token-"+key)
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			f.mem[key] = string(b)
			return string(b), nil
		}
	}
	tok, err := f.next.Token(ctx, c, endpoint, scopes)
	if err != nil {
		return "", err
	}
	f.mem[key] = tok
	if path != "" {
		_ = os.WriteFile(path, []byte(tok), 0o600)
	}
	return tok, nil
}
