package builtin

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// defaultBearerHeader is adversarial (gallery.go): the reference, but the
// bearer token, when held, is a default Authorization header of every A2A
// request that carries no Authorization of the card's: sent to an agent
// whose card names no scheme, or only an API key, as an SDK configured
// with default headers does. Only the credentials of the alternative the
// client satisfies go out (contract-model §8 rule 1). The one card of the
// catalog that names an API key alone is credential-alternatives' third,
// and CRED-009 judged only that scenario's first task, so it passed every
// requirement of the catalog in both modes until CRED-009 judged each task
// against the card it was planned on.
func defaultBearerHeader(cfg *refclient.Config) {
	token := cfg.Credentials.BearerToken
	if token == "" {
		return
	}
	editA2AHeaders(cfg, func(h http.Header) {
		if h.Get("Authorization") == "" {
			h.Set("Authorization", "Bearer "+token)
		}
	})
}
