package builtin

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// editA2AHeaders makes every A2A request of cfg go out with edit applied to
// a copy of its headers: the shape of each header cheat of the gallery.
func editA2AHeaders(cfg *refclient.Config, edit func(http.Header)) {
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			req = req.Clone(req.Context())
			edit(req.Header)
			return next.RoundTrip(req)
		})
	}
}
