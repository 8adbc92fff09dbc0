package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// tokensAnywhereWithoutIssuer is adversarial (gallery.go): the reference,
// but with a grant that names no issuer, the client secret goes to
// whatever tokenUrl the card names, on any origin, as a client that takes
// the card's word for where its secret goes when it was told nothing else
// does. A secret goes only to the token endpoint it was issued for, which
// without an issuer is one on the card's own origin (contract-model §8
// rule 3). Every card of the catalog whose client held such a grant named
// a token endpoint on its own origin, so it passed every requirement in
// both modes until token-url-foreign-no-issuer.
func tokensAnywhereWithoutIssuer(cfg *refclient.Config) {
	if cfg.Credentials.OAuthTokenURL != "" {
		return
	}
	cfg.UnsafeDecisions.Tokens = anyTokenURL{refclient.Reference().Tokens}
}

type anyTokenURL struct{ refclient.TokenSource }

func (anyTokenURL) Endpoint(_ *refclient.Client, card *refclient.Card, flow *wire.ClientCredentialsOAuthFlow) (*url.URL, error) {
	return card.URL.Parse(flow.TokenURL)
}
