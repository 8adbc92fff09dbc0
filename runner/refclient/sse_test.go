package refclient

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// sseOf is a stream reading text, each event's data returned as is.
func sseOf(text string) *eventStream {
	body := io.NopCloser(strings.NewReader(text))
	return &eventStream{op: "test", body: body, cancel: func() {}, lines: bufio.NewScanner(body)}
}

func TestSSEFraming(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"one event", "data: {\"a\":1}\n\n", []string{`{"a":1}`}},
		{"no space after the colon", "data:{}\n\n", []string{`{}`}},
		{"data lines joined", "data: {\"a\":\ndata: 1}\n\n", []string{"{\"a\":\n1}"}},
		{"CRLF", "data: x\r\n\r\ndata: y\r\n\r\n", []string{"x", "y"}},
		{"comments and other fields ignored", ": keep-alive\nevent: update\nid: 7\nretry: 10\ndata: x\n\n", []string{"x"}},
		{"blank lines between events", "\n\ndata: x\n\n\n\ndata: y\n\n", []string{"x", "y"}},
		{"an event cut by the end is dropped", "data: x\n\ndata: y\n", []string{"x"}},
		{"an event without data is none", "event: ping\n\ndata: x\n\n", []string{"x"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			es := sseOf(tc.text)
			var got []string
			for {
				data, err := es.readEvent()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, string(data))
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("events %q, want %q", got, tc.want)
			}
		})
	}
}

// Errors inside a stream, after its start: a JSON-RPC error response, or
// an HTTP+JSON google.rpc.Status, are the peer's errors; events that are
// not one StreamResponse are malformed.
func TestStreamEventErrors(t *testing.T) {
	rpc := func(status int, data []byte, out any) error {
		return decodeRPC("SendStreamingMessage", 1, status, data, out)
	}
	rest := func(status int, data []byte, out any) error {
		return decodeREST("SendStreamingMessage", status, data, out)
	}
	cases := []struct {
		name  string
		frame frameFunc
		data  string
		want  error
	}{
		{"JSON-RPC error event", rpc, `{"jsonrpc":"2.0","id":1,"error":{"code":-32004,"message":"no"}}`, ErrPeer},
		{"JSON-RPC event of another id", rpc, `{"jsonrpc":"2.0","id":2,"result":{"task":{"id":"t"}}}`, ErrPeer},
		{"HTTP+JSON error event", rest, `{"error":{"code":400,"status":"FAILED_PRECONDITION","message":"no"}}`, ErrPeer},
		{"HTTP+JSON event", rest, `{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}}`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := decodeEvent(tc.frame, 200, []byte(tc.data))
			if !errors.Is(err, tc.want) || (err == nil && ev.StatusUpdate == nil) {
				t.Errorf("decodeEvent: %v, %v; want %v", ev, err, tc.want)
			}
			var pe *PeerError
			if errors.As(err, &pe) && pe.Code == 0 && pe.Status == "" && strings.Contains(tc.name, "error event") {
				t.Errorf("peer error %v lost the error's code", pe)
			}
		})
	}
	s := &Session{}
	task := &wire.Task{ID: "t", Status: wire.TaskStatus{State: wire.TaskStateWorking}}
	for name, ev := range map[string]*wire.StreamResponse{
		"no member":               {},
		"two members":             {Task: task, StatusUpdate: &wire.TaskStatusUpdateEvent{TaskID: "t"}},
		"another task":            {StatusUpdate: &wire.TaskStatusUpdateEvent{TaskID: "u"}},
		"update without id":       {ArtifactUpdate: &wire.TaskArtifactUpdateEvent{}},
		"another task's snapshot": {Task: &wire.Task{ID: "u"}},
	} {
		if _, err := s.applyEvent("test", task, ev); !errors.Is(err, ErrPeer) {
			t.Errorf("%s: %v, want a malformed answer", name, err)
		}
	}
}

func TestArtifactUpdates(t *testing.T) {
	part := func(s string) []wire.Part { return []wire.Part{wire.TextPart(s)} }
	s := &Session{}
	task := &wire.Task{ID: "t", Status: wire.TaskStatus{State: wire.TaskStateWorking}}
	for _, u := range []wire.TaskArtifactUpdateEvent{
		{TaskID: "t", Artifact: wire.Artifact{ArtifactID: "a", Parts: part("one ")}},
		{TaskID: "t", Artifact: wire.Artifact{ArtifactID: "a", Parts: part("two")}, Append: true},
		{TaskID: "t", Artifact: wire.Artifact{ArtifactID: "b", Parts: part("old")}},
		{TaskID: "t", Artifact: wire.Artifact{ArtifactID: "b", Parts: part("new")}},
	} {
		next, err := s.applyEvent("test", task, &wire.StreamResponse{ArtifactUpdate: &u})
		if err != nil {
			t.Fatal(err)
		}
		task = next
	}
	if len(task.Artifacts) != 2 || texts(task.Artifacts[0].Parts) != "one two" || texts(task.Artifacts[1].Parts) != "new" {
		t.Errorf("artifacts %+v, want a = one two, b = new", task.Artifacts)
	}
}
