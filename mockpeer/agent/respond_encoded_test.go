package agent

import (
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// An answer whose result the Handler encoded (Call.ResultJSON) is the
// bytes writeRPC would have encoded, whatever id the request spelled.
func TestWriteRPCEncodedIsTheEncoding(t *testing.T) {
	result, encoded := escapedTask(t)
	for _, id := range []string{"", `1`, `-12.5e+3`, `"x"`, `"\u0069d \"q\" \u2028 <&>"`, "\"\u2028\"", `0`} {
		var raw json.RawMessage
		if id != "" {
			raw = json.RawMessage(id)
		}
		want, got := httptest.NewRecorder(), httptest.NewRecorder()
		writeRPC(want, &Call{}, 200, wire.RPCResponse{JSONRPC: "2.0", ID: raw, Result: result})
		writeRPC(got, &Call{ResultJSON: encoded}, 200, wire.RPCResponse{JSONRPC: "2.0", ID: raw, Result: result})
		if want.Body.String() != got.Body.String() || want.Header().Get("Content-Type") != got.Header().Get("Content-Type") {
			t.Errorf("id %s: encoded answer\n%s\nwant\n%s", id, got.Body, want.Body)
		}
	}
}

// escapedTask is a completed task whose texts JSON encoders escape each
// their own way (U+2028, <, >, &, quotes, non-ASCII), and what Marshal
// makes of it.
func escapedTask(t *testing.T) (*wire.Task, []byte) {
	t.Helper()
	result := &wire.Task{ID: "task-1", ContextID: "ctx-<1>&", Status: wire.TaskStatus{State: wire.TaskStateCompleted},
		History:  []wire.Message{{MessageID: "m-1", Role: wire.RoleUser, Parts: []wire.Part{wire.TextPart("a\u2028b <c> \"q\"")}}},
		Metadata: map[string]any{"text": "a\u2028b <c> é", "n": 1.5}}
	encoded, err := Marshal(result)
	if err != nil {
		t.Fatal(err)
	}
	return result, encoded
}
