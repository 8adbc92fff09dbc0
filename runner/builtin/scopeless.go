package builtin

import (
	"context"
	"net/url"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// scopelessTokens is adversarial (gallery.go): the reference, but its
// token requests name no scope: the client takes whatever the token
// endpoint grants by default, never reading the scopes the skill's
// requirement names (RFC 6749 §3.3).
func scopelessTokens(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Tokens = scopeless{refclient.Reference().Tokens}
}

type scopeless struct{ next refclient.TokenSource }

func (s scopeless) Endpoint(c *refclient.Client, card *refclient.Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error) {
	return s.next.Endpoint(c, card, flow)
}

func (s scopeless) Token(ctx context.Context, c *refclient.Client, endpoint *url.URL, _ []string) (string, error) {
	return s.next.Token(ctx, c, endpoint, nil)
}
