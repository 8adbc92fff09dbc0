package builtin

import (
	"net/http"
	"slices"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// apiKeyEverywhere is adversarial (gallery.go): the reference, but once a
// request carries its API key (the card's alternative names it), the key
// goes in every place an API key is commonly read, whatever name and
// location the card's scheme declares: the X-API-Key header, the api_key
// query parameter and an api_key cookie, beside the declared one. Only
// the credential the card names goes out, so every credential check sees
// the right credential; where it is put is never decided.
func apiKeyEverywhere(cfg *refclient.Config) {
	key := cfg.Credentials.APIKey
	if key == "" {
		return
	}
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			if !carriesKey(req, key) {
				return next.RoundTrip(req)
			}
			req = req.Clone(req.Context())
			if req.Header.Get("X-API-Key") == "" {
				req.Header.Set("X-API-Key", key)
			}
			q := req.URL.Query()
			if q.Get("api_key") == "" {
				q.Set("api_key", key)
				req.URL.RawQuery = q.Encode()
			}
			if _, err := req.Cookie("api_key"); err != nil {
				req.AddCookie(&http.Cookie{Name: "api_key", Value: key})
			}
			return next.RoundTrip(req)
		})
	}
}

// carriesKey: key is in a header, the query or a cookie of req.
func carriesKey(req *http.Request, key string) bool {
	for _, vs := range req.Header {
		if slices.Contains(vs, key) {
			return true
		}
	}
	for _, vs := range req.URL.Query() {
		if slices.Contains(vs, key) {
			return true
		}
	}
	for _, c := range req.Cookies() {
		if c.Value == key {
			return true
		}
	}
	return false
}
