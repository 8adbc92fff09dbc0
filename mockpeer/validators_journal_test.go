package mockpeer

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Exchange.Validators is read off the whole request, whatever the journal
// keeps of its headers: a "*" past 16 KiB of If-None-Match or on its 70th
// line is seen, and an ETag the peer sent only on a HEAD is never served.
// The peer answers as a server would (RFC 9110 §13.1.2): 304 to a list
// naming the card in force, whoever gave the client its ETag.
func TestJournalRecordsValidatorsWhole(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A"), testCard("A", withVersion("2"))}})
	c := httpsClient(t, f, false)
	v0, v1 := p.ETag(0), p.ETag(1)
	ask := func(method string, inm ...string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(method, p.CardURL(), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header["If-None-Match"] = inm
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	seventy := slices.Repeat([]string{v0}, 69)
	steps := []struct {
		name      string
		method    string
		inm       []string
		status    int
		validated *journal.Validators // TagCount, Star, Unserved only
		cut       []journal.Cut
	}{
		{"first fetch", http.MethodGet, nil, http.StatusOK, nil, nil},
		{"hidden star", http.MethodGet, []string{v0, `W/"` + strings.Repeat("0", 16<<10) + `"`, "*"}, http.StatusNotModified,
			&journal.Validators{TagCount: 3, Star: true, Unserved: 2}, []journal.Cut{{Field: journal.TruncHeader, Limit: 16 << 10}}},
		{"star on line 70", http.MethodGet, append(seventy, "*"), http.StatusNotModified,
			&journal.Validators{TagCount: 70, Star: true, Unserved: 1}, []journal.Cut{{Field: journal.CutHeaderValues, Limit: 64}}},
		{"the ETag served", http.MethodGet, []string{v0}, http.StatusNotModified, &journal.Validators{TagCount: 1}, nil},
		{"rotate, then HEAD", http.MethodHead, nil, http.StatusOK, nil, nil},
		{"the ETag of the HEAD beside the one served", http.MethodGet, []string{v0 + ", " + v1}, http.StatusNotModified,
			&journal.Validators{TagCount: 2, Unserved: 1}, nil},
		{"the ETag served: the new card", http.MethodGet, []string{v0}, http.StatusOK, &journal.Validators{TagCount: 1}, nil},
		{"the new card's ETag, served now", http.MethodGet, []string{`W/` + v1}, http.StatusNotModified, &journal.Validators{TagCount: 1}, nil},
	}
	for _, s := range steps {
		if s.method == http.MethodHead {
			if err := p.Rotate(1); err != nil {
				t.Fatal(err)
			}
		}
		if resp := ask(s.method, s.inm...); resp.StatusCode != s.status {
			t.Fatalf("%s: status %d, want %d", s.name, resp.StatusCode, s.status)
		}
		ex := lastExchange(t, f, journal.RouteCard)
		got := ex.Validators
		switch {
		case (got == nil) != (s.validated == nil):
			t.Errorf("%s: validators %+v, want %+v", s.name, got, s.validated)
		case got != nil && (got.TagCount != s.validated.TagCount || got.Star != s.validated.Star || got.Unserved != s.validated.Unserved):
			t.Errorf("%s: validators %+v, want %+v", s.name, got, s.validated)
		}
		for _, want := range s.cut {
			i := slices.IndexFunc(ex.Cuts, func(c journal.Cut) bool { return c.Field == want.Field })
			if i < 0 || ex.Cuts[i].Limit != want.Limit || ex.Cuts[i].Seen <= want.Limit {
				t.Errorf("%s: cuts %+v, want %s cut to %d of more", s.name, ex.Cuts, want.Field, want.Limit)
			}
		}
	}
}

// The peer does not honour Range: a GET asking for part of the card gets
// all of it, 200, so a range request is a GET like any other, never a
// partial look that a check would have to tell apart.
func TestCardIgnoresRange(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
	resp, body := do(t, httpsClient(t, f, false), http.MethodGet, p.CardURL(), "", map[string]string{"Range": "bytes=0-0"})
	if resp.StatusCode != http.StatusOK || string(body) != string(p.CardBytes(0)) {
		t.Errorf("a range request answered %d with %d bytes, want 200 and the whole card", resp.StatusCode, len(body))
	}
}
