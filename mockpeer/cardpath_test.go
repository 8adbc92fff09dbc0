package mockpeer

import (
	"errors"
	"net/http"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

const testCardPath = "/agents/summarizer/agent-card.json"

// A peer with a CardPath hands out that card URL and serves its card there,
// validators and revalidation included; its well-known path answers 404,
// journaled unmatched, and its neighbours keep the well-known one.
func TestCardServedAtCardPath(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, CardPath: testCardPath, Cards: []CardFunc{testCard("A")}},
		{Name: "B", Skill: testSkill, Cards: []CardFunc{testCard("B")}},
	}})
	c := httpsClient(t, f, false)
	a, b := f.Peer("A"), f.Peer("B")
	if got, want := a.CardURL(), a.Origin()+testCardPath; got != want {
		t.Fatalf("A's card URL %q, want %q", got, want)
	}
	if got, want := b.CardURL(), CardURL(b.Origin()); got != want {
		t.Fatalf("B's card URL %q, want %q", got, want)
	}
	resp, _ := do(t, c, http.MethodGet, a.CardURL(), "", nil)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") == "" {
		t.Fatalf("GET A's card URL: %d, ETag %q", resp.StatusCode, resp.Header.Get("ETag"))
	}
	revalidated, _ := do(t, c, http.MethodGet, a.CardURL(), "", map[string]string{"If-None-Match": resp.Header.Get("ETag")})
	if revalidated.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating A's card: %d, want 304", revalidated.StatusCode)
	}
	if resp, _ := do(t, c, http.MethodGet, CardURL(a.Origin()), "", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET A's well-known card path: %d, want 404", resp.StatusCode)
	}
	var routes []string
	for _, e := range f.Journal().Select(func(e journal.Exchange) bool { return e.Peer == "A" }) {
		routes = append(routes, e.Route+" "+e.Path)
	}
	want := []string{journal.RouteCard + " " + testCardPath, journal.RouteCard + " " + testCardPath,
		journal.RouteUnmatched + " " + wire.WellKnownCardPath}
	if !slices.Equal(routes, want) {
		t.Errorf("journaled %q, want %q", routes, want)
	}
}

// A card path is a path of its own: one no other route of the peer holds.
func TestValidCardPath(t *testing.T) {
	for path, ok := range map[string]bool{
		"": true, testCardPath: true, "/cards/summarizer.json": true,
		wire.WellKnownCardPath: false, MovedCardPath: false, TokenPath: false, JWKSPath: false,
		JSONRPCPath: false, RESTPath + "/card": false, "/_conform/card": false, "card.json": false,
		"/a/../card.json": false, "/a%2Fcard.json": false,
	} {
		if validCardPath(path, pathsUnder("")) != ok {
			t.Errorf("validCardPath(%q) = %v, want %v", path, !ok, ok)
		}
	}
	if validCardPath(testPrefix+JSONRPCPath, pathsUnder(testPrefix)) {
		t.Errorf("a card path on the peer's prefixed JSON-RPC path was taken")
	}
	_, err := Start(t.Context(), FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, CardPath: JSONRPCPath, Cards: []CardFunc{testCard("A")}}}})
	if !errors.Is(err, ErrInvalidSpec) {
		t.Errorf("a card path on the JSON-RPC path: %v, want %v", err, ErrInvalidSpec)
	}
}
