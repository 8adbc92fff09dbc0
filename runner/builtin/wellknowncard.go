package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// wellKnownCard is adversarial (gallery.go): the reference, but fetching
// its card at the well-known path of the card URL's origin, whatever path
// the URL it was given names, as a client that takes "the agent" to be its
// origin, or an SDK called with its default card path, does. The card is
// the document at the URL given (contract-model §3 rule 6): on a host
// serving several agents, the well-known path holds another agent's card or
// none. Every card URL was the well-known one until card-url-not-well-known,
// so it passed every requirement of the catalog in both modes.
func wellKnownCard(cfg *refclient.Config) {
	u, err := url.Parse(cfg.CardURL)
	if err != nil {
		return // the reference reports the URL it cannot parse
	}
	cfg.CardURL = (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: wire.WellKnownCardPath}).String()
}
