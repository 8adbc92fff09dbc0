package mockpeer

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

func TestCardHeaders(t *testing.T) {
	clock := time.Date(2026, 3, 4, 5, 6, 7, 890e6, time.UTC)
	f := startFarm(t, FarmSpec{
		Now: func() time.Time { return clock },
		Peers: []PeerSpec{{
			Name: "A", Skill: testSkill,
			Cards:   []CardFunc{testCard("A"), testCard("A", withVersion("2.0.0"))},
			Caching: Caching{CacheControl: "max-age=300"},
		}},
	})
	p, c := f.Peer("A"), httpsClient(t, f, false)

	resp, body := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	sum := sha256.Sum256(p.CardBytes(0))
	want := map[string]string{
		"Content-Type":  "application/json",
		"ETag":          `"` + hex.EncodeToString(sum[:]) + `"`,
		"Last-Modified": "Wed, 04 Mar 2026 05:06:07 GMT",
		"Cache-Control": "max-age=300",
	}
	if resp.StatusCode != http.StatusOK || string(body) != string(p.CardBytes(0)) {
		t.Fatalf("GET card: %d %s", resp.StatusCode, body)
	}
	for k, v := range want {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}

	if err := p.Rotate(1); err != nil {
		t.Fatal(err)
	}
	resp, _ = do(t, c, http.MethodHead, p.CardURL(), "", nil)
	if got := resp.Header.Get("Last-Modified"); got != "Wed, 04 Mar 2026 05:07:07 GMT" {
		t.Errorf("version 1 Last-Modified = %q, want one minute after version 0", got)
	}
	if resp.Header.Get("ETag") == want["ETag"] {
		t.Error("version 1 has the ETag of version 0")
	}
	if resp.ContentLength != int64(len(p.CardBytes(1))) {
		t.Errorf("HEAD Content-Length = %d, want %d", resp.ContentLength, len(p.CardBytes(1)))
	}
}

func TestCardConditionalRequests(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	c := httpsClient(t, f, false)
	resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	etag, lastMod := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	lm, err := http.ParseTime(lastMod)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"matching ETag", map[string]string{"If-None-Match": etag}, http.StatusNotModified},
		{"ETag in a list", map[string]string{"If-None-Match": `"nope", ` + etag + `, "other"`}, http.StatusNotModified},
		{"weak form of the ETag", map[string]string{"If-None-Match": "W/" + etag}, http.StatusNotModified},
		{"star", map[string]string{"If-None-Match": "*"}, http.StatusNotModified},
		{"other ETag", map[string]string{"If-None-Match": `"0123"`}, http.StatusOK},
		{"If-Modified-Since equal", map[string]string{"If-Modified-Since": lastMod}, http.StatusNotModified},
		{"If-Modified-Since later", map[string]string{"If-Modified-Since": lm.Add(time.Hour).Format(http.TimeFormat)}, http.StatusNotModified},
		{"If-Modified-Since earlier", map[string]string{"If-Modified-Since": lm.Add(-time.Second).Format(http.TimeFormat)}, http.StatusOK},
		{"If-Modified-Since unparsable", map[string]string{"If-Modified-Since": "yesterday"}, http.StatusOK},
		{"If-None-Match wins over If-Modified-Since", map[string]string{"If-None-Match": `"0123"`, "If-Modified-Since": lastMod}, http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := do(t, c, http.MethodGet, p.CardURL(), "", tt.header)
			if resp.StatusCode != tt.want {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.want)
			}
			if tt.want == http.StatusNotModified {
				if len(body) != 0 {
					t.Errorf("304 with a body: %q", body)
				}
				if resp.Header.Get("ETag") != etag {
					t.Errorf("304 ETag = %q, want %q", resp.Header.Get("ETag"), etag)
				}
			}
		})
	}
}

func TestCardValidatorsOff(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Caching: Caching{NoETag: true, NoLastModified: true}})
	c := httpsClient(t, f, false)
	resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	for _, h := range []string{"ETag", "Last-Modified", "Cache-Control"} {
		if v := resp.Header.Get(h); v != "" {
			t.Errorf("%s = %q, want none", h, v)
		}
	}
	sum := sha256.Sum256(p.CardBytes(0))
	for _, hdr := range []map[string]string{
		{"If-None-Match": `"` + hex.EncodeToString(sum[:]) + `"`},
		{"If-Modified-Since": time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)},
	} {
		if resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", hdr); resp.StatusCode != http.StatusOK {
			t.Errorf("%v: status %d, want 200 when the peer gives no validator", hdr, resp.StatusCode)
		}
	}
}

func TestCardRedirect(t *testing.T) {
	for _, status := range []int{301, 302, 307, 308} {
		f := startFarm(t, FarmSpec{Peers: []PeerSpec{
			{Name: "A", Cards: []CardFunc{testCard("A")}, Redirect: &Redirect{Status: status, To: "C"}},
			{Name: "C", Host: "127.0.0.3", Cards: []CardFunc{testCard("C")}},
		}})
		resp, _ := do(t, httpsClient(t, f, false), http.MethodGet, f.Peer("A").CardURL(), "", nil)
		if resp.StatusCode != status || resp.Header.Get("Location") != f.Peer("C").CardURL() {
			t.Errorf("redirect %d: got %d Location %q, want %s", status, resp.StatusCode, resp.Header.Get("Location"), f.Peer("C").CardURL())
		}
	}
}

// A redirect to the peer itself moves the card within its origin: the
// well-known URL answers with MovedCardPath there, which serves the card in
// force and never redirects (or a client following it would loop).
func TestCardRedirectSameOrigin(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Redirect: &Redirect{Status: http.StatusPermanentRedirect, To: "A"}})
	c := httpsClient(t, f, false) // it never follows a redirect
	resp, _ := do(t, c, http.MethodGet, p.CardURL(), "", nil)
	moved := p.Origin() + MovedCardPath
	if resp.StatusCode != http.StatusPermanentRedirect || resp.Header.Get("Location") != moved {
		t.Fatalf("card URL: %d Location %q, want 308 to %s", resp.StatusCode, resp.Header.Get("Location"), moved)
	}
	resp, body := do(t, c, http.MethodGet, moved, "", nil)
	if resp.StatusCode != http.StatusOK || string(body) != string(p.CardBytes(0)) {
		t.Errorf("moved card URL: %d %q, want 200 with card version 0", resp.StatusCode, body)
	}
	for _, e := range journal.Requests(f.Journal().All()) {
		if e.Route != journal.RouteCard {
			t.Errorf("%s %s journaled as route %q, want %q", e.Method, e.Path, e.Route, journal.RouteCard)
		}
	}
}

// A peer whose card does not move serves nothing at MovedCardPath: the
// path is unmatched there, as any path no script serves.
func TestMovedCardPathOnlyWhereTheCardMoves(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	resp, _ := do(t, httpsClient(t, f, false), http.MethodGet, p.Origin()+MovedCardPath, "", nil)
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("moved card path on a peer whose card does not move: %d, want 404", resp.StatusCode)
	}
	for _, e := range journal.Requests(f.Journal().All()) {
		if e.Route != journal.RouteUnmatched {
			t.Errorf("%s %s journaled as route %q, want %q", e.Method, e.Path, e.Route, journal.RouteUnmatched)
		}
	}
}

func TestCardMethodNotAllowed(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	resp, _ := do(t, httpsClient(t, f, false), http.MethodPost, p.CardURL(), "{}", nil)
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST card: %d Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
}

func TestCardFlatSecurityScopes(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards:              []CardFunc{testCard("A", withSecurity(bearerScheme, wire.Require("bearer")))},
		FlatSecurityScopes: true,
	})
	_, body := do(t, httpsClient(t, f, false), http.MethodGet, p.CardURL(), "", nil)
	if !contains(string(body), `"securityRequirements":[{"schemes":{"bearer":[]}}]`) {
		t.Errorf("scopes not flattened: %s", body)
	}
	if p.ContractHash(0) == "" {
		t.Error("no contract hash for a flat card")
	}
}
