package refclient

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// authCase is one security scheme and how its credential must look on an
// A2A request.
type authCase struct {
	name    string
	scheme  func(origin string) wire.SecurityScheme
	present func(t *testing.T, s seen)
}

var authCases = []authCase{
	{"none", nil, func(t *testing.T, s seen) {
		if h := s.Header.Get("Authorization"); h != "" || s.ClientCert {
			t.Errorf("%s carried a credential (Authorization %q, client cert %v), want none", s.Op, h, s.ClientCert)
		}
	}},
	{"bearer", func(string) wire.SecurityScheme { return bearerScheme() }, func(t *testing.T, s seen) {
		if h := s.Header.Get("Authorization"); h != "Bearer "+testBearer {
			t.Errorf("%s Authorization = %q, want the bearer token", s.Op, h)
		}
	}},
	{"oauth2", func(o string) wire.SecurityScheme { return oauthScheme(o + "/token") }, func(t *testing.T, s seen) {
		if h := s.Header.Get("Authorization"); h != "Bearer "+testAccessToken {
			t.Errorf("%s Authorization = %q, want the issued access token", s.Op, h)
		}
	}},
	{"api-key-header", func(string) wire.SecurityScheme { return apiKeyScheme("header", "X-API-Key") }, func(t *testing.T, s seen) {
		if h := s.Header.Get("X-API-Key"); h != testAPIKey {
			t.Errorf("%s X-API-Key = %q, want the API key", s.Op, h)
		}
	}},
	{"api-key-query", func(string) wire.SecurityScheme { return apiKeyScheme("query", "key") }, func(t *testing.T, s seen) {
		if q := s.Query.Get("key"); q != testAPIKey {
			t.Errorf("%s query key = %q, want the API key", s.Op, q)
		}
	}},
	{"mtls", func(string) wire.SecurityScheme { return mtlsScheme() }, func(t *testing.T, s seen) {
		if !s.ClientCert {
			t.Errorf("%s came without a client certificate", s.Op)
		}
		if h := s.Header.Get("Authorization"); h != "" {
			t.Errorf("%s Authorization = %q, want none", s.Op, h)
		}
	}},
}

func TestHappyPath(t *testing.T) {
	pki := newTestPKI(t)
	bindings := []struct {
		binding, tenant string
	}{
		{wire.BindingJSONRPC, ""},
		{wire.BindingHTTPJSON, ""},
		{wire.BindingJSONRPC, "acme"},
		{wire.BindingHTTPJSON, "acme"},
	}
	for _, b := range bindings {
		for _, ac := range authCases {
			if b.tenant != "" && ac.name != "bearer" {
				continue // tenants are orthogonal to credentials
			}
			t.Run(b.binding+"/"+ac.name+"/"+b.tenant, func(t *testing.T) {
				peer := startPeer(t, pki, "127.0.0.1")
				card := testCard(peer.origin)
				if b.binding == wire.BindingHTTPJSON {
					slices.Reverse(card.SupportedInterfaces)
				}
				card.SupportedInterfaces[0].Tenant = b.tenant
				if ac.scheme != nil {
					secure(&card, ac.name, ac.scheme(peer.origin))
				}
				peer.setCards(t, card)

				out := runAgainst(t, pki, peer.cardURL(), allCredentials(pki))
				wantOutcome(t, out, driver.OutcomeCompleted, "")
				if out.TaskID != "task-1" || out.Detail != "the summary" {
					t.Errorf("taskId %q detail %q, want task-1 and the artifact text", out.TaskID, out.Detail)
				}
				checkHappyExchanges(t, peer, b.binding, b.tenant, ac)
			})
		}
	}
}

func checkHappyExchanges(t *testing.T, peer *fakePeer, binding, tenant string, ac authCase) {
	t.Helper()
	cards := wantCount(t, peer, opSeenCard, 2)
	if cards[1].Header.Get("If-None-Match") == "" {
		t.Errorf("second card fetch has no If-None-Match: no revalidation")
	}
	for _, c := range peer.requests(opSeenCard) {
		if c.Header.Get("Authorization") != "" || c.Header.Get("X-API-Key") != "" || c.ClientCert {
			t.Errorf("card request carried a credential")
		}
		if v := c.Header.Get(wire.HeaderVersion); v != "1.0" {
			t.Errorf("card request A2A-Version = %q, want 1.0", v)
		}
	}
	tokens := peer.requests(opSeenToken)
	if want := ac.name == "oauth2"; (len(tokens) == 1) != want {
		t.Errorf("token requests = %d, want oauth2 only", len(tokens))
	}
	sends := wantCount(t, peer, wire.MethodSendMessage, 1)
	wantCount(t, peer, wire.MethodCancelTask, 0)
	polls := wantCount(t, peer, wire.MethodGetTask, 2)
	for _, s := range peer.requests(a2aOps...) {
		if v := s.Header.Get(wire.HeaderVersion); v != "1.0" {
			t.Errorf("%s A2A-Version = %q, want 1.0", s.Op, v)
		}
		ac.present(t, s)
	}

	send := sends[0]
	msg, _ := send.Params["message"].(map[string]any)
	parts, _ := msg["parts"].([]any)
	cfg, _ := send.Params["configuration"].(map[string]any)
	if msg["role"] != "ROLE_USER" || msg["messageId"] == "" || len(parts) != 1 ||
		parts[0].(map[string]any)["text"] != testMessage || cfg["returnImmediately"] != true {
		t.Errorf("send params = %v, want one ROLE_USER text part and returnImmediately", send.Params)
	}
	switch binding {
	case wire.BindingJSONRPC:
		for _, s := range peer.requests(a2aOps...) {
			if s.Path != "/rpc" || s.Params["tenant"] != nilIfEmpty(tenant) {
				t.Errorf("%s went to %s with tenant %v, want /rpc and tenant %q", s.Op, s.Path, s.Params["tenant"], tenant)
			}
		}
		if polls[0].Params["historyLength"] != float64(0) || polls[0].Params["id"] != "task-1" {
			t.Errorf("GetTask params = %v, want id task-1 and historyLength 0", polls[0].Params)
		}
	case wire.BindingHTTPJSON:
		prefix := "/rest"
		if tenant != "" {
			prefix += "/" + tenant
		}
		if send.Path != prefix+"/message:send" || send.Header.Get("Content-Type") != "application/json" {
			t.Errorf("send went to %s (%s), want %s/message:send as application/json", send.Path, send.Header.Get("Content-Type"), prefix)
		}
		if polls[0].Path != prefix+"/tasks/task-1" || polls[0].Query.Get("historyLength") != "0" {
			t.Errorf("GetTask went to %s?%v, want %s/tasks/task-1?historyLength=0", polls[0].Path, polls[0].Query, prefix)
		}
	}
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
