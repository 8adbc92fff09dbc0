package builtin

import (
	"context"
	"net/url"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// guessedPath is adversarial (gallery.go): the reference, fetching and
// judging the card like it, but sending to a path of its own guessing: in
// the card it planned on, or revalidated, every https JSON-RPC and
// HTTP+JSON interface url keeps its origin and gets the well-known path of
// its binding, the farm's (mockpeer.JSONRPCPath, mockpeer.RESTPath), as a
// client that builds the endpoint from the binding instead of taking the
// url would. The interface url, path included, is where the client sends
// (contract-model §3 rule 6): on a host serving several agents under
// different paths, this client hands tasks and credentials to whichever
// agent sits at the guessed path. Every peer served A2A at those paths
// until endpoint-path-prefixed, so it passed every requirement of the
// catalog in both modes.
func guessedPath(cfg *refclient.Config) {
	ref := refclient.Reference()
	cfg.UnsafeDecisions.Cache = pathGuess{plan: ref.Cache}
	cfg.UnsafeDecisions.Revalidator = pathGuess{revalidate: ref.Revalidator}
}

// pathGuess decides like the reference, then replaces the paths of the
// card it planned on, or the one it revalidated.
type pathGuess struct {
	plan       refclient.CardCache
	revalidate refclient.Revalidator
}

func (g pathGuess) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	return withGuessedPaths(g.plan.Plan(ctx, c, held))
}

func (g pathGuess) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	return withGuessedPaths(g.revalidate.Revalidate(ctx, c, prev))
}

// wellKnownPaths are the paths the guess gives each HTTP binding.
var wellKnownPaths = map[string]string{
	wire.BindingJSONRPC:  mockpeer.JSONRPCPath,
	wire.BindingHTTPJSON: mockpeer.RESTPath,
}

// withGuessedPaths is card with its interfaces' paths guessed, a copy: the
// card the reference returned may be the one it holds.
func withGuessedPaths(card *refclient.Card, err error) (*refclient.Card, error) {
	if err != nil || card == nil {
		return card, err
	}
	guessed := *card
	guessed.Card.SupportedInterfaces = slices.Clone(card.Card.SupportedInterfaces)
	for i, iface := range guessed.Card.SupportedInterfaces {
		path, ok := wellKnownPaths[iface.ProtocolBinding]
		u, perr := url.Parse(iface.URL)
		if !ok || perr != nil || u.Scheme != "https" {
			continue
		}
		guessed.Card.SupportedInterfaces[i].URL = (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: path}).String()
	}
	return &guessed, nil
}
