package agent

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

const sendParams = `{"message":{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"hello"}]}}`

func rpcBody(id, method, params string) string {
	b := `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `"`
	if params != "" {
		b += `,"params":` + params
	}
	return b + "}"
}

func TestJSONRPCUnaryMethods(t *testing.T) {
	tests := []struct {
		name, id, method, params string
		want                     string // a fragment the result must contain
	}{
		{"send returns a task", `1`, "SendMessage", sendParams, `{"task":{"id":"task-1"`},
		{"send returns a message", `"abc"`, "SendMessage", `{"message":{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"reply"}]}}`, `{"message":{"messageId":"m-2"`},
		{"get task", `2`, "GetTask", `{"id":"task-1","historyLength":0}`, `{"id":"task-1","contextId":"ctx-1","status":{"state":"TASK_STATE_WORKING"}}`},
		{"list tasks", `"l"`, "ListTasks", `{"status":"TASK_STATE_WORKING","pageSize":10}`, `"nextPageToken":"","pageSize":50,"totalSize":1`},
		{"cancel task", `3`, "CancelTask", `{"id":"task-1"}`, `"state":"TASK_STATE_CANCELED"`},
		{"extended card without params", `4`, "GetExtendedAgentCard", ``, `{"name":"extended"`},
		{"extended card with null params", `5`, "GetExtendedAgentCard", `null`, `{"name":"extended"`},
	}
	p := newPeer(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := p.rpc(t, rpcBody(tc.id, tc.method, tc.params))
			res.want(t, http.StatusOK, "application/json")
			r := decodeRPC(t, res.body)
			if string(r.ID) != tc.id {
				t.Errorf("id = %s, want %s echoed with its type", r.ID, tc.id)
			}
			if r.Error != nil || !strings.Contains(string(r.Result), tc.want) {
				t.Errorf("result %s error %+v, want result containing %s", r.Result, r.Error, tc.want)
			}
			call := p.lastCall()
			if call.Op != tc.method || call.Binding != wire.BindingJSONRPC || call.RPCID != tc.id ||
				call.Version != "1.0" || call.ErrorCode != 0 || call.Malformed != "" {
				t.Errorf("call = %+v", call)
			}
		})
	}
}

func TestJSONRPCDecodesProtoJSON(t *testing.T) {
	p := newPeer(t)
	// snake_case aliases, an int32 as a decimal string, enums as numbers,
	// unknown fields, and a case-folded name that must not match.
	params := `{"message":{"message_id":"m-1","role":1,"task_id":"task-1","parts":[{"text":"hi","media_type":"text/plain"}],"future":true},
		"configuration":{"return_immediately":true,"historyLength":"3"},"Metadata":{"x":1}}`
	res := p.rpc(t, rpcBody("1", "SendMessage", params))
	if r := decodeRPC(t, res.body); r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	got := p.handler.lastRequest().(*wire.SendMessageRequest)
	three := int32(3)
	want := &wire.SendMessageRequest{
		Message: &wire.Message{MessageID: "m-1", TaskID: "task-1", Role: wire.RoleUser,
			Parts: []wire.Part{{Text: ptr("hi"), MediaType: "text/plain"}}},
		Configuration: &wire.SendMessageConfiguration{ReturnImmediately: true, HistoryLength: &three},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("decoded %+v\nwant    %+v", got, want)
	}
	if call := p.lastCall(); call.TaskID != "task-1" {
		t.Errorf("call.TaskID = %q, want task-1", call.TaskID)
	}

	res = p.rpc(t, rpcBody("2", "ListTasks", `{"status":3,"context_id":"c","include_artifacts":true}`))
	if r := decodeRPC(t, res.body); r.Error != nil {
		t.Fatalf("error: %+v", r.Error)
	}
	list := p.handler.lastRequest().(*wire.ListTasksRequest)
	if list.Status != wire.TaskStateCompleted || list.ContextID != "c" || !list.IncludeArtifacts {
		t.Errorf("decoded %+v", list)
	}
}

func ptr[T any](v T) *T { return &v }

func TestJSONRPCStreams(t *testing.T) {
	tests := []struct {
		name, id, method, params string
		wantEvents               []string // member of each StreamResponse
	}{
		{"send streaming", `7`, "SendStreamingMessage", sendParams, []string{"task", "statusUpdate", "artifactUpdate", "statusUpdate"}},
		{"subscribe", `"sub"`, "SubscribeToTask", `{"id":"task-1"}`, []string{"task", "statusUpdate"}},
	}
	p := newPeer(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := p.rpc(t, rpcBody(tc.id, tc.method, tc.params))
			res.want(t, http.StatusOK, "text/event-stream")
			var results []json.RawMessage
			for i, ev := range sseEvents(t, res.body) {
				r := decodeRPC(t, ev)
				if string(r.ID) != tc.id {
					t.Errorf("event %d id = %s, want %s", i, r.ID, tc.id)
				}
				results = append(results, r.Result)
			}
			wantMembers(t, results, tc.wantEvents)
		})
	}
}

func TestJSONRPCStreamErrors(t *testing.T) {
	p := newPeer(t)
	send := func(text string) string {
		return rpcBody(`9`, "SendStreamingMessage", `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"`+text+`"}]}}`)
	}

	// Failing before any event: a plain JSON-RPC error, not a stream.
	res := p.rpc(t, send("fail-early"))
	if ct := res.header.Get("Content-Type"); ct != "application/json" {
		t.Fatalf("early failure Content-Type = %q, want application/json", ct)
	}
	if r := decodeRPC(t, res.body); r.Error == nil || r.Error.Code != -32004 || string(r.ID) != "9" {
		t.Errorf("early failure = %s, want -32004 with id 9", res.body)
	}

	// Failing after an event: the error is the last event.
	for _, text := range []string{"fail-late", "boom"} {
		res = p.rpc(t, send(text))
		events := sseEvents(t, res.body)
		if len(events) != 2 {
			t.Fatalf("%s: got %d events, want task + error: %s", text, len(events), res.body)
		}
		if r := decodeRPC(t, events[1]); r.Error == nil || r.Error.Code != -32603 || string(r.ID) != "9" {
			t.Errorf("%s: last event = %s, want -32603 with id 9", text, events[1])
		}
		if got := p.lastCall().ErrorCode; got != -32603 {
			t.Errorf("%s: call.ErrorCode = %d, want -32603", text, got)
		}
	}
}

func TestHandlerFaultsBecomeInternalErrors(t *testing.T) {
	p := newPeer(t)
	res := p.rpc(t, rpcBody("1", "SendMessage", `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"boom"}]}}`))
	if r := decodeRPC(t, res.body); r.Error == nil || r.Error.Code != -32603 {
		t.Errorf("panic answered %s, want -32603", res.body)
	}
	res = p.rpc(t, rpcBody("2", "SendMessage", `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"nothing"}]}}`))
	if r := decodeRPC(t, res.body); r.Error == nil || r.Error.Code != -32603 {
		t.Errorf("nil result answered %s, want -32603", res.body)
	}
	res = p.rpc(t, rpcBody("3", "GetTask", `{"id":"zero-kind"}`))
	if r := decodeRPC(t, res.body); r.Error == nil || r.Error.Code != -32603 {
		t.Errorf("kindless error answered %s, want -32603", res.body)
	}
	res = p.do(t, "GET", restPath+"/tasks/zero-kind", v1(), "")
	if f := decodeRESTError(t, res.body); res.status != 500 || *f.Error.Status != "INTERNAL" {
		t.Errorf("REST kindless error answered %d %s, want 500 INTERNAL", res.status, res.body)
	}
	res = p.do(t, "POST", restPath+"/message:send", v1(), streamText("boom"))
	if res.status != 500 {
		t.Errorf("REST panic answered %d %s, want 500", res.status, res.body)
	}
	res = p.rpc(t, rpcBody("4", "GetTask", `{"id":"task-1"}`))
	if r := decodeRPC(t, res.body); r.Error != nil {
		t.Errorf("after the faults the peer answered %s", res.body)
	}
}

func TestJSONRPCHeadersReachTheCall(t *testing.T) {
	p := newPeer(t)
	headers := map[string]string{
		"a2a-version":    "1.0", // header names are case-insensitive
		"A2A-Extensions": "https://a.example/x/v1, https://b.example/y/v1",
		"Content-Type":   "application/a2a+json; charset=utf-8",
	}
	res := p.do(t, http.MethodPost, rpcPath, headers, rpcBody("1", "GetTask", `{"id":"task-1"}`))
	if r := decodeRPC(t, res.body); r.Error != nil {
		t.Fatalf("error: %s", res.body)
	}
	want := []string{"https://a.example/x/v1", "https://b.example/y/v1"}
	if call := p.lastCall(); !reflect.DeepEqual(call.Extensions, want) || call.TaskID != "task-1" {
		t.Errorf("call = %+v, want extensions %v and task-1", call, want)
	}

	// The version may come as a query parameter; no Content-Type is tolerated.
	res = p.do(t, http.MethodPost, rpcPath+"?A2A-Version=1.0", nil, rpcBody("2", "GetTask", `{"id":"task-1"}`))
	if r := decodeRPC(t, res.body); r.Error != nil {
		t.Fatalf("query version: %s", res.body)
	}
}

func TestJSONRPCAdmitErrorIsAnsweredAsIs(t *testing.T) {
	p := newPeer(t)
	p.handler.deny = Errorf(wire.ErrUnauthenticated, "no token")
	res := p.rpc(t, rpcBody(`"x"`, "GetTask", `{"id":"task-1"}`))
	r := decodeRPC(t, res.body)
	if r.Error == nil || r.Error.Code != -31401 || string(r.ID) != `"x"` {
		t.Fatalf("got %s, want -31401", res.body)
	}
	if _, ok := p.handler.lastRequest().(*wire.GetTaskRequest); ok {
		t.Error("the handler was called although Admit refused")
	}
	admitted := p.handler.admits[len(p.handler.admits)-1]
	if admitted.Op != "GetTask" || admitted.TaskID != "task-1" || admitted.Version != "1.0" {
		t.Errorf("Admit saw %+v", admitted)
	}
	if call := p.lastCall(); call.ErrorCode != -31401 || call.Malformed != "" {
		t.Errorf("call = %+v, want ErrorCode -31401 and no Malformed", call)
	}
}
