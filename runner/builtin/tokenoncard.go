package builtin

import (
	"context"
	"net/http"
	"net/url"
	"sync"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// tokenOnCardRequests is adversarial (gallery.go): the reference, but
// once it holds an access token for an agent it authenticates every
// request to that agent with it, as a client built on one authenticated
// HTTP session does: the card revalidation right before each send carries
// the token too. The card url is no interface: only credential-scope's
// CRED-005 sees a token where the card never asked for one.
func tokenOnCardRequests(cfg *refclient.Config) {
	last := &lastToken{next: refclient.Reference().Tokens}
	cfg.UnsafeDecisions.Tokens = last
	cfg.UnsafeRevalidation = func(h http.Header) {
		if tok := last.get(); tok != "" {
			h.Set("Authorization", "Bearer "+tok)
		}
	}
}

// lastToken is the reference's TokenSource, remembering the last token it
// gave.
type lastToken struct {
	next refclient.TokenSource

	mu  sync.Mutex
	tok string
}

func (l *lastToken) Endpoint(c *refclient.Client, card *refclient.Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error) {
	return l.next.Endpoint(c, card, flow)
}

func (l *lastToken) Token(ctx context.Context, c *refclient.Client, endpoint *url.URL, scopes []string) (string, error) {
	tok, err := l.next.Token(ctx, c, endpoint, scopes)
	if err == nil {
		l.mu.Lock()
		l.tok = tok
		l.mu.Unlock()
	}
	return tok, err
}

func (l *lastToken) get() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.tok
}
