// Package scenariotest is what tests outside the catalog share about its
// scenarios: a scenario's farm, started as a run starts it, and what the
// reference must have put on the wire in one, read from the scenario's
// own cards. The engine's tests play the reference in
// process, the CLI's as a subprocess; both hold its journals to the same
// check. It is imported only by tests.
package scenariotest

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// placeholder stands for every peer's origin where a card is read for what
// does not depend on one (its bindings, its capabilities).
func placeholder(string) string { return "https://127.0.0.1:1" }

// BindingUsed is the binding the reference speaks to sc's honest card when
// it prefers preferred: preferred if the card lists it (most list both
// HTTP bindings), else the card's first (the repointed-grpc cards list
// gRPC alone).
func BindingUsed(sc *scenarios.Scenario, preferred string) string {
	ifaces := sc.Peers[sc.CardPeerIndex()].Cards[0](placeholder).SupportedInterfaces
	for _, iface := range ifaces {
		if iface.ProtocolBinding == preferred {
			return preferred
		}
	}
	return ifaces[0].ProtocolBinding
}

// DeclaresStreaming: version v of peer's card in sc declares streaming
// (the reference streams only then); true for a version sc does not have.
func DeclaresStreaming(sc *scenarios.Scenario, peer string, v int) bool {
	for _, p := range sc.Peers {
		if p.Name == peer && v >= 0 && v < len(p.Cards) {
			c := p.Cards[v](placeholder)
			return c.Capabilities.Streaming != nil && *c.Capabilities.Streaming
		}
	}
	return true
}

// ModeOnWire holds journal, sc's, to the send mode and binding the
// reference was asked for: every A2A call on that binding where the card
// lists it, tasks created the mode's way and journaled as the peer held
// them, and no poll where the send or the stream says how the task ends.
// A task sent while the card in force declares no streaming is polled in
// stream mode, as the reference falls back to. It returns what departs
// from that, one line each, and how many tasks were created.
func ModeOnWire(sc *scenarios.Scenario, recorded []journal.Exchange, mode refclient.SendMode, binding string) (problems []string, created int) {
	wantCreate := wire.MethodSendMessage
	if mode == refclient.Stream {
		wantCreate = wire.MethodSendStreamingMessage
	}
	want := BindingUsed(sc, binding)
	polled := map[string]bool{} // tasks sent under a card that declares no streaming
	for _, ex := range recorded {
		if ex.Route != journal.RouteA2A {
			continue
		}
		if ex.Status >= 300 && ex.Status < 400 {
			continue // redirected before any binding read it (PeerSpec.A2ARedirect)
		}
		if mode == refclient.Stream && ex.TaskCreating() && !DeclaresStreaming(sc, ex.Peer, ex.CardVersion) {
			polled[ex.TaskID] = true
			continue
		}
		if polled[ex.TaskID] && ex.Op == wire.MethodGetTask {
			continue
		}
		if ex.Binding != want {
			problems = append(problems, fmt.Sprintf("%s: %s, want binding %s", sc.ID, ex.Line(), want))
		}
		switch {
		case ex.TaskCreating():
			created++
			immediate := strings.Contains(ex.Body, `"returnImmediately":true`)
			if ex.Op != wantCreate || immediate != (mode == refclient.Poll) {
				problems = append(problems, fmt.Sprintf("%s: %s with body %s, want %s (returnImmediately only in poll mode)",
					sc.ID, ex.Line(), ex.Body, wantCreate))
			}
			// The peer's reading: it held every accepted send of block
			// mode, and none of the others.
			if accepted := ex.ErrorCode == 0 && ex.Status < 300 && ex.TaskID != ""; accepted && ex.Blocking != (mode == refclient.Block) {
				problems = append(problems, fmt.Sprintf("%s: %s journaled blocking=%v in %s mode", sc.ID, ex.Line(), ex.Blocking, mode))
			}
		case ex.Op == wire.MethodGetTask && mode != refclient.Poll:
			problems = append(problems, fmt.Sprintf("%s: %s: a poll in %s mode", sc.ID, ex.Line(), mode))
		}
	}
	return problems, created
}
