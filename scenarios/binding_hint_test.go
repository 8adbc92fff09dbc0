package scenarios

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A client that reports binding-unsupported is told about --bindings, with
// what the peers offered; any other outcome gets no such hint.
func TestBindingUnsupportedNamesTheFlag(t *testing.T) {
	ev := &Evidence{Client: ClientRun{TaskEnd: driver.TaskEnd{Outcome: &driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonBindingUnsupported}}}}
	j := completedWithArtifact(ev)
	if j.Verdict != verdict.Fail || !strings.Contains(j.Got, "--bindings") || !strings.Contains(j.Got, "all three bindings") {
		t.Errorf("got %+v", j)
	}
	ev.Offered = []string{"GRPC"}
	if j := completedWithArtifact(ev); !strings.Contains(j.Got, "offered GRPC: run with --bindings") {
		t.Errorf("narrowed offer: got %q", j.Got)
	}
	ev.Client.Outcome.Reason = driver.ReasonTransportError
	ev.Client.Outcome.Outcome = driver.OutcomeFailed
	if j := completedWithArtifact(ev); strings.Contains(j.Got, "--bindings") {
		t.Errorf("transport-error got the hint: %q", j.Got)
	}
}
