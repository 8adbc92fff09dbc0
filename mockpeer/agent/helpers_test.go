package agent

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// sseEvents splits an SSE body into its data payloads, failing on any
// framing other than `data: <json>` followed by a blank line.
func sseEvents(t testing.TB, body []byte) []json.RawMessage {
	t.Helper()
	var events []json.RawMessage
	text := string(body)
	if !strings.HasSuffix(text, "\n\n") && text != "" {
		t.Fatalf("stream does not end with a blank line: %q", text)
	}
	for _, block := range strings.Split(strings.TrimSuffix(text, "\n\n"), "\n\n") {
		if block == "" {
			continue
		}
		data, ok := strings.CutPrefix(block, "data: ")
		if !ok || strings.Contains(data, "\n") {
			t.Fatalf("event is not a single data line: %q", block)
		}
		if !json.Valid([]byte(data)) {
			t.Fatalf("event data is not JSON: %q", data)
		}
		events = append(events, json.RawMessage(data))
	}
	return events
}

// rpcReply is a JSON-RPC response decoded with its raw id and result.
type rpcReply struct {
	JSONRPC *string         `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    []struct {
			Type   string `json:"@type"`
			Reason string `json:"reason"`
			Domain string `json:"domain"`
		} `json:"data"`
	} `json:"error"`
}

func decodeRPC(t testing.TB, body []byte) rpcReply {
	t.Helper()
	var r rpcReply
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("response is not JSON: %v: %s", err, body)
	}
	if r.JSONRPC == nil || *r.JSONRPC != "2.0" {
		t.Fatalf(`response lacks "jsonrpc":"2.0": %s`, body)
	}
	if (r.Result == nil) == (r.Error == nil) {
		t.Fatalf("response must carry exactly one of result and error: %s", body)
	}
	return r
}

// restFailure is the google.rpc.Status body of an HTTP+JSON error.
type restFailure struct {
	Error *struct {
		Code    *int    `json:"code"`
		Status  *string `json:"status"`
		Message *string `json:"message"`
		Details []struct {
			Type   string `json:"@type"`
			Reason string `json:"reason"`
		} `json:"details"`
	} `json:"error"`
}

func decodeRESTError(t testing.TB, body []byte) (f restFailure) {
	t.Helper()
	mustJSON(t, body, &f)
	if f.Error == nil || f.Error.Code == nil || f.Error.Status == nil || f.Error.Message == nil {
		t.Fatalf(`error body is not {"error":{"code","status","message"}}: %s`, body)
	}
	return f
}

// mustJSON decodes data into v or fails the test.
func mustJSON(t testing.TB, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
}

// want fails the test unless the reply is status with content type ct.
func (r reply) want(t testing.TB, status int, ct string) {
	t.Helper()
	if r.status != status || r.header.Get("Content-Type") != ct {
		t.Fatalf("got %d %q, want %d %s: %s", r.status, r.header.Get("Content-Type"), status, ct, r.body)
	}
}

// wantMembers fails the test unless the i-th StreamResponse has want[i] as
// its only member.
func wantMembers(t testing.TB, responses []json.RawMessage, want []string) {
	t.Helper()
	if len(responses) != len(want) {
		t.Fatalf("got %d events, want %d: %s", len(responses), len(want), responses)
	}
	for i, raw := range responses {
		var member map[string]any
		mustJSON(t, raw, &member)
		if _, ok := member[want[i]]; !ok || len(member) != 1 {
			t.Errorf("event %d = %s, want a StreamResponse with only %q", i, raw, want[i])
		}
	}
}
