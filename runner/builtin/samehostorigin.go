package builtin

import (
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// sameHostOrigin's origin gate compares hostnames only: any port (and
// scheme) on the card's host counts as the card's origin (breaking rule
// 6: an origin is scheme, host and port).
func sameHostOrigin(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(_ refclient.Reach, card, target *url.URL) bool {
		return card.Hostname() == target.Hostname()
	})
}

// sameHostFor is the reference whose origin gate compares host names
// alone for what reaches: any scheme and port on the card URL's host pass
// there; every other reach is gated as the reference gates it.
func sameHostFor(reach refclient.Reach) func(*refclient.Config) {
	return func(cfg *refclient.Config) {
		ref := refclient.Reference().Origins
		cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(r refclient.Reach, card, target *url.URL) bool {
			if r == reach {
				return strings.EqualFold(card.Hostname(), target.Hostname())
			}
			return ref.SameOrigin(r, card, target)
		})
	}
}

// cardRedirectSameHost is adversarial (gallery.go): the reference, but a
// redirect counts as same-origin whenever it stays on the card URL's host,
// whatever its scheme and port. An origin is scheme, host and port
// (contract-model §3 rule 6, RFC 6454): another port of the same host is
// another origin, and a card reached through a redirect there is advisory.
// Every cross-origin redirect of the catalog went to another host until
// card-redirect-cross-origin-same-host, so it passed every requirement of
// the catalog in both modes.
var cardRedirectSameHost = sameHostFor(refclient.ReachRedirect)

// jwksSameHost is adversarial (gallery.go): the reference, but a key set on
// the card URL's host counts as the card origin's, whatever its scheme and
// port. Only the card's own origin may publish the keys that vouch for it
// (contract-model §6 condition 2): a key set at another port of the same
// host is another origin's, and a key it publishes makes the card
// authoritative for nothing. Every foreign key set of the catalog was on
// another host until repointed-endpoint-foreign-key-same-host, so it passed
// every requirement of the catalog in both modes.
var jwksSameHost = sameHostFor(refclient.ReachSigningKeys)
