package builtin

import (
	"errors"
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

func TestOptionsChecked(t *testing.T) {
	for _, o := range []Options{{SendMode: "turbo"}, {Binding: "soap"}} {
		if _, err := LookupWith(Reference, driver.ModeSession, o); !errors.Is(err, refclient.ErrConfig) {
			t.Errorf("LookupWith(%+v): %v, want refclient.ErrConfig", o, err)
		}
		if _, err := PlayWith(Reference, o); !errors.Is(err, refclient.ErrConfig) {
			t.Errorf("PlayWith(%+v): %v, want refclient.ErrConfig", o, err)
		}
		if _, err := SessionWith(Reference, o); !errors.Is(err, refclient.ErrConfig) {
			t.Errorf("SessionWith(%+v): %v, want refclient.ErrConfig", o, err)
		}
	}
	for o, want := range map[Options]string{
		{}:                                    "builtin:reference",
		{SendMode: refclient.Poll}:            "builtin:reference",
		{SendMode: "STREAM", Binding: "rest"}: "builtin:reference (send mode stream, binding HTTP+JSON)",
		{Binding: "jsonrpc"}:                  "builtin:reference (binding JSONRPC)",
	} {
		c, err := LookupWith(Reference, driver.ModeOneShot, o)
		if err != nil || c.Describe() != want {
			t.Errorf("LookupWith(%+v): %v, %v; want %q", o, c, err, want)
		}
	}
}

// The options reach every built-in client, mutants included: in Stream
// mode refetch-every-transition refetches the card between events and
// cancels once the skill is gone, as it does between polls. (The script
// ends working, so the task is still running when the cancel comes.)
func TestOptionsReachTheClient(t *testing.T) {
	skillMoved := func(_ mockpeer.Origins, c *wire.AgentCard) { c.Skills = c.Skills[1:] }
	stream := Options{SendMode: refclient.Stream, Binding: wire.BindingHTTPJSON}
	streaming := func(_ mockpeer.Origins, c *wire.AgentCard) { c.Capabilities.Streaming = wire.Bool(true) }
	for _, tc := range []struct {
		client  string
		outcome driver.OutcomeKind
		ops     []string
	}{
		{Reference, driver.OutcomeCompleted, []string{wire.MethodSendStreamingMessage}},
		{RefetchEveryTransition, driver.OutcomeCanceled, []string{wire.MethodSendStreamingMessage, wire.MethodCancelTask}},
	} {
		t.Run(tc.client, func(t *testing.T) {
			script := steps()
			if tc.client != Reference {
				script.Steps = script.Steps[:2]
			}
			out, j := playWith(t, tc.client, stream, mockpeer.Grants{}, mockpeer.PeerSpec{
				Name:      "A",
				Cards:     []mockpeer.CardFunc{card("A", "A", streaming), card("A", "A", streaming, skillMoved)},
				Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterSend}, To: 1}},
				Task:      script,
			})
			wantOutcome(t, out, tc.outcome, "")
			var ops []string
			for _, e := range at(j, "A", journal.RouteA2A, "") {
				ops = append(ops, e.Op)
				if e.Binding != wire.BindingHTTPJSON {
					t.Errorf("%s, want HTTP+JSON", e.Line())
				}
			}
			if !slices.Equal(ops, tc.ops) {
				t.Errorf("A2A calls %v, want %v", ops, tc.ops)
			}
		})
	}
}
