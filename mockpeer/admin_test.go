package mockpeer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func TestAdminAPI(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Cards:     threeVersions(),
		Rotations: []Rotation{{On: Trigger{Kind: AfterCardResponses, N: 1}, To: 1}},
		Task:      TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted}}},
	})
	c := httpsClient(t, f, false)
	admin := func(method, path string) (*http.Response, []byte) { return do(t, c, method, p.Origin()+path, "", nil) }

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
	var routes []string
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e Exchange
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("journal line %q: %v", sc.Text(), err)
		}
		routes = append(routes, e.Route)
	}
	if len(routes) != 3 || routes[0] != RouteCard || routes[1] != RouteA2A || routes[2] != RouteAdmin {
		t.Errorf("admin journal routes %v, want card, a2a, admin", routes)
	}

	for _, tt := range []struct {
		method, path string
		status, ver  int
	}{
		{http.MethodPost, AdminRotatePath + "?to=2", 200, 2},
		{http.MethodPost, AdminRotatePath + "?to=7", 400, 2},
		{http.MethodPost, AdminRotatePath + "?to=two", 400, 2},
		{http.MethodGet, AdminRotatePath + "?to=0", 405, 2},
		{http.MethodGet, AdminPrefix + "nothing", 404, 2},
		{http.MethodPost, AdminResetPath, 200, 0},
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
	if n := len(f.Journal().Select(func(e Exchange) bool { return e.Route == RouteAdmin })); n != 8 {
		t.Errorf("%d admin exchanges journaled, want 8", n)
	}
}

func TestAdminRejectsRemoteCallers(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: threeVersions()})
	for _, remote := range []string{"10.1.2.3:5555", "[2001:db8::1]:443", "192.168.0.9:80"} {
		req := httptest.NewRequest(http.MethodPost, AdminRotatePath+"?to=1", nil)
		req.RemoteAddr = remote
		rec := httptest.NewRecorder()
		p.ServeHTTP(rec, req)
		if rec.Code != http.StatusForbidden || p.Version() != 0 {
			t.Errorf("admin from %s: %d, version %d; want 403 and no rotation", remote, rec.Code, p.Version())
		}
	}
	e := lastExchange(t, f, RouteAdmin)
	if e.Status != http.StatusForbidden {
		t.Errorf("refused admin call journaled with status %d", e.Status)
	}
	for _, addr := range []string{"127.0.0.1:1", "127.9.9.9:2", "[::1]:3"} {
		if !loopbackCaller(addr) {
			t.Errorf("%s taken for a remote caller", addr)
		}
	}
}
