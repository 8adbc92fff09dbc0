package builtin

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// redirect308Only is adversarial (gallery.go): the reference, but a
// redirect of its card request is judged by its status code, never by its
// origin: a 308 Permanent Redirect is followed wherever it points, any other
// redirect (301, 302, 303, 307) is refused as untrusted, but one back to
// the very URL asked, which it follows (and gives up on as a loop, as the
// reference does). The status is read by asking the card URL again without
// following. Every redirect the catalog lets a client follow is a 308 to
// its own origin, every one it must refuse a 301 or a 307 to another: the
// status stands in for the origin comparison.
func redirect308Only(cfg *refclient.Config) {
	cardURL := cfg.CardURL
	probe := probeClient(cfg.CAFile)
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(func(reach refclient.Reach, card, target *url.URL) bool {
		if reach != refclient.ReachRedirect || card.String() != cardURL {
			return refclient.SameOrigin(card, target)
		}
		if target.String() == card.String() {
			return true
		}
		resp, err := probe.Get(card.String())
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusPermanentRedirect
	})
}

// probeClient trusts the farm's CA and follows no redirect.
func probeClient(caFile string) *http.Client {
	pool := x509.NewCertPool()
	if pem, err := os.ReadFile(caFile); err == nil {
		pool.AppendCertsFromPEM(pem)
	}
	return &http.Client{
		Timeout:       5 * time.Second,
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
