package scenarios

import (
	"encoding/json"
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// inTask judges check on task n of the session alone (its exchanges and
// its outcome).
func inTask(n int, check func(*Evidence) Judgement) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		view := ev.Task(n)
		if view == nil {
			return notApplicable(fmt.Sprintf("the session has no task %d", n))
		}
		return check(view)
	}
}

// controlTask is the positive control of a session: task n, under a
// contract the client holds credentials for, MUST complete. A client that
// aborts whatever happens fails it.
func controlTask(id string, profile Profile, n int, text, ref string) Requirement {
	r := atTask(n, mustComplete(id, text, ref))
	r.Profile = profile
	return r
}

// midTask judges what a client did while its task ran. A client that sent
// with a blocking SendMessage (no returnImmediately) sees the task only at
// its end: a change while it runs is unobservable in that mode, so the
// requirement does not apply to it — it is never a pass.
func midTask(check func(*Evidence) Judgement) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		if send, ok := ev.FirstSend(); ok && blockingSend(send) {
			return notApplicable(fmt.Sprintf("the client sent the task with a blocking %s (#%d), which answers only at the task's end: "+
				"the change while the task ran was unobservable in that mode", send.Op, send.Seq))
		}
		return check(ev)
	}
}

// blockingSend: a SendMessage whose configuration does not ask to return
// immediately (A2A v1.0: the peer may hold it to a terminal or interrupted
// state). Streams and returnImmediately sends let the client watch.
func blockingSend(ex mockpeer.Exchange) bool {
	if ex.Op != wire.MethodSendMessage {
		return false
	}
	var body struct {
		Params struct {
			Configuration *wire.SendMessageConfiguration `json:"configuration"`
		} `json:"params"`
		Configuration *wire.SendMessageConfiguration `json:"configuration"`
	}
	if json.Unmarshal([]byte(ex.Body), &body) != nil {
		return false // a body we cannot read is judged as if the client watched
	}
	cfg := body.Configuration
	if ex.Binding == wire.BindingJSONRPC {
		cfg = body.Params.Configuration
	}
	return cfg == nil || !cfg.ReturnImmediately
}
