package builtin

import (
	"context"
	"fmt"
	"net/url"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// postSecretToCardTokenURL is adversarial (gallery.go): the reference,
// but it takes the card's word for where its OAuth client secret goes,
// as most OAuth client libraries do: the tokenUrl the card names gets the
// secret, whatever authorization server the credentials were issued by
// (the grant's token URL is ignored). A peer that names its own token
// endpoint is handed the secret; only credential-scope's CRED-006 sees it.
func postSecretToCardTokenURL(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Tokens = cardTokenURL{}
}

type cardTokenURL struct{}

func (cardTokenURL) Endpoint(c *refclient.Client, card *refclient.Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error) {
	u, err := card.URL.Parse(flow.TokenURL)
	if err != nil {
		return nil, fmt.Errorf("token URL %q: %w", flow.TokenURL, err)
	}
	return u, nil
}

func (cardTokenURL) Token(ctx context.Context, c *refclient.Client, endpoint *url.URL, scopes []string) (string, error) {
	return c.FetchToken(ctx, endpoint, scopes)
}
