package mockpeer

import (
	"net/http"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

var apiKeyScheme = map[string]wire.SecurityScheme{"key": {APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-Api-Key"}}}

func TestEnforcedVersionHook(t *testing.T) {
	optional := testCard("A", withSecurity(bearerScheme, wire.Require("bearer"), wire.Require()))
	bearer := testCard("A", withSecurity(bearerScheme, wire.Require("bearer")))
	mtls := testCard("A", withSecurity(mtlsScheme, wire.Require("mtls")))
	apiKey := testCard("A", withSecurity(apiKeyScheme, wire.Require("key")))
	tests := []struct {
		name       string
		cards      []CardFunc
		grace      int
		hook       VersionFunc
		rotateTo   int
		withBearer bool
		wantCode   int // 0: admitted
	}{
		{"without the hook the peer follows its rotation", []CardFunc{optional, bearer}, 0, nil, 1, false, wire.ErrUnauthenticated.RPCCode},
		{"a stale peer admits what the old card allowed", []CardFunc{optional, bearer}, 0, EnforceVersion(0), 1, false, 0},
		{"a peer ahead of its card refuses", []CardFunc{optional, bearer}, 0, EnforceVersion(1), 0, false, wire.ErrUnauthenticated.RPCCode},
		{"a version the peer lacks is an internal error", []CardFunc{optional, bearer}, 0, EnforceVersion(5), 0, false, wire.ErrInternal.RPCCode},
		{"the grace window admits the old credential", []CardFunc{bearer, mtls, apiKey}, -1, nil, 1, true, 0},
		{"no grace window while the hook overrides", []CardFunc{bearer, mtls, apiKey}, -1, EnforceVersion(2), 1, true, wire.ErrUnauthenticated.RPCCode},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, p := onePeer(t, PeerSpec{Cards: tc.cards, GraceRequests: tc.grace, Hooks: Hooks{EnforcedVersion: tc.hook}})
			if err := p.Rotate(tc.rotateTo); err != nil {
				t.Fatal(err)
			}
			var header map[string]string
			if tc.withBearer {
				header = map[string]string{"Authorization": "Bearer " + f.Credentials(Grants{Bearer: true}).BearerToken}
			}
			_, e := rpc(t, httpsClient(t, f, false), p, wire.MethodSendMessage, sendParams("x", true), header)
			if code := errCode(e); code != tc.wantCode {
				t.Fatalf("send answered code %d (%+v), want %d", code, e, tc.wantCode)
			}
			ex := lastExchange(t, f, journal.RouteA2A)
			if ex.Auth.Admitted != (tc.wantCode == 0) || ex.CardVersion != tc.rotateTo {
				t.Errorf("journal: auth %+v at version %d", ex.Auth, ex.CardVersion)
			}
		})
	}
}

func errCode(e *wire.RPCError) int {
	if e == nil {
		return 0
	}
	return e.Code
}

func TestCancelRequiresMTLS(t *testing.T) {
	f, p := onePeer(t, PeerSpec{
		Task:  TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateAuthRequired}}},
		Hooks: Hooks{Admit: CancelRequiresMTLS()},
	})
	plain, withCert := httpsClient(t, f, false), httpsClient(t, f, true)
	res, _ := rpc(t, plain, p, wire.MethodSendMessage, sendParams("x", true), nil)
	id := sendTask(t, res).ID
	if _, e := rpc(t, plain, p, wire.MethodGetTask, map[string]any{"id": id}, nil); e != nil {
		t.Fatalf("GetTask without certificate: %+v, want admitted", e)
	}
	if _, e := rpc(t, plain, p, wire.MethodCancelTask, map[string]any{"id": id}, nil); errCode(e) != wire.ErrUnauthenticated.RPCCode {
		t.Fatalf("cancel without certificate: %+v, want unauthenticated", e)
	}
	if ex := lastExchange(t, f, journal.RouteA2A); ex.Auth.Admitted {
		t.Errorf("refused cancel journaled as admitted")
	}
	res, e := rpc(t, withCert, p, wire.MethodCancelTask, map[string]any{"id": id}, nil)
	if e != nil || decodeTask(t, res).Status.State != wire.TaskStateCanceled {
		t.Fatalf("cancel with certificate: %+v %s", e, res)
	}
	if ex := lastExchange(t, f, journal.RouteA2A); ex.TLSClient != ClientCertCN || !ex.Auth.Admitted {
		t.Errorf("TLSClient %q admitted %v, want %q admitted", ex.TLSClient, ex.Auth.Admitted, ClientCertCN)
	}
}

// TestAdmitHookRunsAfterCardSecurity: a request the card refuses never
// reaches the hook; one it admits gets the hook's answer.
func TestAdmitHookRunsAfterCardSecurity(t *testing.T) {
	var seen []string
	refuse := func(_ State, _ *http.Request, call *agent.Call) *agent.Error {
		seen = append(seen, call.Op)
		return agent.Errorf(wire.ErrUnsupportedOperation, "refused by the hook")
	}
	f, p := onePeer(t, PeerSpec{
		Cards: []CardFunc{testCard("A", withSecurity(bearerScheme, wire.Require("bearer")))},
		Hooks: Hooks{Admit: refuse},
	})
	c := httpsClient(t, f, false)
	if _, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("x", true), nil); errCode(e) != wire.ErrUnauthenticated.RPCCode || len(seen) != 0 {
		t.Fatalf("without credentials: %+v, hook saw %v; want the card's refusal first", e, seen)
	}
	auth := map[string]string{"Authorization": "Bearer " + f.Credentials(Grants{Bearer: true}).BearerToken}
	if _, e := rpc(t, c, p, wire.MethodSendMessage, sendParams("x", true), auth); errCode(e) != wire.ErrUnsupportedOperation.RPCCode {
		t.Fatalf("with credentials: %+v, want the hook's refusal", e)
	}
	if !slices.Equal(seen, []string{wire.MethodSendMessage}) {
		t.Errorf("hook saw %v", seen)
	}
}

// TestHooksSeeRotations: a hook that depends on the version in force
// changes when a trigger fires, so both happen on the peer's schedule.
func TestHooksSeeRotations(t *testing.T) {
	fromV1 := func(s State, r *http.Request, call *agent.Call) *agent.Error {
		if s.Version < 1 {
			return nil
		}
		return CancelRequiresMTLS()(s, r, call)
	}
	f, p := onePeer(t, PeerSpec{
		Cards:     threeVersions(),
		Rotations: []Rotation{{On: Trigger{Kind: AfterSend, N: 2}, To: 1}},
		Task:      TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted}}},
		Hooks:     Hooks{Admit: fromV1},
	})
	c := httpsClient(t, f, false)
	first := sendTask(t, must(jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("one", true))))
	if _, code := jsonrpcCall(t, c, p, wire.MethodCancelTask, map[string]any{"id": first.ID}); code != 0 {
		t.Fatalf("cancel under version 0: code %d, want admitted", code)
	}
	second := sendTask(t, must(jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("two", true))))
	if _, code := jsonrpcCall(t, c, p, wire.MethodCancelTask, map[string]any{"id": second.ID}); code != wire.ErrUnauthenticated.RPCCode {
		t.Fatalf("cancel after the rotation: code %d, want unauthenticated", code)
	}
}

func TestOnCardFetchHook(t *testing.T) {
	var views []TaskView
	failQuietly := func(_ State, v TaskView) *StatusChange {
		views = append(views, v)
		return &StatusChange{State: wire.TaskStateFailed}
	}
	tests := []struct {
		name      string
		hook      CardFetchFunc
		wantState wire.TaskState
		wantMsgID string // "" means no status message
	}{
		{"without the hook a card fetch changes nothing", nil, wire.TaskStateSubmitted, ""},
		{"RejectRunningTasks rejects the running task", RejectRunningTasks(), wire.TaskStateRejected, "task-2-rejected"},
		{"a change without text carries no message", failQuietly, wire.TaskStateFailed, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			views = nil
			f, p := onePeer(t, PeerSpec{
				Task: TaskScript{Steps: []TaskStep{
					{State: wire.TaskStateSubmitted}, {State: wire.TaskStateSubmitted}, {State: wire.TaskStateCompleted},
				}},
				Hooks: Hooks{OnCardFetch: tc.hook},
			})
			c := httpsClient(t, f, false)
			done := sendTask(t, must(jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("done", false))))
			open := sendTask(t, must(jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("open", true))))
			do(t, c, http.MethodGet, p.CardURL(), "", nil)

			// GetTask advances a task it does not find settled, so look at
			// the journal's state before the poll.
			jsonrpcCall(t, c, p, wire.MethodGetTask, map[string]any{"id": open.ID})
			if ex := lastExchange(t, f, journal.RouteA2A); ex.StateBefore != tc.wantState {
				t.Errorf("running task after a card fetch: %s, want %s", ex.StateBefore, tc.wantState)
			}
			got := decodeTask(t, must(jsonrpcCall(t, c, p, wire.MethodGetTask, map[string]any{"id": open.ID})))
			if msgID := messageID(got.Status.Message); msgID != tc.wantMsgID {
				t.Errorf("status message %q, want %q", msgID, tc.wantMsgID)
			}
			got = decodeTask(t, must(jsonrpcCall(t, c, p, wire.MethodGetTask, map[string]any{"id": done.ID})))
			if got.Status.State != wire.TaskStateCompleted {
				t.Errorf("completed task after a card fetch: %s", got.Status.State)
			}
			if views != nil && !slices.Equal(views, []TaskView{{ID: open.ID, State: wire.TaskStateSubmitted}}) {
				t.Errorf("hook saw %+v, want only the running task", views)
			}
		})
	}
}

func messageID(m *wire.Message) string {
	if m == nil {
		return ""
	}
	return m.MessageID
}

func TestAnnounceContractHash(t *testing.T) {
	steps := []TaskStep{{State: wire.TaskStateSubmitted}, {State: wire.TaskStateWorking, Progress: 50}, {State: wire.TaskStateAuthRequired}}
	for _, announce := range []bool{false, true} {
		hooks := Hooks{}
		if announce {
			hooks.StepMetadata = AnnounceContractHash()
		}
		_, p := onePeer(t, PeerSpec{Task: TaskScript{Steps: steps}, Hooks: hooks})
		c := httpsClient(t, p.farm, false)
		task := sendTask(t, must(jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("x", true))))
		for i := range steps {
			if i > 0 {
				task = decodeTask(t, must(jsonrpcCall(t, c, p, wire.MethodGetTask, map[string]any{"id": task.ID})))
			}
			msg := task.Status.Message
			if !announce {
				// Step 0 has nothing to say; the others say it without the hash.
				if (msg == nil) != (i == 0) || msg != nil && (msg.Metadata[FrozenContractExtension] != nil || msg.Extensions != nil) {
					t.Errorf("without the hook, step %d: %+v", i, msg)
				}
				continue
			}
			if msg == nil || !slices.Equal(msg.Extensions, []string{FrozenContractExtension}) {
				t.Fatalf("step %d: status message %+v, want one naming the extension", i, msg)
			}
			meta, _ := msg.Metadata[FrozenContractExtension].(map[string]any)
			if meta["contractHash"] != p.ContractHash(0) || p.ContractHash(0) == "" {
				t.Errorf("step %d announced %v, want %s", i, meta, p.ContractHash(0))
			}
		}
	}
}
