package builtin

import (
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// jwksSameHost is adversarial (gallery.go): the reference, but a key set on
// the card URL's host counts as the card origin's, whatever its scheme and
// port. Only the card's own origin may publish the keys that vouch for it
// (contract-model §6 condition 2): a key set at another port of the same
// host is another origin's, and a key it publishes makes the card
// authoritative for nothing. Every foreign key set of the catalog was on
// another host until repointed-endpoint-foreign-key-same-host, so it passed
// every requirement of the catalog in both modes.
func jwksSameHost(cfg *refclient.Config) {
	ref := refclient.Reference().Origins
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(reach refclient.Reach, card, target *url.URL) bool {
		if reach == refclient.ReachSigningKeys {
			return strings.EqualFold(card.Hostname(), target.Hostname())
		}
		return ref.SameOrigin(reach, card, target)
	})
}
