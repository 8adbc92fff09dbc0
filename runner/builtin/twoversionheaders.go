package builtin

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// twoVersionHeaders is adversarial (gallery.go): the reference, but every
// A2A request carries a second A2A-Version line, 0.3, after its 1.0: the
// version it speaks is left to whichever line the server (or a proxy on
// the way) reads. Spec §3.6 gives a request one version.
func twoVersionHeaders(cfg *refclient.Config) {
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			req = req.Clone(req.Context())
			req.Header.Add(wire.HeaderVersion, "0.3")
			return next.RoundTrip(req)
		})
	}
}
