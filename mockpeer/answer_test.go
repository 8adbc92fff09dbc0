package mockpeer

import (
	"bytes"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

// A task's answer is encoded once per version and answered again while the
// task holds: every change a snapshot shows makes a new one, and what is
// answered is always the encoding of the task as it is now.
func TestTaskAnswerFollowsEveryChange(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: benchSkill, Cards: []CardFunc{benchCard},
		Task: TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted}}}}}})
	p := f.Peer("A")
	p.mu.Lock()
	defer p.mu.Unlock()
	task := p.createLocked(&wire.Message{MessageID: "m-0", Role: wire.RoleUser, Parts: []wire.Part{wire.TextPart("zero")}})
	fresh := func(h *int32) []byte {
		snap := task.snapshot(h, true)
		b, err := agent.Marshal(&snap)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	check := func(what string, h *int32) *taskAnswer {
		t.Helper()
		a := task.answerLocked(h)
		if want := fresh(h); !bytes.Equal(a.json, want) {
			t.Fatalf("%s: answered %s, want %s", what, a.json, want)
		}
		return a
	}
	one := int32(1)
	task.addUserMessage(&wire.Message{MessageID: "m-1", Role: wire.RoleUser, Parts: []wire.Part{wire.TextPart("first")}})
	p.setStatusLocked(task, wire.TaskStateSubmitted, nil)
	first := check("submitted", nil)
	if again := check("polled again", nil); again != first {
		t.Error("an unchanged task was encoded again")
	}
	check("history cut", &one)
	if check("whole history again", nil) == first {
		t.Error("the cache answered another history length's encoding") // one entry: made again, correctly
	}
	task.addUserMessage(&wire.Message{MessageID: "m-2", Role: wire.RoleUser, Parts: []wire.Part{wire.TextPart("second")}})
	if a := check("a message added", nil); !strings.Contains(string(a.json), "second") {
		t.Errorf("the new message is missing from %s", a.json)
	}
	p.setStatusLocked(task, wire.TaskStateWorking, nil)
	check("status changed", nil)
	p.enterLocked(task, 1)
	if a := check("completed", nil); !strings.Contains(string(a.json), "artifact-1") {
		t.Errorf("the artifact is missing from %s", a.json)
	}
}

// SendMessage's answer made from the task's JSON is its encoding.
func TestSendAnswerJSONIsTheEncoding(t *testing.T) {
	task := &wire.Task{ID: "task-1", ContextID: "ctx-1", Status: wire.TaskStatus{State: wire.TaskStateCompleted}}
	js, _ := agent.Marshal(task)
	want, _ := agent.Marshal(&wire.SendMessageResponse{Task: task})
	if got := sendAnswerJSON(js); !bytes.Equal(got, want) {
		t.Errorf("got %s, want %s", got, want)
	}
}
