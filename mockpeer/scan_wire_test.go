package mockpeer

import (
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal/scantest"
)

// TestCredentialsSentEncodedAreSeenAndRedacted sends the bearer token to a
// peer in each place and form a server could read it from, over the wire:
// it is presented, and neither it nor what was sent survives in the
// journal, its one-line form included.
func TestCredentialsSentEncodedAreSeenAndRedacted(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	c := httpsClient(t, f, false)
	tok := f.Credentials(Grants{Bearer: true}).BearerToken
	card := p.Origin() + "/.well-known/agent-card.json"
	gz := scantest.CompressWith("gzip")
	for _, tc := range []struct {
		name string
		req  func() *http.Request
		sent string // what must not survive, besides the token
	}{
		{"as the method", func() *http.Request { return newRequest(t, tok, card, "") }, tok},
		{"as a header name", func() *http.Request {
			r := newRequest(t, http.MethodGet, card, "")
			r.Header.Set(tok, "1")
			return r
		}, tok},
		{"as the Host", func() *http.Request {
			r := newRequest(t, http.MethodGet, card, "")
			r.Host = tok
			return r
		}, tok},
		{"in a gzip body", func() *http.Request {
			r := newRequest(t, http.MethodPost, card, gz(`{"authorization":"Bearer `+tok+`"}`))
			r.Header.Set("Content-Encoding", "gzip")
			return r
		}, ""},
		{"in a body that is gzip, the headers silent", func() *http.Request {
			return newRequest(t, http.MethodPost, card, gz(tok))
		}, ""},
		{"in a raw deflate body", func() *http.Request {
			r := newRequest(t, http.MethodPost, card, scantest.Deflate.Encode("token="+tok))
			r.Header.Set("Content-Encoding", "deflate")
			return r
		}, ""},
		{"base64 in X-Request-Id", func() *http.Request {
			r := newRequest(t, http.MethodGet, card, "")
			r.Header.Set("X-Request-Id", scantest.Base64With(base64.StdEncoding, "req-7:")(tok))
			return r
		}, scantest.Base64With(base64.StdEncoding, "req-7:")(tok)},
		{"base64 in the path", func() *http.Request {
			return newRequest(t, http.MethodGet, p.Origin()+"/x/"+scantest.Base64With(base64.RawURLEncoding, "")(tok), "")
		}, scantest.Base64With(base64.RawURLEncoding, "")(tok)},
		{"nested in the query", func() *http.Request {
			q := scantest.Chain(scantest.PercentAll, gz, scantest.Base64With(base64.RawURLEncoding, ""))(tok)
			return newRequest(t, http.MethodGet, card+"?ctx="+q, "")
		}, scantest.Chain(scantest.PercentAll, gz, scantest.Base64With(base64.RawURLEncoding, ""))(tok)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := c.Do(tc.req())
			if err != nil {
				t.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			_ = resp.Body.Close()
			all := f.Journal().All()
			ex := all[len(all)-1]
			if !slices.Contains(ex.Auth.Presented, journal.CredBearer) {
				t.Errorf("presented %v, want %s: %s", ex.Auth.Presented, journal.CredBearer, ex.Line())
			}
			raw, _ := json.Marshal(ex)
			for _, out := range []string{string(raw), ex.Line()} {
				if res := f.secrets.current().Scan(out, false); res.Any() {
					t.Errorf("the journal holds %v:\n%s", res.Names(), out)
				}
				if tc.sent != "" && strings.Contains(out, tc.sent) {
					t.Errorf("the journal keeps %q:\n%s", tc.sent, out)
				}
			}
		})
	}
}

// TestZipBombBodyFailsClosed: a body that inflates past what the scan
// decodes costs the farm bounded work, is journaled withheld, and is
// presented as unexamined: where no credential may go, it fails.
func TestZipBombBodyFailsClosed(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	c := httpsClient(t, f, false)
	bomb := scantest.CompressWith("gzip")(strings.Repeat("\x00", 16<<20))
	req := newRequest(t, http.MethodPost, p.Origin()+"/.well-known/agent-card.json", bomb)
	req.Header.Set("Content-Encoding", "gzip")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	ex := lastExchange(t, f, journal.RouteCard)
	if !slices.Contains(ex.Auth.Presented, journal.CredUnexamined) {
		t.Errorf("presented %v, want %s", ex.Auth.Presented, journal.CredUnexamined)
	}
	if !strings.HasPrefix(ex.Body, "[REDACTED") {
		t.Errorf("body journaled as %.80q", ex.Body)
	}
}

// TestSealDropsWhatACutLeavesOfASecret: a capture cut inside a secret's
// encoding keeps no part of it; one cut inside a compressed stream is
// withheld whole, since its last inflated bytes may be a secret's start.
func TestSealDropsWhatACutLeavesOfASecret(t *testing.T) {
	s, ix := testIndex(t)
	farm := &Farm{secrets: s, journal: journal.New(journal.JournalLimits{}, nil)}
	b64 := base64.StdEncoding.EncodeToString([]byte("token=" + s.bearer))
	for _, tc := range []struct{ name, capture, part string }{
		{"plain", `{"a":"x","t":"` + s.bearer[:20], s.bearer[4:16]},
		{"base64", `{"a":"x","t":"` + b64[:len(b64)-8], b64[8:20]},
		{"percent-encoding", "a=1&t=" + scantest.PercentAll(s.bearer)[:60], scantest.PercentAll(s.bearer)[10:40]},
		{"gzip", "\x1f" + scantest.CompressWith("gzip")(s.bearer)[1:30], ""},
	} {
		e := journal.Exchange{Body: tc.capture, Response: tc.capture}
		farm.seal(&e, true, true)
		for _, v := range []string{e.Body, e.Response} {
			if tc.part != "" && strings.Contains(v, tc.part) {
				t.Errorf("%s: %q keeps %q", tc.name, v, tc.part)
			}
			if res := ix.Scan(v, false); res.Any() || (tc.name == "gzip" && !strings.HasPrefix(v, "[REDACTED]")) {
				t.Errorf("%s: sealed as %q", tc.name, v)
			}
		}
		if !strings.HasPrefix(e.Body, tc.capture[:3]) && tc.name != "gzip" {
			t.Errorf("%s: the body's start is lost: %q", tc.name, e.Body)
		}
	}
}
