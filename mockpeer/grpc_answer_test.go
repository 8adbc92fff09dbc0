package mockpeer

import (
	"bytes"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
)

// A gRPC poll answers the task as it is now, from the message made once
// per version of it: every poll that moves the task is answered with the
// new state, a poll of an unchanged task with the same message, and every
// poll is journaled whole, its transcripts the ProtoJSON of what went over
// the wire.
func TestGRPCPollAnswersTheTaskAsItIs(t *testing.T) {
	f, p, recorded := grpcPeer(t, nil)
	client := grpcClient(t, httpsClient(t, f, false), p)
	sent, err := client.SendMessage(grpcContext(t), sendRequest("hello"))
	if err != nil {
		t.Fatal(err)
	}
	journaled(t, recorded)
	id := sent.GetTask().GetId()
	var last *grpcpb.Task
	states := map[grpcpb.TaskState]int{}
	for poll := range 8 { // four steps, then polls of the settled task
		got, err := client.GetTask(grpcContext(t), &grpcpb.GetTaskRequest{Id: id})
		if err != nil {
			t.Fatalf("poll %d: %v", poll, err)
		}
		states[got.GetStatus().GetState()]++
		e := journaled(t, recorded)
		if string(e.StateAfter) == "" || e.TaskID != id {
			t.Errorf("poll %d journaled task %q state %q", poll, e.TaskID, e.StateAfter)
		}
		if want := string(fromProto(t, got)); e.Response != want {
			t.Errorf("poll %d journaled response\n%s\nwant what was answered\n%s", poll, e.Response, want)
		}
		if want := string(fromProto(t, &grpcpb.GetTaskRequest{Id: id})); e.Body != want {
			t.Errorf("poll %d journaled request %s, want %s", poll, e.Body, want)
		}
		var journaledTask grpcpb.Task
		if err := protojson.Unmarshal([]byte(e.Response), &journaledTask); err != nil || !proto.Equal(&journaledTask, got) {
			t.Errorf("poll %d: the journal's task (%v) is not the answered one", poll, err)
		}
		last = got
	}
	if last.GetStatus().GetState() != grpcpb.TaskState_TASK_STATE_COMPLETED || len(states) < 2 {
		t.Errorf("polls saw states %v, ending %v; want the task moving to completed", states, last.GetStatus().GetState())
	}
	// The settled task's answer is the task the JSON bindings answer.
	raw, code := grpcCall(t, httpsClient(t, f, false), p, "GetTask", map[string]any{"id": id})
	if code != 0 || !bytes.Equal(raw, fromProto(t, last)) {
		t.Errorf("a later poll answered %s (code %d), want %s", raw, code, fromProto(t, last))
	}
}
