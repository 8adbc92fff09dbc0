package mockpeer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// adminCall calls the farm's admin listener with the run's secret.
func adminCall(t *testing.T, f *Farm, method, path string) (*http.Response, []byte) {
	t.Helper()
	return do(t, httpsClient(t, f, false), method, f.AdminURL()+path, "", map[string]string{"Authorization": "Bearer " + f.AdminSecret()})
}

func TestAdminAPI(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards:     threeVersions(),
		Rotations: []Rotation{{On: Trigger{Kind: AfterCardResponses, N: 1}, To: 1}},
		Task:      TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted}}},
	})
	c := httpsClient(t, f, false)
	if f.AdminURL() == p.Origin() || !strings.HasPrefix(f.AdminURL(), "https://127.0.0.1:") {
		t.Fatalf("admin listener %s, peer origin %s: want its own loopback origin", f.AdminURL(), p.Origin())
	}
	admin := func(method, path string) (*http.Response, []byte) { return adminCall(t, f, method, path) }

	do(t, c, http.MethodGet, p.CardURL(), "", nil) // fires the rotation to 1
	task := sendTask(t, must(jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("x", true))))

	resp, body := admin(http.MethodGet, AdminCardPath)
	if resp.Header.Get(CardVersionHeader) != "1" || !bytes.Equal(body, p.CardBytes(1)) {
		t.Errorf("admin card: version %q, bytes of version 1: %v", resp.Header.Get(CardVersionHeader), bytes.Equal(body, p.CardBytes(1)))
	}

	resp, body = admin(http.MethodGet, AdminJournalPath)
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-ndjson" {
		t.Errorf("journal content type %q", ct)
	}
	var counts journal.JournalCounts
	if err := json.Unmarshal([]byte(resp.Header.Get(JournalCountsHeader)), &counts); err != nil || counts.Whole != 3 || counts.Dropped != 0 {
		t.Errorf("journal counts %q (%v), want 3 whole, none dropped", resp.Header.Get(JournalCountsHeader), err)
	}
	routes := journalRoutes(t, body)
	if len(routes) != 3 || routes[0] != journal.RouteCard || routes[1] != journal.RouteA2A || routes[2] != journal.RouteAdmin {
		t.Errorf("admin journal routes %v, want card, a2a, admin", routes)
	}
	// #1 is the client's connection, still open.
	if _, body = admin(http.MethodGet, AdminJournalPath+"?after=3"); len(journalRoutes(t, body)) != 2 {
		t.Errorf("journal after #3: %s", body)
	}

	for _, tt := range []struct {
		method, path string
		status, ver  int
	}{
		{http.MethodPost, AdminRotatePath + "?to=2", 200, 2},
		{http.MethodPost, AdminRotatePath + "?to=7", 400, 2},
		{http.MethodPost, AdminRotatePath + "?to=two", 400, 2},
		{http.MethodPost, AdminRotatePath + "?peer=Z&to=1", 400, 2},
		{http.MethodGet, AdminRotatePath + "?to=0", 405, 2},
		{http.MethodGet, AdminPrefix + "nothing", 404, 2},
		{http.MethodPost, AdminResetPath + "?peer=A", 200, 0},
	} {
		if resp, body := admin(tt.method, tt.path); resp.StatusCode != tt.status || p.Version() != tt.ver {
			t.Errorf("%s %s: %d %s, version %d; want %d, version %d", tt.method, tt.path, resp.StatusCode, body, p.Version(), tt.status, tt.ver)
		}
	}
	// Reset dropped the task and re-armed the trigger.
	if _, code := jsonrpcCall(t, c, p, wire.MethodGetTask, map[string]any{"id": task.ID}); code != wire.ErrTaskNotFound.RPCCode {
		t.Errorf("task after reset: code %d, want TaskNotFound", code)
	}
	do(t, c, http.MethodGet, p.CardURL(), "", nil)
	if p.Version() != 1 {
		t.Errorf("version %d after reset and one card fetch, want the re-armed rotation to 1", p.Version())
	}
	admins := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteAdmin })
	if len(admins) != 10 {
		t.Errorf("%d admin exchanges journaled, want 10", len(admins))
	}
	if got := admins[0].Header.Get("Authorization"); got != "Bearer [REDACTED:admin-secret]" {
		t.Errorf("admin secret journaled as %q", got)
	}
}

func journalRoutes(t *testing.T, body []byte) []string {
	t.Helper()
	var routes []string
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e journal.Exchange
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("journal line %q: %v", sc.Text(), err)
		}
		routes = append(routes, e.Route)
	}
	return routes
}

// TestAdminNeedsTheSecret plays a client that found the admin listener:
// without the run's secret nothing happens, and every try is journaled as
// an unmatched request for the checks to judge.
func TestAdminNeedsTheSecret(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	creds := f.Credentials(Grants{Bearer: true})
	c := httpsClient(t, f, true)
	for _, auth := range []string{
		"", "Bearer", "Bearer " + f.AdminSecret() + "x", "Bearer " + creds.BearerToken,
		"Basic " + f.AdminSecret(), "bearer  " + f.AdminSecret()[1:], f.AdminSecret(),
	} {
		h := map[string]string{}
		if auth != "" {
			h["Authorization"] = auth
		}
		resp, body := do(t, c, http.MethodPost, f.AdminURL()+AdminRotatePath+"?to=2", "", h)
		if resp.StatusCode != http.StatusUnauthorized || p.Version() != 0 || !strings.Contains(resp.Header.Get("WWW-Authenticate"), "Bearer") {
			t.Errorf("admin call with %q: %d %s, version %d; want 401 and no rotation", auth, resp.StatusCode, body, p.Version())
		}
	}
	tries := f.Journal().Select(func(e journal.Exchange) bool { return e.Origin == f.AdminURL() })
	if len(tries) != 7 {
		t.Fatalf("%d refused admin calls journaled, want 7", len(tries))
	}
	for _, e := range tries {
		if e.Route != journal.RouteUnmatched || e.Status != http.StatusUnauthorized || e.Malformed == "" {
			t.Errorf("refused admin call journaled as %s %d %q", e.Route, e.Status, e.Malformed)
		}
	}
	if line, _ := json.Marshal(tries); strings.Contains(string(line), creds.BearerToken) || strings.Contains(string(line), f.AdminSecret()[4:]) {
		t.Errorf("a secret survives in the journal: %s", line)
	}
}

// TestAdminNotOnPeerOrigin plays the client of issue 9 that reset its
// peer before sending: on a peer's origin /_conform/ is an unknown path.
func TestAdminNotOnPeerOrigin(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions(), Rotations: []Rotation{{On: Trigger{Kind: AfterCardResponses, N: 1}, To: 1}}})
	c := httpsClient(t, f, false)
	do(t, c, http.MethodGet, p.CardURL(), "", nil) // rotates to 1
	bearer := f.Credentials(Grants{Bearer: true}).BearerToken
	for _, path := range []string{AdminResetPath, AdminRotatePath + "?to=0", AdminJournalPath, AdminCardPath} {
		method := http.MethodPost
		if path == AdminJournalPath || path == AdminCardPath {
			method = http.MethodGet
		}
		h := map[string]string{"Authorization": "Bearer " + bearer}
		if resp, body := do(t, c, method, p.Origin()+path, "", h); resp.StatusCode != http.StatusNotFound || strings.Contains(string(body), "seq") {
			t.Errorf("%s %s on the peer's origin: %d %s; want 404", method, path, resp.StatusCode, body)
		}
	}
	if p.Version() != 1 {
		t.Errorf("version %d: an admin path on the peer's origin changed the peer", p.Version())
	}
	unmatched := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteUnmatched && e.Peer == "A" })
	if len(unmatched) != 4 {
		t.Fatalf("%d unmatched exchanges at peer A, want 4", len(unmatched))
	}
	if got := strings.Join(unmatched[0].Auth.Presented, ","); got != journal.CredBearer {
		t.Errorf("credentials presented at /_conform/reset: %q, want the bearer token seen", got)
	}
}

func TestAdminRejectsRemoteCallers(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	for _, remote := range []string{"10.1.2.3:5555", "[2001:db8::1]:443", "192.168.0.9:80"} {
		req := httptest.NewRequest(http.MethodPost, AdminRotatePath+"?to=1", nil)
		req.Header.Set("Authorization", "Bearer "+f.AdminSecret())
		req.RemoteAddr = remote
		rec := httptest.NewRecorder()
		f.admin.ServeHTTP(rec, req)
		if rec.Code != http.StatusUnauthorized || p.Version() != 0 {
			t.Errorf("admin from %s: %d, version %d; want 401 and no rotation", remote, rec.Code, p.Version())
		}
	}
	for _, addr := range []string{"127.0.0.1:1", "127.9.9.9:2", "[::1]:3"} {
		if !loopbackCaller(addr) {
			t.Errorf("%s taken for a remote caller", addr)
		}
	}
}

func TestAdminSeveralPeers(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Cards: threeVersions()}, {Name: "B", Host: "127.0.0.2", Cards: threeVersions()},
	}})
	if resp, _ := adminCall(t, f, http.MethodPost, AdminRotatePath+"?to=1"); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("rotate without ?peer= on two peers: %d, want 400", resp.StatusCode)
	}
	if resp, _ := adminCall(t, f, http.MethodPost, AdminRotatePath+"?peer=B&to=2"); resp.StatusCode != http.StatusOK || f.Peer("B").Version() != 2 || f.Peer("A").Version() != 0 {
		t.Errorf("rotate B: %d, versions A %d B %d", resp.StatusCode, f.Peer("A").Version(), f.Peer("B").Version())
	}
	if e := lastExchange(t, f, journal.RouteAdmin); e.Peer != "B" || e.CardVersion != 2 {
		t.Errorf("admin call journaled for peer %q card v%d, want B v2", e.Peer, e.CardVersion)
	}
	_ = f.Peer("A").Rotate(1)
	if resp, _ := adminCall(t, f, http.MethodPost, AdminResetPath); resp.StatusCode != http.StatusOK || f.Peer("B").Version() != 0 || f.Peer("A").Version() != 0 {
		t.Errorf("reset of the farm: %d, versions A %d B %d", resp.StatusCode, f.Peer("A").Version(), f.Peer("B").Version())
	}
}

// A farm of many peers is rotated one peer at a time or all at once, by
// number or to each peer's next version; its journal reads per peer.
func TestAdminRotateAllAndJournalByPeer(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Cards: threeVersions()}, {Name: "B", Cards: threeVersions()[:2]},
	}})
	versions := func() [2]int { return [2]int{f.Peer("A").Version(), f.Peer("B").Version()} }
	steps := []struct {
		path   string
		status int
		want   [2]int
	}{
		{AdminRotatePath + "?peer=A&to=next", 200, [2]int{1, 0}},
		{AdminRotatePath + "?all&to=next", 200, [2]int{2, 1}},
		{AdminRotatePath + "?all&to=next", 200, [2]int{0, 0}}, // A wraps after 2, B after 1
		{AdminRotatePath + "?all&to=2", 400, [2]int{0, 0}},    // B has no version 2: none rotates
		{AdminRotatePath + "?all&to=1", 200, [2]int{1, 1}},
		{AdminRotatePath + "?all", 400, [2]int{1, 1}},
		{AdminRotatePath + "?all&peer=A&to=0", 400, [2]int{1, 1}},
	}
	for _, s := range steps {
		resp, body := adminCall(t, f, http.MethodPost, s.path)
		if resp.StatusCode != s.status || versions() != s.want {
			t.Errorf("POST %s: %d %s, versions %v; want %d, %v", s.path, resp.StatusCode, body, versions(), s.status, s.want)
		}
	}
	c := httpsClient(t, f, false)
	do(t, c, http.MethodGet, f.Peer("A").CardURL(), "", nil)
	do(t, c, http.MethodGet, f.Peer("B").CardURL(), "", nil)
	for peer, want := range map[string]int{"A": 3, "B": 1} { // A: the two calls naming it, and its card
		_, body := adminCall(t, f, http.MethodGet, AdminJournalPath+"?peer="+peer)
		lines := strings.Split(strings.TrimSpace(string(body)), "\n")
		if len(lines) != want {
			t.Errorf("journal of %s: %d lines, want %d:\n%s", peer, len(lines), want, body)
		}
		for _, l := range lines {
			if !strings.Contains(l, `"peer":"`+peer+`"`) {
				t.Errorf("journal of %s holds %s", peer, l)
			}
		}
	}
}
