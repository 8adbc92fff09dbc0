package builtin

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// The clients below are adversarial (gallery.go): each is the reference
// whose revalidations cannot see a change, dressed so that a judge reading
// the journal's bounded copy of the headers, or trusting any ETag the
// peer ever sent, takes them for revalidations. Each earns a 304 whatever
// card is in force, so it sends on the card it holds.

// hiddenStarPad is how much header hides the "*": the journal keeps 16 KiB
// of a request's headers (journal.DefaultJournalLimits.HeaderBytes).
const hiddenStarPad = 16 << 10

// hiddenStar keeps the reference's If-None-Match and adds two lines: a
// weak entity tag 16 KiB long, then "*". The peer matches the "*" (RFC 9110
// §13.1.2); the journal's copy of the headers ends inside the long tag.
func hiddenStar(cfg *refclient.Config) {
	cfg.UnsafeRevalidation = func(h http.Header) {
		if h.Get("If-None-Match") == "" {
			return
		}
		h.Add("If-None-Match", `W/"`+strings.Repeat("0", hiddenStarPad)+`"`)
		h.Add("If-None-Match", "*")
	}
}

// starLine is the header line header70 puts its "*" on: past the 64 header
// values the journal keeps (journal.DefaultJournalLimits.HeaderCount).
const starLine = 70

// header70 repeats the reference's If-None-Match on line after line, then
// sends "*" as the 70th.
func header70(cfg *refclient.Config) {
	cfg.UnsafeRevalidation = func(h http.Header) {
		inm := h.Get("If-None-Match")
		if inm == "" {
			return
		}
		for len(h.Values("If-None-Match")) < starLine-1 {
			h.Add("If-None-Match", inm)
		}
		h.Add("If-None-Match", "*")
	}
}

// headThenRevalidate asks the card URL with HEAD before each revalidation
// and adds the ETag it answered to the reference's list: "old, current".
// The list names the card in force, so the peer answers 304 whatever it
// is, and the client never looks at a card it was not already holding.
func headThenRevalidate(cfg *refclient.Config) {
	head := cardHead(cfg)
	cfg.UnsafeRevalidation = func(h http.Header) {
		if inm := h.Get("If-None-Match"); inm != "" {
			if etag := head(); etag != "" {
				h.Set("If-None-Match", inm+", "+etag)
			}
		}
	}
}

// headSecondLine is headThenRevalidate putting the HEAD's ETag, weak, on
// a second If-None-Match line of its own.
func headSecondLine(cfg *refclient.Config) {
	head := cardHead(cfg)
	cfg.UnsafeRevalidation = func(h http.Header) {
		if h.Get("If-None-Match") != "" {
			if etag := head(); etag != "" {
				h.Add("If-None-Match", "W/"+etag)
			}
		}
	}
}

// headTimeout bounds the HEAD of cardHead.
const headTimeout = 5 * time.Second

// cardHead returns a function that asks cfg's card URL with HEAD and
// returns the ETag answered, "" on any failure. It trusts cfg's roots only.
func cardHead(cfg *refclient.Config) func() string {
	conf := &tls.Config{MinVersion: tls.VersionTLS12}
	if pem, err := os.ReadFile(cfg.CAFile); err == nil {
		conf.RootCAs = x509.NewCertPool()
		conf.RootCAs.AppendCertsFromPEM(pem)
	}
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: conf, ForceAttemptHTTP2: true}, Timeout: headTimeout}
	url := cfg.CardURL
	return func() string {
		ctx, cancel := context.WithTimeout(context.Background(), headTimeout)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
		if err != nil {
			return ""
		}
		resp, err := hc.Do(req)
		if err != nil {
			return ""
		}
		resp.Body.Close()
		return resp.Header.Get("ETag")
	}
}
