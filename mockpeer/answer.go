package mockpeer

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

// taskAnswer is a task's snapshot for one history length, with its JSON:
// made once per version of the task and answered again while the task
// stays as it is, so that a task polled a thousand times in one state is
// encoded once. Every answer is still journaled whole, as sent.
type taskAnswer struct {
	ver     int
	history int32 // the history length asked for; -1 for the whole history
	snap    wire.Task
	json    []byte // agent.Marshal of snap; nil if it could not be encoded
	// proto is json's gRPC form, made on the first gRPC answer of this
	// version (nil with json).
	proto *agent.ProtoResult
}

// answerLocked is t's snapshot with history cut to historyLength and
// every artifact, from the cache while t is unchanged.
func (t *task) answerLocked(historyLength *int32) *taskAnswer {
	h := int32(-1)
	if historyLength != nil {
		h = max(*historyLength, 0)
	}
	if a := t.answer; a != nil && a.ver == t.ver && a.history == h {
		return a
	}
	a := &taskAnswer{ver: t.ver, history: h, snap: t.snapshot(historyLength, true)}
	// An encoding error (a hook's metadata value JSON cannot hold) is
	// left for the binding to answer, as for any result.
	if a.json, _ = agent.Marshal(&a.snap); a.json != nil {
		a.proto = agent.NewProtoResult(a.json)
	}
	t.answer = a
	return a
}

// answered hands the binding the JSON of what the handler returns, and
// its gRPC form when the peer keeps one (nil: the binding converts).
func answered(r *http.Request, json []byte, proto *agent.ProtoResult) {
	if call := agent.CallFrom(r.Context()); call != nil && json != nil {
		call.ResultJSON, call.ResultProto = json, proto
	}
}

// sendAnswerJSON is agent.Marshal of wire.SendMessageResponse{Task: t}
// made from t's JSON: its one member.
func sendAnswerJSON(task []byte) []byte {
	if task == nil {
		return nil
	}
	out := make([]byte, 0, len(task)+len(`{"task":}`))
	out = append(out, `{"task":`...)
	out = append(out, task...)
	return append(out, '}')
}
