package builtin

import (
	"context"
	"net/url"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// reuseTokenAcrossPeers is adversarial (gallery.go): the reference, one
// client per agent, with a token cache shared by all of them and keyed by
// token endpoint, as an SDK's token provider often is. The first token an
// endpoint gave is sent to every agent whose card names that endpoint,
// whatever scope the card asks: agent A's token goes to agent B. It keeps
// the cache in the session's state directory, so that in one-shot mode
// too the cache is the session's. Only credential-scope's CRED-007 sees
// whose token went where.
func reuseTokenAcrossPeers() task {
	var cache *tokenCache
	clients := map[string]*refclient.Client{}
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		if cache == nil {
			var err error
			if cache, err = loadTokenCache(a.StateDir); err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
		}
		rc := clients[a.CardURL]
		if rc == nil {
			cfg := refclient.Config{CardURL: a.CardURL, Skill: a.Skill, CAFile: a.CAFile, Credentials: a.Credentials,
				UnsafeDecisions: refclient.Decisions{Tokens: cache}}
			var err error
			if rc, err = refclient.New(cfg); err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
			clients[a.CardURL] = rc
		}
		return rc.Do(ctx, a)
	}
}

// tokenCacheFile is where reuse-token-across-peers keeps its tokens, in
// the state directory.
const tokenCacheFile = "token-cache.json"

// tokenCache is a refclient.TokenSource that asks the reference where the
// secret may go, and fetches a token from an endpoint only once.
type tokenCache struct {
	file sessionFile

	mu     sync.Mutex
	tokens map[string]string // token endpoint → the first token it gave
}

func loadTokenCache(dir string) (*tokenCache, error) {
	t := &tokenCache{tokens: map[string]string{}}
	var err error
	t.file, err = openSessionFile(ReuseTokenAcrossPeers, dir, tokenCacheFile, &t.tokens)
	return t, err
}

func (t *tokenCache) Endpoint(c *refclient.Client, card *refclient.Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error) {
	return refclient.Reference().Tokens.Endpoint(c, card, flow)
}

func (t *tokenCache) Token(ctx context.Context, c *refclient.Client, endpoint *url.URL, scopes []string) (string, error) {
	key := endpoint.String()
	t.mu.Lock()
	tok, ok := t.tokens[key]
	t.mu.Unlock()
	if ok {
		return tok, nil
	}
	tok, err := c.FetchToken(ctx, endpoint, scopes)
	if err != nil {
		return "", err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.tokens[key] = tok
	if err := t.file.save(t.tokens); err != nil {
		return "", err
	}
	return tok, nil
}
