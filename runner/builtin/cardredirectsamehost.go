package builtin

import (
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// cardRedirectSameHost is adversarial (gallery.go): the reference, but a
// card redirect counts as same-origin whenever it stays on the card URL's
// host, whatever its scheme and port. An origin is scheme, host and port
// (contract-model §3 rule 6, RFC 6454): another port of the same host is
// another origin, and a card reached through a redirect there is advisory.
// Every cross-origin redirect of the catalog went to another host until
// card-redirect-cross-origin-same-host, so it passed every requirement of
// the catalog in both modes.
func cardRedirectSameHost(cfg *refclient.Config) {
	ref := refclient.Reference().Origins
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(reach refclient.Reach, card, target *url.URL) bool {
		if reach == refclient.ReachRedirect {
			return strings.EqualFold(card.Hostname(), target.Hostname())
		}
		return ref.SameOrigin(reach, card, target)
	})
}
