package builtin

import (
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
	onPlannedCard(cfg, withGuessedPaths)
}

// wellKnownPaths are the paths the guess gives each HTTP binding.
var wellKnownPaths = map[string]string{
	wire.BindingJSONRPC:  mockpeer.JSONRPCPath,
	wire.BindingHTTPJSON: mockpeer.RESTPath,
}

// withGuessedPaths goes on with card's interfaces' paths guessed, in a
// copy: the card the reference returned may be the one it holds. It
// refuses nothing.
func withGuessedPaths(card *refclient.Card) (*refclient.Card, error) {
	guessed := *card
	guessed.Card.SupportedInterfaces = slices.Clone(card.Card.SupportedInterfaces)
	for i, iface := range guessed.Card.SupportedInterfaces {
		path, ok := wellKnownPaths[iface.ProtocolBinding]
		u, err := url.Parse(iface.URL)
		if !ok || err != nil || u.Scheme != "https" {
			continue
		}
		guessed.Card.SupportedInterfaces[i].URL = (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: path}).String()
	}
	return &guessed, nil
}
