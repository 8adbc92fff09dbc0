package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// followNonCardRedirects is adversarial (gallery.go): the reference, but
// every redirect is followed anywhere except the card URL's: an A2A
// request (credentials and all), a token request (with the client secret)
// or a key set request goes wherever its answer points. The card vouches
// for the urls it names, not for wherever their servers redirect
// (contract-model §3 rule 6, §8 rule 2): a redirect is followed only within
// the origin. No peer redirected anything but its card URL until
// interface-redirect-cross-origin (and token-redirect-cross-origin), so it
// passed every requirement of the catalog in both modes.
func followNonCardRedirects(cfg *refclient.Config) {
	ref := refclient.Reference().Origins
	cardURL := cfg.CardURL
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(reach refclient.Reach, first, target *url.URL) bool {
		if reach == refclient.ReachRedirect && first.String() != cardURL {
			return true
		}
		return ref.SameOrigin(reach, first, target)
	})
}
