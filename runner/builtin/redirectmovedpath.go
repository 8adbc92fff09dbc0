package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// redirectMovedPath is adversarial (gallery.go): the reference, but a card
// redirect to another path is taken for the agent moving its card and
// followed wherever it goes; one that keeps the path is followed only
// within the origin. Whether a redirect may be followed is a question of
// its target's origin alone (contract-model §3 rule 6), never of its path.
// Every cross-origin redirect of the catalog kept the well-known path, and
// its only path-changing redirect stayed on the card's origin
// (card-redirect-same-origin), until card-redirect-cross-origin-moved-path,
// so it passed every requirement of the catalog in both modes.
func redirectMovedPath(cfg *refclient.Config) {
	ref := refclient.Reference().Origins
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(reach refclient.Reach, first, target *url.URL) bool {
		if reach == refclient.ReachRedirect && first.Path != target.Path {
			return true
		}
		return ref.SameOrigin(reach, first, target)
	})
}
