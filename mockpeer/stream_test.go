package mockpeer

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

func TestStreamEvents(t *testing.T) {
	onEachBinding(t, TaskScript{Steps: []TaskStep{
		{State: wire.TaskStateSubmitted},
		{State: wire.TaskStateWorking, Progress: 50},
		{State: wire.TaskStateCompleted},
	}}, func(t *testing.T, b binding, f *Farm, p *Peer, c *http.Client) {
		events := b.stream(t, c, p, wire.MethodSendStreamingMessage, sendParams("go", false))
		kinds := make([]string, len(events))
		for i, ev := range events {
			switch {
			case ev.Task != nil:
				kinds[i] = "task:" + string(ev.Task.Status.State)
			case ev.StatusUpdate != nil:
				kinds[i] = "status:" + string(ev.StatusUpdate.Status.State)
			case ev.ArtifactUpdate != nil:
				kinds[i] = "artifact:" + ev.ArtifactUpdate.Artifact.ArtifactID
			}
		}
		want := []string{"task:TASK_STATE_SUBMITTED", "status:TASK_STATE_WORKING", "artifact:artifact-1", "status:TASK_STATE_COMPLETED"}
		if strings.Join(kinds, " ") != strings.Join(want, " ") {
			t.Errorf("events %v, want %v", kinds, want)
		}
		ex := lastExchange(t, f, journal.RouteA2A)
		if ex.Op != wire.MethodSendStreamingMessage || ex.StateAfter != wire.TaskStateCompleted || !strings.Contains(ex.Response, "artifact-1") {
			t.Errorf("journaled stream: op %s after %s response %q", ex.Op, ex.StateAfter, ex.Response)
		}
	})
}

func TestStreamStopsAtInterruptedState(t *testing.T) {
	f, p := scriptedPeer(t, TaskScript{Steps: []TaskStep{
		{State: wire.TaskStateWorking},
		{State: wire.TaskStateAuthRequired},
		{State: wire.TaskStateCompleted},
	}})
	c := httpsClient(t, f, false)
	events := jsonrpcStream(t, c, p, wire.MethodSendStreamingMessage, sendParams("go", false))
	last := events[len(events)-1]
	if len(events) != 2 || last.StatusUpdate == nil || last.StatusUpdate.Status.State != wire.TaskStateAuthRequired {
		t.Fatalf("stream events %+v, want the task then AUTH_REQUIRED", events)
	}
	// Subscribing picks the task up where it is and carries it on.
	events = jsonrpcStream(t, c, p, wire.MethodSubscribeToTask, map[string]any{"id": "task-1"})
	if len(events) != 1 || events[0].Task == nil {
		t.Fatalf("subscribe to an interrupted task: %+v, want just the task", events)
	}
	if _, code := jsonrpcCall(t, c, p, wire.MethodGetTask, map[string]any{"id": "task-1"}); code != 0 {
		t.Fatal(code)
	}
	if _, code := jsonrpcCall(t, c, p, wire.MethodSubscribeToTask, map[string]any{"id": "task-1"}); code != wire.ErrUnsupportedOperation.RPCCode {
		t.Errorf("subscribe to a terminal task: code %d, want UnsupportedOperation", code)
	}
}

func TestSubscribeFollowsTask(t *testing.T) {
	onEachBinding(t, TaskScript{Steps: []TaskStep{
		{State: wire.TaskStateSubmitted}, {State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted},
	}}, func(t *testing.T, b binding, f *Farm, p *Peer, c *http.Client) {
		task := sendTask(t, must(b.call(t, c, p, wire.MethodSendMessage, sendParams("x", true))))
		events := b.stream(t, c, p, wire.MethodSubscribeToTask, map[string]any{"id": task.ID})
		if len(events) != 4 || events[0].Task == nil || events[3].StatusUpdate.Status.State != wire.TaskStateCompleted {
			t.Errorf("subscribe events %+v", events)
		}
	})
}

func TestStreamingNotDeclared(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	for _, b := range bindings {
		if _, code := b.call(t, httpsClient(t, f, false), p, wire.MethodSendStreamingMessage, sendParams("x", false)); code != wire.ErrUnsupportedOperation.RPCCode {
			t.Errorf("%s: streaming without the capability: code %d, want UnsupportedOperation", b.name, code)
		}
	}
	if f.Journal().Len() == 0 || lastExchange(t, f, journal.RouteA2A).TaskID != "" {
		t.Error("a refused stream created a task")
	}
}
