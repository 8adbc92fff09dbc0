package mockpeer_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// hostileRequest is one request of a client under test that is not what
// it should be; GEN-002 must fail it.
type hostileRequest struct {
	name, method, path, body string
	header                   map[string]string
	admin                    bool // sent to the admin listener, without its secret
	wantStatus               int
}

var hostileRequests = []hostileRequest{
	{name: "invalid UTF-8", path: mockpeer.JSONRPCPath, body: "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":{\"messageId\":\"m\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"\xff\"}]}}}", wantStatus: 200},
	{name: "duplicate method", path: mockpeer.JSONRPCPath, body: `{"jsonrpc":"2.0","id":1,"method":"GetTask","method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]}}}`, wantStatus: 200},
	{name: "duplicate deep", path: mockpeer.RESTPath + "/message:send", body: `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x","text":"y"}]}}`, wantStatus: 400},
	{name: "notification", path: mockpeer.JSONRPCPath, body: `{"jsonrpc":"2.0","method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x"}]}}}`, wantStatus: 204},
	{name: "admin path on the peer", path: mockpeer.AdminResetPath, wantStatus: 404},
	{name: "admin listener without the secret", path: mockpeer.AdminResetPath, admin: true, wantStatus: 401},
}

// TestHostileRequestsFailGEN002 plays each hostile request after a good
// call, and judges the journal with the catalog's own GEN-002 check.
func TestHostileRequestsFailGEN002(t *testing.T) {
	gen002 := scenarios.General()[1]
	for _, hr := range hostileRequests {
		t.Run(hr.name, func(t *testing.T) {
			farm, c := hostileFarm(t)
			origin := farm.Peer("A").Origin()
			good := `{"jsonrpc":"2.0","id":1,"method":"ListTasks","params":{}}`
			if status, _ := send(t, c, http.MethodPost, mockpeer.JSONRPCURL(origin), good, nil); status != 200 {
				t.Fatalf("good call: %d", status)
			}
			if j := gen002.Check(&scenarios.Evidence{Journal: farm.Journal().All()}); j.Verdict != verdict.Pass {
				t.Fatalf("GEN-002 before the hostile request: %+v", j)
			}
			base := origin
			if hr.admin {
				base = farm.AdminURL()
			}
			h := map[string]string{"A2A-Version": "1.0", "Content-Type": "application/json"}
			status, body := send(t, c, http.MethodPost, base+hr.path, hr.body, h)
			if status != hr.wantStatus {
				t.Errorf("answered %d %s, want %d", status, body, hr.wantStatus)
			}
			j := gen002.Check(&scenarios.Evidence{Journal: farm.Journal().All()})
			if j.Verdict != verdict.Fail || len(j.Exchanges) != 1 {
				t.Fatalf("GEN-002 after the hostile request: %+v", j)
			}
			t.Logf("GEN-002: %s", j.Got)
			// Nothing hostile is ever executed as a task.
			for _, ex := range farm.Journal().All() {
				if ex.TaskID != "" || ex.StateAfter != "" {
					t.Errorf("a task was touched: %s", ex.Line())
				}
			}
		})
	}
}

func hostileFarm(t *testing.T) (*mockpeer.Farm, *http.Client) {
	t.Helper()
	card := mockpeer.NewCard("A").Skills(mockpeer.Skill("summarize", "Summarizes.", "text"))
	farm, err := mockpeer.Start(context.Background(), mockpeer.FarmSpec{
		Dir:   t.TempDir(),
		Peers: []mockpeer.PeerSpec{{Name: "A", Skill: "summarize", Cards: []mockpeer.CardFunc{card.Build}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = farm.Close() })
	return farm, mockpeer.HTTPSClient(t, farm, false)
}

func send(t *testing.T, c *http.Client, method, url, body string, header map[string]string) (int, string) {
	t.Helper()
	resp, b := mockpeer.Do(t, c, method, url, body, header)
	return resp.StatusCode, string(b)
}
