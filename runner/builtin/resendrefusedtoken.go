package builtin

import (
	"io"
	"net/http"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// resendRefusedToken is adversarial (gallery.go): the reference, but its
// A2A transport answers a 401 by sending the same request once more, as
// an HTTP client with a blanket "retry on 401" does: the access token the
// server just refused as invalid_token goes out again before the client
// asks for a new one (RFC 6750 §3.1; contract-model §8 rule 5). No server
// of the catalog refused a token that way until token-lifetime, whose
// third task revokes one (CRED-024).
func resendRefusedToken(cfg *refclient.Config) {
	prev := cfg.UnsafeA2ATransport
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		if prev != nil {
			next = prev(next)
		}
		return resend401{next}
	}
}

type resend401 struct{ next http.RoundTripper }

func (t resend401) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if err != nil || resp.StatusCode != http.StatusUnauthorized || (req.Body != nil && req.GetBody == nil) {
		return resp, err
	}
	again := req.Clone(req.Context())
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return resp, nil
		}
		again.Body = body
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return t.next.RoundTrip(again)
}
