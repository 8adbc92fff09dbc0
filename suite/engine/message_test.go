package engine

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The failure message is evidence on its own: requirement, want/got, the
// cited exchanges, the client's outcome, and where to read more.
func TestFailureMessage(t *testing.T) {
	sc := lookup(t, "rotation-during-send")
	req := sc.Requirements[0]
	ev := &scenarios.Evidence{
		Journal: []journal.Exchange{
			{Seq: 1, Peer: "A", Method: "GET", Path: "/.well-known/agent-card.json", Route: journal.RouteCard, Status: 200, Header: http.Header{}},
			{Seq: 4, Peer: "A", Method: "POST", Path: "/a2a/jsonrpc", Route: journal.RouteA2A, Op: "SendMessage", Binding: "JSONRPC",
				Status: 200, CardVersion: 1, TaskID: "task-1", StateAfter: "TASK_STATE_AUTH_REQUIRED", StateVersion: 1,
				Auth: journal.AuthSeen{Presented: []string{"oauth-token"}}, Header: http.Header{}},
		},
		Client: scenarios.ClientRun{TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: "failed", Reason: "auth-required"}}},
	}
	j := verdict.Judgement{Verdict: verdict.Fail, Want: "abort before send", Got: "SendMessage at #4 under card version 1", Exchanges: []int64{4}}
	msg := FailureMessage(sc, req, j, ev)
	for _, want := range []string{
		"ROT-001 [MUST] The client MUST abort before send",
		"scenario: rotation-during-send",
		"want: abort before send",
		"got:  SendMessage at #4 under card version 1",
		"#4 peer A POST /a2a/jsonrpc [JSONRPC SendMessage] → 200 (card v1, task-1 new→AUTH_REQUIRED, credentials oauth-token)",
		"client outcome: failed/auth-required",
		"see: docs/requirements.md#rot-001",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "#1 peer A GET") {
		t.Errorf("message cites an exchange the judgement did not:\n%s", msg)
	}
}
