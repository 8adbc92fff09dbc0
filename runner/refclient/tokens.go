package refclient

import (
	"context"
	"fmt"
	"net/url"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// TokenSource decides where the OAuth client secret goes and which access
// token a task sends (docs/contract-model.md §8). Endpoint is the token
// endpoint of flow on card the secret may go to, or why there is none (the
// alternative is then unsatisfiable: auth-unavailable). Token is the
// access token to send for scopes, from endpoint.
//
// The reference sends the secret only to the token endpoint its
// credentials were issued for: with the grant's token URL
// (driver.Credentials.OAuthTokenURL), a card's tokenUrl on that issuer's
// origin, whatever origin the card is on; a tokenUrl anywhere else is
// advisory, and the task is aborted. A grant that names no issuer leaves
// the card's own origin as the only one (rule 6). Either way the origin
// gate compares the origins. It fetches a token for every task, for the
// scopes that task's card names: a token is the peer's it was obtained
// for, and never goes to another.
type TokenSource interface {
	Endpoint(c *Client, card *Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error)
	Token(ctx context.Context, c *Client, endpoint *url.URL, scopes []string) (string, error)
}

type issuerTokens struct{}

func (issuerTokens) Endpoint(c *Client, card *Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error) {
	u, err := card.URL.Parse(flow.TokenURL)
	if err != nil {
		return nil, fmt.Errorf("token URL %q: %w", flow.TokenURL, err)
	}
	issuer, err := c.issuer()
	if err != nil {
		return nil, err
	}
	if issuer != nil {
		if !c.decide.Origins.SameOrigin(ReachTokenEndpoint, issuer, u) {
			return nil, fmt.Errorf("token endpoint on %s, client credentials issued by %s", OriginOf(u), OriginOf(issuer))
		}
		return u, nil
	}
	if !c.decide.Origins.SameOrigin(ReachTokenEndpoint, card.URL, u) {
		return nil, fmt.Errorf("token endpoint on %s, card served by %s", OriginOf(u), OriginOf(card.URL))
	}
	return u, nil
}

func (issuerTokens) Token(ctx context.Context, c *Client, endpoint *url.URL, scopes []string) (string, error) {
	return c.FetchToken(ctx, endpoint, scopes)
}

// issuer is the token endpoint the client credentials were issued for, or
// nil when the grant names none.
func (c *Client) issuer() (*url.URL, error) {
	raw := c.cfg.Credentials.OAuthTokenURL
	if raw == "" {
		return nil, nil
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() {
		return nil, fmt.Errorf("%w: the grant's token URL %q is no absolute URL", ErrConfig, raw)
	}
	return u, nil
}
