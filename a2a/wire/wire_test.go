package wire

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestStringListReadsBothShapes(t *testing.T) {
	for in, want := range map[string]string{
		`{"schemes":{"oauth":{"list":["a","b"]}}}`: "a,b",
		`{"schemes":{"oauth":["a","b"]}}`:          "a,b",
		`{"schemes":{"oauth":{"list":[]}}}`:        "",
		`{"schemes":{"oauth":[]}}`:                 "",
	} {
		var r SecurityRequirement
		if err := json.Unmarshal([]byte(in), &r); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := strings.Join(r.Schemes["oauth"].List, ","); got != want {
			t.Errorf("%s: scopes %q, want %q", in, got, want)
		}
	}
	var r SecurityRequirement
	if err := json.Unmarshal([]byte(`{"schemes":{"oauth":"a"}}`), &r); err == nil {
		t.Error("a string scope list was accepted")
	}
}

func TestStringListWritesTheSpecShape(t *testing.T) {
	b, err := json.Marshal(Require("bearer"))
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"schemes":{"bearer":{"list":[]}}}` {
		t.Errorf("got %s", b)
	}
}

func TestFlattenSecurityScopes(t *testing.T) {
	in := `{"name":"x","securityRequirements":[{"schemes":{"b":{"list":["s"]}}}],` +
		`"skills":[{"id":"k","securityRequirements":[{"schemes":{"b":{"list":[]}}},{"schemes":{}}]}],` +
		`"capabilities":{"extensions":[{"uri":"u","params":{"list":["untouched"]}}]}}`
	out, err := FlattenSecurityScopes([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"schemes":{"b":["s"]}`, `"schemes":{"b":[]}`, `"schemes":{}`, `"params":{"list":["untouched"]}`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("flattened card lacks %s:\n%s", want, out)
		}
	}
	if _, err := FlattenSecurityScopes([]byte(`{"name":`)); err == nil {
		t.Error("bad JSON was accepted")
	}
}

func TestTaskStates(t *testing.T) {
	for in, want := range map[string]TaskState{"TASK_STATE_WORKING": TaskStateWorking, "2": TaskStateWorking, "8": TaskStateAuthRequired} {
		if got, ok := ParseTaskState(in); !ok || got != want {
			t.Errorf("ParseTaskState(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := ParseTaskState("working"); ok {
		t.Error("the 0.3 spelling was accepted")
	}
	for _, s := range []TaskState{TaskStateCompleted, TaskStateFailed, TaskStateCanceled, TaskStateRejected} {
		if !s.Terminal() || s.Interrupted() {
			t.Errorf("%s is terminal", s)
		}
	}
	for _, s := range []TaskState{TaskStateInputRequired, TaskStateAuthRequired} {
		if s.Terminal() || !s.Interrupted() {
			t.Errorf("%s is interrupted", s)
		}
	}
}

func TestErrorShapes(t *testing.T) {
	rpc := RPCErrorOf(ErrTaskNotFound, "task-9", map[string]string{"taskId": "task-9"})
	b, _ := json.Marshal(rpc)
	want := `{"code":-32001,"message":"Task not found: task-9","data":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"TASK_NOT_FOUND","domain":"a2a-protocol.org","metadata":{"taskId":"task-9"}}]}`
	if string(b) != want {
		t.Errorf("JSON-RPC error\n got %s\nwant %s", b, want)
	}
	rest, _ := json.Marshal(RESTErrorOf(ErrVersionNotSupported, "", nil))
	if !strings.Contains(string(rest), `"code":400,"status":"FAILED_PRECONDITION"`) || !strings.Contains(string(rest), `"reason":"VERSION_NOT_SUPPORTED"`) {
		t.Errorf("REST error %s", rest)
	}
	if d := ErrParse.Details(nil); d != nil {
		t.Error("a JSON-RPC standard error carries an A2A ErrorInfo")
	}
}
