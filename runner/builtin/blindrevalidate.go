package builtin

import (
	"net/http"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// blindRevalidate adds "*" to every If-None-Match: the peer then answers
// 304 whatever card is in force (RFC 9110 §13.1.2), so the client never
// learns of a change (breaking rule 2: the revalidation must be able to
// see one).
func blindRevalidate(cfg *refclient.Config) {
	cfg.UnsafeRevalidation = func(h http.Header) {
		if inm := h.Get("If-None-Match"); inm != "" {
			h.Set("If-None-Match", inm+", *")
		}
	}
}

// guessNextModified revalidates with If-Modified-Since alone, a minute
// after the Last-Modified it was given: the date the peers give their next
// card version, so that the answer is 304 under either version (breaking
// rule 2 the same way).
func guessNextModified(cfg *refclient.Config) {
	cfg.UnsafeRevalidation = func(h http.Header) {
		t, err := http.ParseTime(h.Get("If-Modified-Since"))
		if err != nil {
			return
		}
		h.Del("If-None-Match")
		h.Set("If-Modified-Since", t.Add(time.Minute).UTC().Format(http.TimeFormat))
	}
}
