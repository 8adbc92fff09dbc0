package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// refuseRedirects is adversarial (gallery.go): the reference refusing, as
// untrusted, every redirect of its card request but one back to the very
// URL it asked (which it follows, and gives up on as a loop, as the
// reference does). It passes every refusal of a cross-origin redirect
// without ever comparing an origin, and refuses an agent that moved its
// card within its own origin, for which the card stays authoritative
// (card-redirect-same-origin).
func refuseRedirects(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(reach refclient.Reach, card, target *url.URL) bool {
		if reach == refclient.ReachRedirect {
			return target.String() == card.String()
		}
		return refclient.SameOrigin(card, target)
	})
}
