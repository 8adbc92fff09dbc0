package builtin

import (
	"net/url"

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
