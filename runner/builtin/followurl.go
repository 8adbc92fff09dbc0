package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// followURL has no origin gate: it follows card redirects anywhere and
// uses whatever interface and token endpoint the card gives, credentials
// included (breaking rule 6).
func followURL(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(refclient.Reach, *url.URL, *url.URL) bool { return true })
}
