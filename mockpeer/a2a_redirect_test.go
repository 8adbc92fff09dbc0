package mockpeer

import (
	"errors"
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A peer with an A2ARedirect answers its HTTP bindings' requests with the
// redirect, the same binding's endpoint on the other peer as Location (an
// HTTP+JSON operation's path and query kept), from the card version it
// names on; it serves no call of them, and its card and the other peer are
// untouched.
func TestA2ARedirect(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A"), testCard("A")},
			A2ARedirect: &Redirect{Status: http.StatusTemporaryRedirect, To: "C", FromVersion: 1}},
		{Name: "C", Skill: testSkill, Cards: []CardFunc{testCard("C")}},
	}})
	c := httpsClient(t, f, false)
	a, cPeer := f.Peer("A"), f.Peer("C")
	const rpc = `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"nope"}}`
	if resp, _ := do(t, c, http.MethodPost, JSONRPCURL(a.Origin()), rpc, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("JSON-RPC at A under card version 0: %d, want 200", resp.StatusCode)
	}
	if err := a.Rotate(1); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ method, url, body, want string }{
		{http.MethodPost, JSONRPCURL(a.Origin()), rpc, JSONRPCURL(cPeer.Origin())},
		{http.MethodGet, RESTURL(a.Origin()) + "/tasks/nope?historyLength=1", "", RESTURL(cPeer.Origin()) + "/tasks/nope?historyLength=1"},
	} {
		resp, _ := do(t, c, tc.method, tc.url, tc.body, nil)
		if resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != tc.want {
			t.Errorf("%s %s: %d, Location %q; want 307 to %q", tc.method, tc.url, resp.StatusCode, resp.Header.Get("Location"), tc.want)
		}
	}
	if resp, _ := do(t, c, http.MethodGet, a.CardURL(), "", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("A's card: %d, want 200", resp.StatusCode)
	}
	redirected := f.Journal().Select(func(e journal.Exchange) bool {
		return e.Peer == "A" && e.Route == journal.RouteA2A && e.Status == http.StatusTemporaryRedirect
	})
	if len(redirected) != 2 {
		t.Errorf("journaled %d redirected A2A requests at A, want 2", len(redirected))
	}
	if n := len(f.Journal().Select(func(e journal.Exchange) bool { return e.Peer == "C" && e.Route != journal.RouteConnection })); n != 0 {
		t.Errorf("C saw %d requests, want none", n)
	}
	for _, to := range []string{"A", "nobody"} {
		_, err := Start(t.Context(), FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")},
			A2ARedirect: &Redirect{Status: http.StatusTemporaryRedirect, To: to}}}})
		if !errors.Is(err, ErrInvalidSpec) {
			t.Errorf("an A2A redirect to %q: %v, want %v", to, err, ErrInvalidSpec)
		}
	}
}

// A peer with a TokenRedirect answers its token endpoint with the redirect
// to the other peer's, from the card version it names on, minting nothing.
func TestTokenRedirect(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")},
			TokenRedirect: &Redirect{Status: http.StatusTemporaryRedirect, To: "C"}},
		{Name: "C", Skill: testSkill, Cards: []CardFunc{testCard("C")}},
	}})
	c := httpsClient(t, f, false)
	a, cPeer := f.Peer("A"), f.Peer("C")
	resp, _ := do(t, c, http.MethodPost, TokenURL(a.Origin()), "grant_type=client_credentials",
		map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
	if resp.StatusCode != http.StatusTemporaryRedirect || resp.Header.Get("Location") != TokenURL(cPeer.Origin()) {
		t.Errorf("token request at A: %d, Location %q; want 307 to %q", resp.StatusCode, resp.Header.Get("Location"), TokenURL(cPeer.Origin()))
	}
	if n := len(f.Journal().Select(func(e journal.Exchange) bool {
		return e.Peer == "A" && e.Route == journal.RouteToken && e.Status == http.StatusTemporaryRedirect
	})); n != 1 {
		t.Errorf("journaled %d redirected token requests at A, want 1", n)
	}
	_, err := Start(t.Context(), FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")},
		TokenRedirect: &Redirect{Status: http.StatusOK, To: "A"}}}})
	if !errors.Is(err, ErrInvalidSpec) {
		t.Errorf("a token redirect to itself: %v, want %v", err, ErrInvalidSpec)
	}
}
