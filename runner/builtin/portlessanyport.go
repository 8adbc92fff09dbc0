package builtin

import (
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// portlessAnyPort is adversarial (gallery.go): the reference, but its
// origin gate takes a url written without a port for the card's origin
// whenever the scheme and host match, as if a missing port meant "the
// same one". A url without a port has its scheme's default port (RFC 6454
// §4): https://host/ is port 443, another origin than https://host:8443.
// Every url of the catalog wrote its port, so it passed every requirement
// of the catalog in both modes until default-port-listed-first.
func portlessAnyPort(cfg *refclient.Config) {
	ref := refclient.Reference().Origins
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(reach refclient.Reach, card, target *url.URL) bool {
		if target.Port() == "" && strings.EqualFold(card.Scheme, target.Scheme) && strings.EqualFold(card.Hostname(), target.Hostname()) {
			return true
		}
		return ref.SameOrigin(reach, card, target)
	})
}
