package agent

import (
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func TestRESTUnaryOperations(t *testing.T) {
	tests := []struct {
		name, method, path, body string
		want                     string // a fragment the body must contain
		wantReq                  any    // what the handler must have received
	}{
		{"send", "POST", "/message:send", sendParams, `{"task":{"id":"task-1"`, nil},
		{"send with tenant", "POST", "/acme/message:send", sendParams, `{"task":`, nil},
		{"get task", "GET", "/tasks/task-1?historyLength=2", "", `{"id":"task-1","contextId":"ctx-1"`,
			&wire.GetTaskRequest{ID: "task-1", HistoryLength: ptr(int32(2))}},
		{"get task with tenant", "GET", "/acme/tasks/task-1", "", `{"id":"task-1"`,
			&wire.GetTaskRequest{Tenant: "acme", ID: "task-1"}},
		{"list tasks", "GET", "/tasks?contextId=c&status=TASK_STATE_WORKING&pageSize=5&pageToken=p&historyLength=0&statusTimestampAfter=2026-01-02T03:04:05.678Z&includeArtifacts=true", "",
			`{"tasks":[{"id":"task-1"`, &wire.ListTasksRequest{ContextID: "c", Status: wire.TaskStateWorking, PageSize: ptr(int32(5)),
				PageToken: "p", HistoryLength: ptr(int32(0)), StatusTimestampAfter: "2026-01-02T03:04:05.678Z", IncludeArtifacts: true}},
		{"list tasks by status number", "GET", "/acme/tasks?status=2&page_size=7", "", `"tasks":`,
			&wire.ListTasksRequest{Tenant: "acme", Status: wire.TaskStateWorking, PageSize: ptr(int32(7))}},
		{"cancel with metadata", "POST", "/tasks/task-1:cancel", `{"metadata":{"why":"test"}}`, `"TASK_STATE_CANCELED"`,
			&wire.CancelTaskRequest{ID: "task-1", Metadata: map[string]any{"why": "test"}}},
		{"cancel with {}", "POST", "/tasks/task-1:cancel", `{}`, `"TASK_STATE_CANCELED"`, &wire.CancelTaskRequest{ID: "task-1"}},
		{"cancel with null", "POST", "/tasks/task-1:cancel", `null`, `"TASK_STATE_CANCELED"`, &wire.CancelTaskRequest{ID: "task-1"}},
		{"cancel with no body", "POST", "/tasks/task-1:cancel", ``, `"TASK_STATE_CANCELED"`, &wire.CancelTaskRequest{ID: "task-1"}},
		{"extended card", "GET", "/extendedAgentCard", "", `{"name":"extended"`, &wire.GetExtendedAgentCardRequest{}},
		{"GET with body null", "GET", "/tasks/task-1", "null", `{"id":"task-1"`, &wire.GetTaskRequest{ID: "task-1"}},
	}
	p := newPeer(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := p.do(t, tc.method, restPath+tc.path, v1(), tc.body)
			res.want(t, http.StatusOK, "application/json")
			if !strings.Contains(string(res.body), tc.want) {
				t.Errorf("body %s, want it to contain %s", res.body, tc.want)
			}
			if tc.wantReq != nil && !reflect.DeepEqual(p.handler.lastRequest(), tc.wantReq) {
				t.Errorf("handler got %+v, want %+v", p.handler.lastRequest(), tc.wantReq)
			}
			if call := p.lastCall(); call.Binding != wire.BindingHTTPJSON || call.Version != "1.0" ||
				call.ErrorCode != 0 || call.Malformed != "" || call.RPCID != "" {
				t.Errorf("call = %+v", call)
			}
		})
	}
}

func TestRESTRecordsOperationAndTask(t *testing.T) {
	p := newPeer(t)
	p.do(t, "POST", restPath+"/acme/tasks/task-1:cancel", v1(), "")
	if call := p.lastCall(); call.Op != "CancelTask" || call.TaskID != "task-1" {
		t.Errorf("call = %+v", call)
	}
	if got := p.handler.lastRequest().(*wire.CancelTaskRequest).Tenant; got != "acme" {
		t.Errorf("tenant = %q, want acme", got)
	}
}

func TestRESTNegotiatesSuccessContentType(t *testing.T) {
	p := newPeer(t)
	h := v1()
	h["Accept"] = "application/a2a+json, application/json"
	h["Content-Type"] = "application/a2a+json"
	res := p.do(t, "POST", restPath+"/message:send", h, sendParams)
	if res.status != http.StatusOK || res.header.Get("Content-Type") != "application/a2a+json" {
		t.Errorf("got %d %q, want 200 application/a2a+json", res.status, res.header.Get("Content-Type"))
	}
	// Errors stay application/json whatever the client accepts.
	res = p.do(t, "GET", restPath+"/tasks/nope", h, "")
	if res.status != http.StatusNotFound || res.header.Get("Content-Type") != "application/json" {
		t.Errorf("error got %d %q, want 404 application/json", res.status, res.header.Get("Content-Type"))
	}
}

func TestRESTStreams(t *testing.T) {
	tests := []struct {
		name, method, path, body string
		wantEvents               []string
	}{
		{"message:stream", "POST", "/message:stream", sendParams, []string{"task", "statusUpdate", "artifactUpdate", "statusUpdate"}},
		{"subscribe by POST with {}", "POST", "/tasks/task-1:subscribe", `{}`, []string{"task", "statusUpdate"}},
		{"subscribe by POST without body", "POST", "/tasks/task-1:subscribe", ``, []string{"task", "statusUpdate"}},
		{"subscribe by GET", "GET", "/tasks/task-1:subscribe", ``, []string{"task", "statusUpdate"}},
		{"subscribe with tenant", "GET", "/acme/tasks/task-1:subscribe", `null`, []string{"task", "statusUpdate"}},
	}
	p := newPeer(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := p.do(t, tc.method, restPath+tc.path, v1(), tc.body)
			res.want(t, http.StatusOK, "text/event-stream")
			wantMembers(t, sseEvents(t, res.body), tc.wantEvents)
		})
	}
}

func TestRESTStreamErrors(t *testing.T) {
	p := newPeer(t)
	send := func(text string) string {
		return `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"` + text + `"}]}}`
	}
	res := p.do(t, "POST", restPath+"/message:stream", v1(), send("fail-early"))
	res.want(t, http.StatusBadRequest, "application/json")
	if f := decodeRESTError(t, res.body); *f.Error.Status != "FAILED_PRECONDITION" || f.Error.Details[0].Reason != "UNSUPPORTED_OPERATION" {
		t.Errorf("early failure body %s", res.body)
	}

	res = p.do(t, "POST", restPath+"/message:stream", v1(), send("fail-late"))
	events := sseEvents(t, res.body)
	if len(events) != 2 {
		t.Fatalf("got %d events, want task + error: %s", len(events), res.body)
	}
	if f := decodeRESTError(t, events[1]); *f.Error.Code != 500 || *f.Error.Status != "INTERNAL" {
		t.Errorf("last event %s, want an INTERNAL error", events[1])
	}

	res = p.do(t, "GET", restPath+"/tasks/nope:subscribe", v1(), "")
	if res.status != http.StatusNotFound {
		t.Errorf("subscribe to an unknown task: got %d, want 404", res.status)
	}
}
