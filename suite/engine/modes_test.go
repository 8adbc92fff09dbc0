package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// The reference passes the whole catalog in every send mode, on both
// bindings, in session and one-shot mode: no failure, no error (a
// requirement the mode leaves unobservable may be not-applicable).
func TestReferenceInEveryMode(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the whole catalog once per send mode, binding and client mode")
	}
	for _, clientMode := range []driver.Mode{driver.ModeSession, driver.ModeOneShot} {
		for _, mode := range refclient.SendModes() {
			for _, binding := range []string{wire.BindingJSONRPC, wire.BindingHTTPJSON} {
				t.Run(fmt.Sprintf("%s/%s/%s", clientMode, mode, binding), func(t *testing.T) {
					t.Parallel() // independent plays, each its own farm on ephemeral ports
					playReferenceIn(t, clientMode, builtin.Options{SendMode: mode, Binding: binding})
				})
			}
		}
	}
}

func playReferenceIn(t *testing.T, clientMode driver.Mode, o builtin.Options) {
	t.Helper()
	c, err := builtin.LookupWith(builtin.Reference, clientMode, o)
	if err != nil {
		t.Fatal(err)
	}
	e, err := engine.Run(t.Context(), engine.Options{Client: c})
	if err != nil {
		t.Fatal(err)
	}
	checkModeOnWire(t, e, o.SendMode, o.Binding)
	rep := e.Report()
	verdicts := rep.Verdicts()
	for key, v := range verdicts {
		if v == verdict.Fail || v == verdict.Error || v == verdict.Skipped {
			t.Errorf("%s is %s", key, v)
		}
	}
	if o.SendMode != refclient.Block {
		// A polled or streamed task runs across each mid-task change: those
		// requirements pass, they are not merely not applicable.
		for _, sc := range scenarios.Catalog() {
			for _, r := range sc.AllRequirements() {
				if key := sc.ID + "/" + r.ID; r.MidTask && verdicts[key] != verdict.Pass {
					t.Errorf("%s is %s in %s mode, want pass", key, verdicts[key], o.SendMode)
				}
			}
		}
	}
	if rep.ExitCode != 0 {
		t.Errorf("exit code %d, want 0", rep.ExitCode)
	}
	t.Logf("%s, %s: %+v", c.Describe(), clientMode, rep.Summary)
}

// checkModeOnWire asserts that the journals show the mode and binding
// asked for: every A2A call on that binding where the card lists it (most
// cards list both HTTP bindings; the repointed-grpc ones gRPC alone, which
// the reference then speaks), tasks created the mode's way and journaled
// as the peer held them, and no poll where the send or the stream says how
// the task ends. A task sent while the card in force declares no streaming
// is polled in stream mode, as the reference falls back to.
func checkModeOnWire(t *testing.T, e *engine.Engine, mode refclient.SendMode, binding string) {
	t.Helper()
	wantCreate := wire.MethodSendMessage
	if mode == refclient.Stream {
		wantCreate = wire.MethodSendStreamingMessage
	}
	created := 0
	for _, sc := range e.Scenarios() {
		journal, err := e.Journal(sc.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := bindingUsed(sc, binding)
		polled := map[string]bool{} // tasks sent under a card that declares no streaming
		for _, ex := range journal {
			if ex.Route != mockpeer.RouteA2A {
				continue
			}
			if mode == refclient.Stream && ex.TaskCreating() && !streams(sc, ex.Peer, ex.CardVersion) {
				polled[ex.TaskID] = true
				continue
			}
			if polled[ex.TaskID] && ex.Op == wire.MethodGetTask {
				continue
			}
			if ex.Binding != want {
				t.Errorf("%s: %s", sc.ID, ex.Line())
			}
			switch {
			case ex.TaskCreating():
				created++
				immediate := strings.Contains(ex.Body, `"returnImmediately":true`)
				if ex.Op != wantCreate || immediate != (mode == refclient.Poll) {
					t.Errorf("%s: %s with body %s, want %s (returnImmediately only in poll mode)", sc.ID, ex.Line(), ex.Body, wantCreate)
				}
				// The peer's reading: it held every accepted send of block
				// mode, and none of the others.
				if accepted := ex.ErrorCode == 0 && ex.Status < 300 && ex.TaskID != ""; accepted && ex.Blocking != (mode == refclient.Block) {
					t.Errorf("%s: %s journaled blocking=%v in %s mode", sc.ID, ex.Line(), ex.Blocking, mode)
				}
			case ex.Op == wire.MethodGetTask && mode != refclient.Poll:
				t.Errorf("%s: %s: a poll in %s mode", sc.ID, ex.Line(), mode)
			}
		}
	}
	if created == 0 {
		t.Errorf("no task created in the whole catalog")
	}
}

// streams: version v of peer's card in sc declares streaming.
func streams(sc *scenarios.Scenario, peer string, v int) bool {
	for _, p := range sc.Peers {
		if p.Name == peer && v >= 0 && v < len(p.Cards) {
			c := p.Cards[v](func(string) string { return "https://127.0.0.1:1" })
			return c.Capabilities.Streaming != nil && *c.Capabilities.Streaming
		}
	}
	return true
}

// bindingUsed is the binding the reference speaks to sc's honest card when
// it prefers preferred: preferred if the card lists it, else the card's
// first.
func bindingUsed(sc *scenarios.Scenario, preferred string) string {
	origin := func(string) string { return "https://127.0.0.1:1" }
	ifaces := sc.Peers[sc.CardPeerIndex()].Cards[0](origin).SupportedInterfaces
	for _, iface := range ifaces {
		if iface.ProtocolBinding == preferred {
			return preferred
		}
	}
	return ifaces[0].ProtocolBinding
}
