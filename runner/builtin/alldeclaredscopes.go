package builtin

import (
	"context"
	"net/url"
	"slices"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// allDeclaredScopes is adversarial (gallery.go): the reference, but a
// token is asked for every scope the card's OAuth flow declares, not only
// those the skill's requirement names, as a client that asks once for
// "everything this agent offers" does. A token is obtained for the scopes
// the requirement names, so that what it is good for is what the task
// needs (contract-model §8 rule 4; RFC 6749 §3.3). Only credential-scope
// judges a token's scope (CRED-007), and there each card's flow declared
// the one scope its skill requires, so it passed every requirement of the
// catalog in both modes until those flows declared an *.admin scope too
// and CRED-007 asked for exactly the scope required.
func allDeclaredScopes(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Tokens = &declaredScopes{ref: refclient.Reference().Tokens}
}

type declaredScopes struct {
	ref    refclient.TokenSource
	mu     sync.Mutex
	scopes []string
}

func (d *declaredScopes) Endpoint(c *refclient.Client, card *refclient.Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error) {
	d.mu.Lock()
	d.scopes = d.scopes[:0]
	for s := range flow.Scopes {
		d.scopes = append(d.scopes, s)
	}
	slices.Sort(d.scopes)
	d.mu.Unlock()
	return d.ref.Endpoint(c, card, flow)
}

func (d *declaredScopes) Token(ctx context.Context, c *refclient.Client, endpoint *url.URL, scopes []string) (string, error) {
	d.mu.Lock()
	all := slices.Clone(scopes)
	for _, s := range d.scopes {
		if !slices.Contains(all, s) {
			all = append(all, s)
		}
	}
	d.mu.Unlock()
	return d.ref.Token(ctx, c, endpoint, all)
}
