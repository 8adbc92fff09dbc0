package mockpeer

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

const testPrefix = "/agents/summarizer"

// Under a prefix the HTTP bindings are served there and only there; gRPC's
// proto paths and the card's path are the same as on any peer, and a peer
// without a prefix routes as it always has.
func TestRouteUnderPrefix(t *testing.T) {
	bare, prefixed := pathsUnder(""), pathsUnder(testPrefix)
	grpc := agent.GRPCPathPrefix + "SendMessage"
	for _, tc := range []struct {
		path           string
		at             a2aPaths
		route, binding string
	}{
		{JSONRPCPath, bare, journal.RouteA2A, wire.BindingJSONRPC},
		{RESTPath + "/message:send", bare, journal.RouteA2A, wire.BindingHTTPJSON},
		{grpc, bare, journal.RouteA2A, wire.BindingGRPC},
		{testPrefix + JSONRPCPath, bare, journal.RouteUnmatched, ""},
		{testPrefix + JSONRPCPath, prefixed, journal.RouteA2A, wire.BindingJSONRPC},
		{testPrefix + RESTPath, prefixed, journal.RouteA2A, wire.BindingHTTPJSON},
		{testPrefix + RESTPath + "/tasks/1", prefixed, journal.RouteA2A, wire.BindingHTTPJSON},
		{grpc, prefixed, journal.RouteA2A, wire.BindingGRPC},
		{JSONRPCPath, prefixed, journal.RouteUnmatched, ""},
		{RESTPath + "/message:send", prefixed, journal.RouteUnmatched, ""},
		{testPrefix + RESTPath + "x", prefixed, journal.RouteUnmatched, ""},
		{wire.WellKnownCardPath, prefixed, journal.RouteCard, ""},
		{testPrefix + wire.WellKnownCardPath, prefixed, journal.RouteUnmatched, ""},
	} {
		if got := routeOf(tc.path, tc.at); got != tc.route {
			t.Errorf("%s under %q: route %q, want %q", tc.path, tc.at.jsonrpc, got, tc.route)
		}
		if got := bindingAt(tc.path, tc.at); tc.route == journal.RouteA2A && got != tc.binding {
			t.Errorf("%s under %q: binding %q, want %q", tc.path, tc.at.jsonrpc, got, tc.binding)
		}
	}
}

// The prefixed REST path is cut from the decoded and the escaped path
// alike, however the prefix or the REST path is escaped.
func TestStripRESTPathUnderPrefix(t *testing.T) {
	rest := testPrefix + RESTPath
	for _, tc := range []struct{ target, path, escaped string }{
		{"/agents/summarizer/a2a/rest/message:send", "/message:send", "/message:send"},
		{"/agents/summarizer/a2a/%72est/message:send", "/message:send", "/message:send"},
		{"/agents/%73ummarizer/a2a/rest/t%2Fx/tasks/1", "/t/x/tasks/1", "/t%2Fx/tasks/1"},
		{"/agents/summarizer/a2a/%72est", "", ""},
	} {
		u, err := url.ParseRequestURI(tc.target)
		if err != nil {
			t.Fatal(err)
		}
		r := stripRESTPath(&http.Request{URL: u}, rest)
		if r.URL.Path != tc.path || r.URL.EscapedPath() != tc.escaped {
			t.Errorf("%s: path %q, escaped %q; want %q, %q", tc.target, r.URL.Path, r.URL.EscapedPath(), tc.path, tc.escaped)
		}
	}
}

// A prefixed peer's card names its HTTP interfaces under the prefix, and
// they serve a task there; the bare well-known paths answer 404, journaled
// unmatched. Its neighbour without a prefix, and a card of it naming the
// prefixed peer's endpoint, are as the farm always made them.
func TestPrefixedPeerServesWhereItsCardSays(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, A2APrefix: testPrefix, Cards: []CardFunc{testCard("A")}},
		{Name: "B", Skill: testSkill, Cards: []CardFunc{NewCard("B").Endpoint("A").Build}},
		{Name: "C", Skill: testSkill, Cards: []CardFunc{testCard("C")}},
	}})
	c := httpsClient(t, f, false)
	a, b := f.Peer("A").Origin(), f.Peer("B").Origin()
	want := []string{a + testPrefix + JSONRPCPath, a + testPrefix + RESTPath, GRPCTarget(a)}
	if got := interfaceURLs(t, c, a); !slices.Equal(got, want) {
		t.Fatalf("A's card names %q, want %q", got, want)
	}
	if got := interfaceURLs(t, c, b); !slices.Equal(got, want) {
		t.Errorf("B's card naming A's endpoint names %q, want %q", got, want)
	}
	o := f.Peer("C").Origin()
	if got, w := interfaceURLs(t, c, o), []string{JSONRPCURL(o), RESTURL(o), GRPCTarget(o)}; !slices.Equal(got, w) {
		t.Errorf("C's card names %q, want %q", got, w)
	}

	if _, e := rpcAt(t, c, want[0], wire.MethodSendMessage, sendParams("rpc", true), nil); e != nil {
		t.Fatalf("JSON-RPC under the prefix: %+v", e)
	}
	raw, _ := json.Marshal(sendParams("rest", true))
	if resp, body := do(t, c, http.MethodPost, want[1]+"/message:send", string(raw), a2aHeaders(nil)); resp.StatusCode != http.StatusOK {
		t.Fatalf("HTTP+JSON under the prefix: %d %s", resp.StatusCode, body)
	}
	for _, bare := range []string{JSONRPCURL(a), RESTURL(a) + "/message:send"} {
		if resp, _ := do(t, c, http.MethodPost, bare, string(raw), a2aHeaders(nil)); resp.StatusCode != http.StatusNotFound {
			t.Errorf("POST %s on a prefixed peer: %d, want 404", bare, resp.StatusCode)
		}
	}
	var routes []string
	for _, e := range f.Journal().Select(func(e journal.Exchange) bool { return e.Peer == "A" && e.Method == http.MethodPost }) {
		routes = append(routes, e.Route+" "+e.Binding)
	}
	if w := []string{"a2a JSONRPC", "a2a HTTP+JSON", "unmatched ", "unmatched "}; !slices.Equal(routes, w) {
		t.Errorf("journaled %q, want %q", routes, w)
	}
}

// A --bindings selection offers exactly the selected bindings of a
// prefixed peer, at its prefixed urls; gRPC at host:port.
func TestOfferBindingsUnderPrefix(t *testing.T) {
	for _, tc := range []struct {
		selected []string
		paths    []string // "" stands for gRPC's host:port
	}{
		{[]string{wire.BindingGRPC}, []string{""}},
		{[]string{wire.BindingHTTPJSON}, []string{testPrefix + RESTPath}},
		{[]string{wire.BindingJSONRPC}, []string{testPrefix + JSONRPCPath}},
	} {
		f := startFarm(t, FarmSpec{Peers: []PeerSpec{
			{Name: "A", Skill: testSkill, A2APrefix: testPrefix, Bindings: tc.selected, Cards: []CardFunc{testCard("A")}},
		}})
		a := f.Peer("A").Origin()
		var want []string
		for _, p := range tc.paths {
			want = append(want, a+p)
			if p == "" {
				want[len(want)-1] = GRPCTarget(a)
			}
		}
		if got := interfaceURLs(t, httpsClient(t, f, false), a); !slices.Equal(got, want) {
			t.Errorf("%v: the card names %q, want %q", tc.selected, got, want)
		}
	}
}

func TestValidA2APrefix(t *testing.T) {
	for prefix, ok := range map[string]bool{
		"": true, "/agents/summarizer": true, "/a": true, "/v1.0/x_y~z": true,
		"agents": false, "/agents/": false, "/": false, "//a": false, "/a/./b": false, "/a/..": false,
		"/a b": false, "/a%2Fb": false, "/_conform": false, "/_conform/x": false,
	} {
		if validA2APrefix(prefix) != ok {
			t.Errorf("validA2APrefix(%q) = %v, want %v", prefix, !ok, ok)
		}
	}
}

// interfaceURLs fetches the card at origin and lists its interface urls.
func interfaceURLs(t *testing.T, c *http.Client, origin string) []string {
	t.Helper()
	resp, body := do(t, c, http.MethodGet, CardURL(origin), "", nil)
	var card wire.AgentCard
	if err := json.Unmarshal(body, &card); resp.StatusCode != http.StatusOK || err != nil {
		t.Fatalf("card of %s: %d %v", origin, resp.StatusCode, err)
	}
	var urls []string
	for _, iface := range card.SupportedInterfaces {
		urls = append(urls, iface.URL)
	}
	return urls
}
