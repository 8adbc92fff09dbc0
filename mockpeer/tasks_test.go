package mockpeer

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// steppingClock advances one second per reading, so every status has its
// own timestamp.
func steppingClock() func() time.Time {
	base := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
	var n atomic.Int64
	return func() time.Time { return base.Add(time.Duration(n.Add(1)) * time.Second) }
}

// scriptedPeer starts a streaming-capable peer "A" with script.
func scriptedPeer(t *testing.T, script TaskScript, opts ...cardOpt) (*Farm, *Peer) {
	t.Helper()
	opts = append([]cardOpt{withStreaming()}, opts...)
	f := startFarm(t, FarmSpec{Now: steppingClock(), Peers: []PeerSpec{{
		Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A", opts...)}, Task: script,
	}}})
	return f, f.Peer("A")
}

var timestampRE = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

func TestTaskPollAdvance(t *testing.T) {
	onEachBinding(t, TaskScript{Steps: []TaskStep{
		{State: wire.TaskStateSubmitted},
		{State: wire.TaskStateWorking, Progress: 50},
		{State: wire.TaskStateCompleted, Progress: 100},
	}, Artifact: "the summary"}, func(t *testing.T, b binding, f *Farm, p *Peer, c *http.Client) {
		res, code := b.call(t, c, p, wire.MethodSendMessage, sendParams("hello", true))
		if code != 0 {
			t.Fatalf("send: error %d", code)
		}
		task := sendTask(t, res)
		if task.ID != "task-1" || task.ContextID != "ctx-1" || task.Status.State != wire.TaskStateSubmitted {
			t.Fatalf("created %+v", task)
		}
		if len(task.History) != 1 || task.History[0].Role != wire.RoleUser || *task.History[0].Parts[0].Text != "hello" {
			t.Errorf("history %+v, want the user message", task.History)
		}
		wantStates := []wire.TaskState{wire.TaskStateWorking, wire.TaskStateCompleted, wire.TaskStateCompleted}
		for i, want := range wantStates {
			res, code = b.call(t, c, p, wire.MethodGetTask, map[string]any{"id": task.ID})
			if code != 0 {
				t.Fatalf("poll %d: error %d", i+1, code)
			}
			got := decodeTask(t, res)
			if got.Status.State != want {
				t.Fatalf("poll %d: %s, want %s", i+1, got.Status.State, want)
			}
			// On gRPC the timestamp is a binary Timestamp: its JSON form is the test's.
			if b.name != wire.BindingGRPC && !timestampRE.MatchString(got.Status.Timestamp) {
				t.Errorf("timestamp %q is not RFC 3339 UTC with milliseconds", got.Status.Timestamp)
			}
			if i == 0 && got.Status.Message.Metadata["progress"] != float64(50) {
				t.Errorf("working step metadata %v, want progress 50", got.Status.Message.Metadata)
			}
			if want == wire.TaskStateCompleted {
				if len(got.Artifacts) != 1 || got.Artifacts[0].ArtifactID != "artifact-1" ||
					got.Artifacts[0].Name != "result" || *got.Artifacts[0].Parts[0].Text != "the summary" {
					t.Errorf("artifacts %+v", got.Artifacts)
				}
			}
		}
		ex := f.Journal().Select(func(e journal.Exchange) bool { return e.Op == wire.MethodGetTask })[0]
		if ex.Binding != b.name || ex.TaskID != "task-1" ||
			ex.StateBefore != wire.TaskStateSubmitted || ex.StateAfter != wire.TaskStateWorking {
			t.Errorf("journaled poll: binding %s task %s %s → %s", ex.Binding, ex.TaskID, ex.StateBefore, ex.StateAfter)
		}
	})
}

func TestBlockingSend(t *testing.T) {
	onEachBinding(t, TaskScript{Steps: []TaskStep{
		{State: wire.TaskStateWorking},
		{State: wire.TaskStateWorking, Progress: 30},
		{State: wire.TaskStateInputRequired},
		{State: wire.TaskStateWorking},
		{State: wire.TaskStateCompleted},
	}}, func(t *testing.T, b binding, f *Farm, p *Peer, c *http.Client) {
		res, _ := b.call(t, c, p, wire.MethodSendMessage, sendParams("first", false))
		task := sendTask(t, res)
		if task.Status.State != wire.TaskStateInputRequired {
			t.Fatalf("blocking send stopped at %s, want the interrupted state", task.Status.State)
		}
		if msg := task.Status.Message; msg == nil || msg.Role != wire.RoleAgent || *msg.Parts[0].Text == "" {
			t.Errorf("input-required without an agent message: %+v", msg)
		}
		more := sendParams("more", false)
		more["message"].(map[string]any)["taskId"] = task.ID
		res, code := b.call(t, c, p, wire.MethodSendMessage, more)
		if code != 0 {
			t.Fatalf("continuation: error %d", code)
		}
		task = sendTask(t, res)
		if task.Status.State != wire.TaskStateCompleted || len(task.History) != 2 {
			t.Errorf("continuation: %s with %d history messages", task.Status.State, len(task.History))
		}
		if _, code = b.call(t, c, p, wire.MethodSendMessage, more); code != wire.ErrUnsupportedOperation.RPCCode {
			t.Errorf("send to a terminal task: code %d, want UnsupportedOperation", code)
		}
		more["message"].(map[string]any)["taskId"] = "task-404"
		if _, code = b.call(t, c, p, wire.MethodSendMessage, more); code != wire.ErrTaskNotFound.RPCCode {
			t.Errorf("send to an unknown task: code %d, want TaskNotFound", code)
		}
	})
}

func TestAuthRequiredDefaultMessage(t *testing.T) {
	f, p := scriptedPeer(t, TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateAuthRequired}}})
	task := sendTask(t, must(jsonrpcCall(t, httpsClient(t, f, false), p, wire.MethodSendMessage, sendParams("x", false))))
	msg := task.Status.Message
	if task.Status.State != wire.TaskStateAuthRequired || msg == nil || msg.Role != wire.RoleAgent ||
		!strings.Contains(*msg.Parts[0].Text, "client certificate") {
		t.Fatalf("AUTH_REQUIRED status %+v", task.Status)
	}
}

func TestCancelTask(t *testing.T) {
	script := TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted}}}
	onEachBinding(t, script, func(t *testing.T, b binding, f *Farm, p *Peer, c *http.Client) {
		task := sendTask(t, must(b.call(t, c, p, wire.MethodSendMessage, sendParams("x", true))))
		got := decodeTask(t, must(b.call(t, c, p, wire.MethodCancelTask, map[string]any{"id": task.ID})))
		if got.Status.State != wire.TaskStateCanceled {
			t.Errorf("cancel: %s", got.Status.State)
		}
		if _, code := b.call(t, c, p, wire.MethodCancelTask, map[string]any{"id": task.ID}); code != wire.ErrTaskNotCancelable.RPCCode {
			t.Errorf("second cancel: code %d, want TaskNotCancelable", code)
		}
		if _, code := b.call(t, c, p, wire.MethodCancelTask, map[string]any{"id": "task-99"}); code != wire.ErrTaskNotFound.RPCCode {
			t.Errorf("cancel unknown: code %d, want TaskNotFound", code)
		}
	})
}

func TestListTasks(t *testing.T) {
	f, p := scriptedPeer(t, TaskScript{})
	c := httpsClient(t, f, false)
	for range 5 {
		jsonrpcCall(t, c, p, wire.MethodSendMessage, sendParams("x", false))
	}
	var ids []string
	token := ""
	for page := 0; ; page++ {
		params := map[string]any{"pageSize": 2, "includeArtifacts": page == 0, "historyLength": 0}
		if token != "" {
			params["pageToken"] = token
		}
		var resp wire.ListTasksResponse
		if err := json.Unmarshal(must(jsonrpcCall(t, c, p, wire.MethodListTasks, params)), &resp); err != nil {
			t.Fatal(err)
		}
		if resp.TotalSize != 5 || resp.PageSize != 2 {
			t.Errorf("page %d: total %d size %d", page, resp.TotalSize, resp.PageSize)
		}
		for _, task := range resp.Tasks {
			ids = append(ids, task.ID)
			if (len(task.Artifacts) > 0) != (page == 0) {
				t.Errorf("page %d: artifacts %v with includeArtifacts %v", page, task.Artifacts, page == 0)
			}
			if len(task.History) != 0 {
				t.Errorf("history returned with historyLength 0")
			}
		}
		if token = resp.NextPageToken; token == "" {
			break
		}
	}
	if got := strings.Join(ids, ","); got != "task-5,task-4,task-3,task-2,task-1" {
		t.Errorf("listed %s, want newest status first", got)
	}
	for _, bad := range []map[string]any{{"pageSize": 101}, {"pageToken": "garbage"}} {
		if _, code := jsonrpcCall(t, c, p, wire.MethodListTasks, bad); code != wire.ErrInvalidParams.RPCCode {
			t.Errorf("ListTasks %v: code %d, want InvalidParams", bad, code)
		}
	}
}

func TestGetExtendedAgentCard(t *testing.T) {
	for _, declared := range []bool{false, true} {
		f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A", func(_ Origins, c *wire.AgentCard) {
			c.Capabilities.ExtendedAgentCard = wire.Bool(declared)
		})}})
		for _, b := range bindings {
			res, code := b.call(t, httpsClient(t, f, false), p, wire.MethodGetExtendedAgentCard, map[string]any{})
			switch {
			case !declared && code != wire.ErrUnsupportedOperation.RPCCode:
				t.Errorf("%s undeclared: code %d, want UnsupportedOperation", b.name, code)
			case declared && (code != 0 || !strings.Contains(string(res), `"name":"A"`)):
				t.Errorf("%s declared: code %d %s", b.name, code, res)
			}
		}
	}
}
