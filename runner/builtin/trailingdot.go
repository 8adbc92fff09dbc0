package builtin

import (
	"net"
	"net/url"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// trailingDotOrigin is adversarial (gallery.go): the reference with an
// origin gate that canonicalizes each url it judges as some URL libraries
// do, dropping a trailing dot from the host in place (so it also dials the
// dotless host), then compares RFC 6454 origins. But an origin is the host
// as written: "localhost." is another origin than "localhost", though on
// many resolvers it reaches the same socket and certificate.
func trailingDotOrigin(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(_ refclient.Reach, card, target *url.URL) bool {
		if host, port := target.Hostname(), target.Port(); strings.HasSuffix(host, ".") {
			target.Host = strings.TrimSuffix(host, ".")
			if port != "" {
				target.Host = net.JoinHostPort(target.Host, port)
			}
		}
		return refclient.SameOrigin(card, target)
	})
}
