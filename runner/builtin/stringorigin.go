package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// stringOrigin is adversarial (gallery.go): the reference with its origin
// gate replaced by a case-sensitive comparison of scheme://host:port as
// the url writes it (net/url has lower-cased the scheme, nothing else). It
// refuses every look-alike, and every spelling of the card's own origin
// that is not the card URL's text too: a client cannot pass the
// look-alikes by refusing what it does not string-match.
func stringOrigin(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(_ refclient.Reach, card, target *url.URL) bool {
		return card.Scheme+"://"+card.Host == target.Scheme+"://"+target.Host
	})
}
