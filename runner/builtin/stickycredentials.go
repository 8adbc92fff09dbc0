package builtin

import (
	"net/http"
	"slices"
	"sync"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// stickyCredentials is adversarial (gallery.go): the reference, but once a
// card of the session named a static credential (the bearer token, or the
// API key under a header name), every later A2A request of the session
// carries it too, whatever the card in force names, as a client that adds
// what it once needed to its default headers does. Which credential goes
// out is decided per task, by the card that task was planned on
// (contract-model §8 rule 1). The catalog's one card that stops requiring
// a credential an earlier one required is credential-alternatives' third,
// and CRED-009 judged only the first task there, so it passed every
// requirement of the catalog in both modes (in one-shot mode each task's
// process starts empty: it is the reference) until CRED-009 judged each
// task against the card it was planned on.
func stickyCredentials(cfg *refclient.Config) {
	cr := cfg.Credentials
	var mu sync.Mutex
	bearer := false
	keyHeaders := map[string]bool{}
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			mu.Lock()
			defer mu.Unlock()
			if cr.BearerToken != "" && req.Header.Get("Authorization") == "Bearer "+cr.BearerToken {
				bearer = true
			}
			for name, vs := range req.Header {
				if cr.APIKey != "" && slices.Contains(vs, cr.APIKey) {
					keyHeaders[name] = true
				}
			}
			req = req.Clone(req.Context())
			if bearer && req.Header.Get("Authorization") == "" {
				req.Header.Set("Authorization", "Bearer "+cr.BearerToken)
			}
			for name := range keyHeaders {
				if req.Header.Get(name) == "" {
					req.Header.Set(name, cr.APIKey)
				}
			}
			return next.RoundTrip(req)
		})
	}
}
