package refclient

import (
	"context"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The send modes, played over real TLS against the mock farm: one peer A
// whose card lists JSON-RPC then HTTP+JSON on its origin, bearer security,
// streaming declared.

// farmCard is testCard on origin o("A") with the farm's interface URLs,
// streaming declared and the bearer scheme required; edit, if non-nil,
// changes it further.
func farmCard(edit func(*wire.AgentCard)) mockpeer.CardFunc {
	return func(o mockpeer.Origins) wire.AgentCard {
		c := testCard(o("A"))
		c.SupportedInterfaces[0].URL = mockpeer.JSONRPCURL(o("A"))
		c.SupportedInterfaces[1].URL = mockpeer.RESTURL(o("A"))
		c.Capabilities.Streaming = wire.Bool(true)
		secure(&c, "bearer", bearerScheme())
		if edit != nil {
			edit(&c)
		}
		return c
	}
}

// steps is a script: the states in order, each with its progress.
func steps(states ...wire.TaskState) []mockpeer.TaskStep {
	out := make([]mockpeer.TaskStep, len(states))
	for i, st := range states {
		out[i] = mockpeer.TaskStep{State: st, Progress: 100 * (i + 1) / len(states)}
	}
	return out
}

// workThenComplete is the script of most cases.
var workThenComplete = steps(wire.TaskStateWorking, wire.TaskStateWorking, wire.TaskStateCompleted)

// startFarm starts peer A as spec says (name, host, skill and, when
// unset, cards filled in).
func startFarm(t *testing.T, spec mockpeer.PeerSpec) *mockpeer.Farm {
	t.Helper()
	spec.Name, spec.Host, spec.Skill = "A", "127.0.0.1", testSkill
	if spec.Cards == nil {
		spec.Cards = []mockpeer.CardFunc{farmCard(nil)}
	}
	return startSpec(t, mockpeer.FarmSpec{Grants: mockpeer.Grants{Bearer: true}, Peers: []mockpeer.PeerSpec{spec}})
}

// startSpec starts spec in a folder of the test's and closes the farm when
// the test ends.
func startSpec(t *testing.T, spec mockpeer.FarmSpec) *mockpeer.Farm {
	t.Helper()
	spec.Dir = t.TempDir()
	farm, err := mockpeer.Start(context.Background(), spec)
	if err != nil {
		t.Fatalf("mockpeer.Start: %v", err)
	}
	t.Cleanup(func() { _ = farm.Close() })
	return farm
}

// playOnFarm plays one task with cfg against peer A, then closes the farm:
// Close waits for in-flight requests, so the journal is complete after it.
func playOnFarm(t *testing.T, farm *mockpeer.Farm, cfg Config) driver.Outcome {
	t.Helper()
	out := RunWith(context.Background(), driver.Assignment{
		CardURL: farm.Peer("A").CardURL(), Message: testMessage, Skill: testSkill, CAFile: farm.CAFile(),
		Credentials: driver.Credentials{BearerToken: farm.Credentials(farm.Grants()).BearerToken}, Deadline: testDeadline,
	}, cfg)
	t.Logf("outcome: %+v", out)
	if err := farm.Close(); err != nil {
		t.Errorf("farm.Close: %v", err)
	}
	return out
}

// a2aCalls is the A2A exchanges of the farm, in order.
func a2aCalls(farm *mockpeer.Farm) []journal.Exchange {
	return farm.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteA2A })
}

// opsOf lists the operations of exchanges.
func opsOf(calls []journal.Exchange) []string {
	var ops []string
	for _, e := range calls {
		ops = append(ops, e.Op)
	}
	return ops
}

// wantFrozen checks rule 3 on the journal: no card request after the
// first task-creating one, and no CancelTask.
func wantFrozen(t *testing.T, farm *mockpeer.Farm) {
	t.Helper()
	sent := false
	for _, e := range farm.Journal().All() {
		switch {
		case e.TaskCreating():
			sent = true
		case sent && e.Route == journal.RouteCard:
			t.Errorf("card fetched after the send: %s", e.Line())
		case e.Op == wire.MethodCancelTask:
			t.Errorf("task canceled: %s", e.Line())
		}
	}
	if !sent {
		t.Error("no task sent")
	}
}

// lines renders exchanges for failure messages.
func lines(calls []journal.Exchange) string {
	var b strings.Builder
	for _, e := range calls {
		b.WriteString("\n  " + e.Line())
	}
	return b.String()
}
