package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// cardOriginRoute is adversarial (gallery.go): the reference with an
// origin gate that never refuses an interface, but moves it onto the card
// URL's own origin in place, so every A2A request goes to the origin the
// card came from, whatever the card names. It contacts no other origin,
// sends no credential anywhere new, and completes every task, at the
// wrong peer whenever a signed card vouches for an endpoint elsewhere.
func cardOriginRoute(cfg *refclient.Config) {
	reference := refclient.Reference().Origins
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(reach refclient.Reach, card, target *url.URL) bool {
		if reach != refclient.ReachInterface {
			return reference.SameOrigin(reach, card, target)
		}
		target.Host = card.Host
		return true
	})
}
