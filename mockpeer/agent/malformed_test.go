package agent

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// malformedCase is a request the peer must refuse with the spec's error.
type malformedCase struct {
	name    string
	rest    bool              // HTTP+JSON; JSON-RPC otherwise
	method  string            // HTTP method, POST when empty
	path    string            // below the binding's base
	headers map[string]string // v1() when nil; "" values delete a header
	body    string

	wantStatus int    // HTTP status
	wantCode   int    // JSON-RPC error.code, or the A2A code in Call.ErrorCode
	wantGRPC   string // REST error.status
	wantReason string // ErrorInfo reason, "" when the error has none
	wantID     string // JSON-RPC id echoed, "null" when it must be null
	handled    bool   // the Handler answered: Call.Malformed stays empty
}

func withHeaders(changes map[string]string) map[string]string {
	h := v1()
	for k, v := range changes {
		h[k] = v
	}
	return h
}

func bigBody() string {
	text := strings.Repeat("a", DefaultMaxBodyBytes)
	return `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"` + text + `"}]}}}`
}

var malformedCases = []malformedCase{
	// JSON-RPC envelope.
	{name: "rpc invalid JSON", body: `{"jsonrpc":"2.0","id":1,`, wantStatus: 200, wantCode: -32700, wantID: "null"},
	{name: "rpc empty body", body: ``, wantStatus: 200, wantCode: -32700, wantID: "null"},
	{name: "rpc batch", body: `[` + rpcBody("1", "GetTask", `{"id":"task-1"}`) + `]`, wantStatus: 200, wantCode: -32600, wantID: "null"},
	{name: "rpc empty batch", body: `[]`, wantStatus: 200, wantCode: -32600, wantID: "null"},
	{name: "rpc scalar body", body: `"GetTask"`, wantStatus: 200, wantCode: -32600, wantID: "null"},
	{name: "rpc wrong jsonrpc", body: `{"jsonrpc":"1.0","id":1,"method":"GetTask","params":{"id":"task-1"}}`, wantStatus: 200, wantCode: -32600, wantID: "1"},
	{name: "rpc missing jsonrpc", body: `{"id":"a","method":"GetTask","params":{"id":"task-1"}}`, wantStatus: 200, wantCode: -32600, wantID: `"a"`},
	{name: "rpc missing method", body: `{"jsonrpc":"2.0","id":1,"params":{}}`, wantStatus: 200, wantCode: -32600, wantID: "1"},
	{name: "rpc method not a string", body: `{"jsonrpc":"2.0","id":1,"method":7}`, wantStatus: 200, wantCode: -32600, wantID: "1"},
	{name: "rpc object id", body: `{"jsonrpc":"2.0","id":{"n":1},"method":"GetTask","params":{"id":"task-1"}}`, wantStatus: 200, wantCode: -32600, wantID: "null"},
	{name: "rpc boolean id", body: `{"jsonrpc":"2.0","id":true,"method":"GetTask","params":{"id":"task-1"}}`, wantStatus: 200, wantCode: -32600, wantID: "null"},
	{name: "rpc unknown method", body: rpcBody("1", "Frobnicate", `{}`), wantStatus: 200, wantCode: -32601, wantID: "1"},
	{name: "rpc 0.3 method name", body: rpcBody(`"x"`, "message/send", sendParams), wantStatus: 200, wantCode: -32601, wantID: `"x"`},
	{name: "rpc HTTP GET", method: "GET", wantStatus: 405, wantCode: -32600, wantID: "null"},
	{name: "rpc text/plain body", headers: withHeaders(map[string]string{"Content-Type": "text/plain"}), body: rpcBody("1", "GetTask", `{"id":"task-1"}`), wantStatus: 200, wantCode: -32600, wantID: "1"},
	{name: "rpc body over 1 MiB", body: bigBody(), wantStatus: 200, wantCode: -32600, wantID: "null"},
	// JSON-RPC: well-formed means well-formed (GEN-002).
	{name: "rpc invalid UTF-8", body: rpcBody("1", "GetTask", "{\"id\":\"task-\xff\"}"), wantStatus: 200, wantCode: -32700, wantID: "null"},
	{name: "rpc invalid UTF-8 in a member name", body: rpcBody("1", "GetTask", "{\"id\":\"task-1\",\"\xc3\":1}"), wantStatus: 200, wantCode: -32700, wantID: "null"},
	{name: "rpc duplicate method", body: `{"jsonrpc":"2.0","id":1,"method":"SendMessage","method":"GetTask","params":{"id":"task-1"}}`, wantStatus: 200, wantCode: -32600, wantID: "1"},
	{name: "rpc duplicate id", body: `{"jsonrpc":"2.0","id":1,"id":2,"method":"GetTask","params":{"id":"task-1"}}`, wantStatus: 200, wantCode: -32600, wantID: "null"},
	{name: "rpc duplicate in params", body: rpcBody(`"d"`, "GetTask", `{"id":"task-1","historyLength":1,"historyLength":2}`), wantStatus: 200, wantCode: -32600, wantID: `"d"`},
	{name: "rpc duplicate escaped", body: rpcBody("1", "GetTask", `{"id":"task-1","\u0069d":"task-2"}`), wantStatus: 200, wantCode: -32600, wantID: "1"},
	{name: "rpc duplicate deep", body: rpcBody("1", "SendMessage", `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"a"},{"text":"b","metadata":{"k":[{"x":1,"x":2}]}}]}}`), wantStatus: 200, wantCode: -32600, wantID: "1"},
	// JSON-RPC params.
	{name: "rpc id as number", body: rpcBody("1", "GetTask", `{"id":42}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc historyLength as string", body: rpcBody("1", "GetTask", `{"id":"task-1","historyLength":"ten"}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc params array", body: rpcBody("1", "GetTask", `["task-1"]`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc get without id", body: rpcBody("1", "GetTask", `{}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc cancel without params", body: rpcBody("1", "CancelTask", ``), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc subscribe with empty id", body: rpcBody("1", "SubscribeToTask", `{"id":""}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc missing message", body: rpcBody("1", "SendMessage", `{}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc empty parts", body: rpcBody("1", "SendMessage", `{"message":{"messageId":"m","role":"ROLE_USER","parts":[]}}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc 0.3 role", body: rpcBody("1", "SendMessage", `{"message":{"messageId":"m","role":"user","parts":[{"text":"hi"}]}}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc empty messageId", body: rpcBody("1", "SendMessage", `{"message":{"messageId":"","role":"ROLE_USER","parts":[{"text":"hi"}]}}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc part with two contents", body: rpcBody("1", "SendMessage", `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"hi","url":"https://x"}]}}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc 0.3 part kind", body: rpcBody("1", "SendMessage", `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"kind":"text"}]}}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	{name: "rpc list with 0.3 state", body: rpcBody("1", "ListTasks", `{"status":"working"}`), wantStatus: 200, wantCode: -32602, wantID: "1"},
	// JSON-RPC version and handler errors.
	{name: "rpc missing A2A-Version", headers: map[string]string{"Content-Type": "application/json"}, body: rpcBody("1", "GetTask", `{"id":"task-1"}`), wantStatus: 200, wantCode: -32009, wantReason: "VERSION_NOT_SUPPORTED", wantID: "1"},
	{name: "rpc empty A2A-Version", headers: withHeaders(map[string]string{"A2A-Version": ""}), body: rpcBody(`"v"`, "GetTask", `{"id":"task-1"}`), wantStatus: 200, wantCode: -32009, wantReason: "VERSION_NOT_SUPPORTED", wantID: `"v"`},
	{name: "rpc A2A-Version 0.3", headers: withHeaders(map[string]string{"A2A-Version": "0.3"}), body: rpcBody("1", "message/send", `{}`), wantStatus: 200, wantCode: -32009, wantReason: "VERSION_NOT_SUPPORTED", wantID: "1"},
	{name: "rpc A2A-Version 2.0", headers: withHeaders(map[string]string{"A2A-Version": "2.0"}), body: rpcBody("1", "GetTask", `{"id":"task-1"}`), wantStatus: 200, wantCode: -32009, wantReason: "VERSION_NOT_SUPPORTED", wantID: "1"},
	{name: "rpc unknown task", body: rpcBody("12", "GetTask", `{"id":"nope"}`), wantStatus: 200, wantCode: -32001, wantReason: "TASK_NOT_FOUND", wantID: "12", handled: true},
	{name: "rpc push config", body: rpcBody("1", "CreateTaskPushNotificationConfig", `{}`), wantStatus: 200, wantCode: -32003, wantReason: "PUSH_NOTIFICATION_NOT_SUPPORTED", wantID: "1", handled: true},

	// HTTP+JSON.
	{name: "rest invalid JSON", rest: true, path: "/message:send", body: `{"message":`, wantStatus: 400, wantCode: -32700, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest empty send body", rest: true, path: "/message:send", body: ``, wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest message not an object", rest: true, path: "/message:send", body: `{"message":"hi"}`, wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest empty parts", rest: true, path: "/message:stream", body: `{"message":{"messageId":"m","role":"ROLE_USER","parts":[]}}`, wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest bad role", rest: true, path: "/message:send", body: `{"message":{"messageId":"m","role":"ROLE_ROBOT","parts":[{"text":"hi"}]}}`, wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest text/plain body", rest: true, path: "/message:send", headers: withHeaders(map[string]string{"Content-Type": "text/plain"}), body: sendParams, wantStatus: 400, wantCode: -32600, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest invalid UTF-8", rest: true, path: "/message:send", body: "{\"message\":{\"messageId\":\"m\xfe\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hi\"}]}}", wantStatus: 400, wantCode: -32700, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest duplicate member", rest: true, path: "/message:send", body: `{"message":{"messageId":"m","role":"ROLE_USER","role":"ROLE_AGENT","parts":[{"text":"hi"}]}}`, wantStatus: 400, wantCode: -32600, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest invalid UTF-8 task id", rest: true, method: "GET", path: "/tasks/task-%FF", wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest invalid UTF-8 query", rest: true, method: "GET", path: "/tasks?contextId=%C3", wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest body over 1 MiB", rest: true, path: "/message:send", body: bigBody(), wantStatus: 413, wantCode: -32600, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest missing A2A-Version", rest: true, method: "GET", path: "/tasks/task-1", headers: map[string]string{}, wantStatus: 400, wantCode: -32009, wantGRPC: "FAILED_PRECONDITION", wantReason: "VERSION_NOT_SUPPORTED"},
	{name: "rest A2A-Version 0.3 in the query", rest: true, path: "/message:send?A2A-Version=0.3", headers: map[string]string{}, body: sendParams, wantStatus: 400, wantCode: -32009, wantGRPC: "FAILED_PRECONDITION", wantReason: "VERSION_NOT_SUPPORTED"},
	{name: "rest A2A-Version 2.0", rest: true, method: "GET", path: "/tasks", headers: withHeaders(map[string]string{"A2A-Version": "2.0"}), wantStatus: 400, wantCode: -32009, wantGRPC: "FAILED_PRECONDITION", wantReason: "VERSION_NOT_SUPPORTED"},
	{name: "rest unknown task", rest: true, method: "GET", path: "/tasks/nope", wantStatus: 404, wantCode: -32001, wantGRPC: "NOT_FOUND", wantReason: "TASK_NOT_FOUND", handled: true},
	{name: "rest cancel unknown task", rest: true, path: "/tasks/nope:cancel", wantStatus: 404, wantCode: -32001, wantGRPC: "NOT_FOUND", wantReason: "TASK_NOT_FOUND", handled: true},
	{name: "rest bad status enum", rest: true, method: "GET", path: "/tasks?status=TASK_STATE_DONE", wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest bad historyLength", rest: true, method: "GET", path: "/tasks/task-1?historyLength=lots", wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest negative historyLength", rest: true, method: "GET", path: "/tasks?historyLength=-1", wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest bad includeArtifacts", rest: true, method: "GET", path: "/tasks?includeArtifacts=yes", wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest pageSize too large", rest: true, method: "GET", path: "/tasks?pageSize=1000", wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest bad timestamp", rest: true, method: "GET", path: "/tasks?statusTimestampAfter=yesterday", wantStatus: 400, wantCode: -32602, wantGRPC: "INVALID_ARGUMENT"},
	{name: "rest unknown path", rest: true, method: "GET", path: "/nope", wantStatus: 404, wantCode: -32601, wantGRPC: "NOT_FOUND"},
	{name: "rest 0.3 card path", rest: true, method: "GET", path: "/v1/card", wantStatus: 404, wantCode: -32601, wantGRPC: "NOT_FOUND"},
	{name: "rest DELETE on send", rest: true, method: "DELETE", path: "/message:send", wantStatus: 405, wantCode: -32601, wantGRPC: "UNIMPLEMENTED"},
	{name: "rest GET on send", rest: true, method: "GET", path: "/message:send", wantStatus: 405, wantCode: -32601, wantGRPC: "UNIMPLEMENTED"},
	{name: "rest GET on cancel", rest: true, method: "GET", path: "/tasks/task-1:cancel", wantStatus: 405, wantCode: -32601, wantGRPC: "UNIMPLEMENTED"},
	{name: "rest push config", rest: true, method: "GET", path: "/tasks/task-1/pushNotificationConfigs", wantStatus: 400, wantCode: -32003, wantGRPC: "FAILED_PRECONDITION", wantReason: "PUSH_NOTIFICATION_NOT_SUPPORTED", handled: true},
}

func TestMalformedRequests(t *testing.T) {
	p := newPeer(t)
	for _, tc := range malformedCases {
		t.Run(tc.name, func(t *testing.T) {
			method, path, headers := tc.method, rpcPath+tc.path, tc.headers
			if method == "" {
				method = http.MethodPost
			}
			if tc.rest {
				path = restPath + tc.path
			}
			if headers == nil {
				headers = v1()
			}
			res := p.do(t, method, path, headers, tc.body)
			if res.status != tc.wantStatus {
				t.Fatalf("status %d, want %d: %s", res.status, tc.wantStatus, res.body)
			}
			if ct := res.header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json", ct)
			}
			var reason string
			if tc.rest {
				f := decodeRESTError(t, res.body)
				if *f.Error.Code != tc.wantStatus || *f.Error.Status != tc.wantGRPC {
					t.Errorf("error %d %s, want %d %s", *f.Error.Code, *f.Error.Status, tc.wantStatus, tc.wantGRPC)
				}
				if len(f.Error.Details) > 0 {
					reason = f.Error.Details[0].Reason
				}
			} else {
				r := decodeRPC(t, res.body)
				if r.Error == nil || r.Error.Code != tc.wantCode {
					t.Fatalf("got %s, want error %d", res.body, tc.wantCode)
				}
				if string(r.ID) != tc.wantID {
					t.Errorf("id %s, want %s", r.ID, tc.wantID)
				}
				if len(r.Error.Data) > 0 {
					reason = r.Error.Data[0].Reason
				}
			}
			if reason != tc.wantReason {
				t.Errorf("ErrorInfo reason %q, want %q: %s", reason, tc.wantReason, res.body)
			}
			call := p.lastCall()
			if call.ErrorCode != tc.wantCode {
				t.Errorf("call.ErrorCode %d, want %d", call.ErrorCode, tc.wantCode)
			}
			if (call.Malformed == "") != tc.handled {
				t.Errorf("call.Malformed = %q, handled by the Handler: %v", call.Malformed, tc.handled)
			}
		})
	}

	// After all of that the peer still serves a good request on both bindings.
	if r := decodeRPC(t, p.rpc(t, rpcBody("1", "GetTask", `{"id":"task-1"}`)).body); r.Error != nil {
		t.Errorf("JSON-RPC after the table: %+v", r.Error)
	}
	if res := p.do(t, "GET", restPath+"/tasks/task-1", v1(), ""); res.status != http.StatusOK {
		t.Errorf("REST after the table: %d %s", res.status, res.body)
	}
}

// TestNotifications: a JSON-RPC request without an id is a notification.
// JSON-RPC 2.0 answers it with nothing; A2A has none, so it is refused on
// the Call (GEN-002 fails it) and never reaches the Handler.
func TestNotifications(t *testing.T) {
	p := newPeer(t)
	for _, body := range []string{
		`{"jsonrpc":"2.0","method":"SendMessage","params":` + sendParams + `}`,
		`{"jsonrpc":"2.0","method":"SendStreamingMessage","params":` + sendParams + `}`,
		`{"jsonrpc":"2.0","method":"CancelTask","params":{"id":"task-1"}}`,
		`{"jsonrpc":"2.0","method":"Frobnicate"}`,
	} {
		res := p.do(t, http.MethodPost, rpcPath, v1(), body)
		if res.status != http.StatusNoContent || len(res.body) != 0 {
			t.Errorf("notification %s answered %d %q, want 204 and no body", body, res.status, res.body)
		}
		call := p.lastCall()
		if call.Malformed == "" || call.ErrorCode != wire.ErrInvalidRequest.RPCCode {
			t.Errorf("notification recorded as malformed %q, code %d", call.Malformed, call.ErrorCode)
		}
	}
	if req := p.handler.lastRequest(); req != nil {
		t.Errorf("a notification reached the Handler: %+v", req)
	}
	if len(p.handler.admits) != 0 {
		t.Errorf("a notification was admitted: %+v", p.handler.admits)
	}
	// An explicit null id is a request, not a notification: it is answered.
	if r := decodeRPC(t, p.rpc(t, rpcBody("null", "GetTask", `{"id":"task-1"}`)).body); r.Error != nil || string(r.ID) != "null" {
		t.Errorf("id null: %+v", r)
	}
}
