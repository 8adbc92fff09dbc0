package agent

import (
	"errors"
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func streamText(text string) string {
	return `{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"` + text + `"}]}}`
}

func TestEmptyStreamIsStillAStream(t *testing.T) {
	p := newPeer(t)
	res := p.do(t, "POST", restPath+"/message:stream", v1(), streamText("silent"))
	if res.status != http.StatusOK || res.header.Get("Content-Type") != "text/event-stream" || len(res.body) != 0 {
		t.Errorf("got %d %q %q, want an empty 200 event stream", res.status, res.header.Get("Content-Type"), res.body)
	}
}

func TestEmitAfterTheStreamEndedIsRefused(t *testing.T) {
	p := newPeer(t)
	res := p.rpc(t, rpcBody("1", "SendStreamingMessage", streamText("keep")))
	if res.status != http.StatusOK {
		t.Fatalf("status %d", res.status)
	}
	p.handler.mu.Lock()
	emit := p.handler.kept
	p.handler.mu.Unlock()
	if emit == nil {
		t.Fatal("the handler kept no Emit")
	}
	if err := emit(wire.StreamResponse{Task: task("task-1", wire.TaskStateWorking)}); !errors.Is(err, errStreamClosed) {
		t.Errorf("late emit returned %v, want errStreamClosed", err)
	}
}

func TestStreamEventsCarryTheRequestID(t *testing.T) {
	p := newPeer(t)
	// A big numeric id must come back exactly, not as a float.
	res := p.rpc(t, rpcBody("12345678901234567890", "SubscribeToTask", `{"id":"task-1"}`))
	for i, ev := range sseEvents(t, res.body) {
		if r := decodeRPC(t, ev); string(r.ID) != "12345678901234567890" {
			t.Errorf("event %d id = %s", i, r.ID)
		}
	}
}
