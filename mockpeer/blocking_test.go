package mockpeer

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// Exchange.Blocking is the peer's own reading of a send, on every binding:
// set when it held a SendMessage to the task's end, whatever spelling of
// returnImmediately the request used (ProtoJSON accepts the field's proto
// name too), and never for a stream, a refused send or another call.
func TestJournalRecordsBlockingSends(t *testing.T) {
	config := func(v map[string]any) map[string]any {
		p := sendParams("x", false)
		p["configuration"] = v
		return p
	}
	onEachBinding(t, TaskScript{Steps: []TaskStep{
		{State: wire.TaskStateWorking},
		{State: wire.TaskStateCompleted},
	}}, func(t *testing.T, b binding, f *Farm, p *Peer, c *http.Client) {
		sends := []struct {
			name     string
			params   map[string]any
			blocking bool
		}{
			{"no configuration", sendParams("x", false), true},
			{"returnImmediately false", config(map[string]any{"returnImmediately": false}), true},
			{"returnImmediately", sendParams("x", true), false},
			{"return_immediately", config(map[string]any{"return_immediately": true}), false},
		}
		for _, s := range sends {
			if _, code := b.call(t, c, p, wire.MethodSendMessage, s.params); code != 0 {
				t.Fatalf("%s: error %d", s.name, code)
			}
		}
		b.stream(t, c, p, wire.MethodSendStreamingMessage, sendParams("x", false))
		must(b.call(t, c, p, wire.MethodGetTask, map[string]any{"id": "task-1"}))
		terminal := sendParams("x", false)
		terminal["message"].(map[string]any)["taskId"] = "task-1"
		if _, code := b.call(t, c, p, wire.MethodSendMessage, terminal); code == 0 {
			t.Fatal("a send to a completed task was accepted")
		}

		recorded := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteA2A })
		if len(recorded) != len(sends)+3 {
			t.Fatalf("%d A2A exchanges journaled, want %d", len(recorded), len(sends)+3)
		}
		for i, s := range sends {
			if ex := recorded[i]; ex.Blocking != s.blocking {
				t.Errorf("%s: Blocking %v, want %v (%s)", s.name, ex.Blocking, s.blocking, ex.Line())
			}
		}
		for _, ex := range recorded[len(sends):] {
			if ex.Blocking {
				t.Errorf("%s journaled as blocking: %s", ex.Op, ex.Line())
			}
		}
	})
}
