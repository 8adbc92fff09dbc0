package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// jsonRPCTwice lists the JSON-RPC interface again under tenant "second",
// the first under "first".
func jsonRPCTwice(_ mockpeer.Origins, c *wire.AgentCard) {
	c.SupportedInterfaces[0].Tenant = "first"
	again := c.SupportedInterfaces[0]
	again.Tenant = "second"
	c.SupportedInterfaces = slices.Insert(c.SupportedInterfaces, 2, again)
}

// atVersion sets every interface's protocolVersion.
func atVersion(v string) edit {
	return func(_ mockpeer.Origins, c *wire.AgentCard) {
		for i := range c.SupportedInterfaces {
			c.SupportedInterfaces[i].ProtocolVersion = v
		}
	}
}

func TestLastInterface(t *testing.T) {
	for client, want := range map[string]string{Reference: "first", LastInterface: "second"} {
		t.Run(client, func(t *testing.T) {
			out, j := play(t, client, mockpeer.Grants{}, mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", jsonRPCTwice)}})
			wantOutcome(t, out, driver.OutcomeCompleted, "")
			for _, e := range at(j, "A", journal.RouteA2A, "") {
				if e.Binding != wire.BindingJSONRPC || e.Tenant != want {
					t.Errorf("%s: %s under tenant %q, want JSON-RPC (the binding it takes first) under %q", e.Line(), e.Binding, e.Tenant, want)
				}
			}
		})
	}
}

func TestReversedPerBinding(t *testing.T) {
	in := []wire.AgentInterface{
		{ProtocolBinding: "JSONRPC", Tenant: "j1"}, {ProtocolBinding: "GRPC", Tenant: "g1"},
		{ProtocolBinding: "jsonrpc", Tenant: "j2"}, {ProtocolBinding: "HTTP+JSON", Tenant: "h1"}, {ProtocolBinding: "GRPC", Tenant: "g2"},
	}
	var got []string
	for _, i := range reversedPerBinding(in) {
		got = append(got, i.Tenant)
	}
	if want := []string{"j2", "j1", "g2", "g1", "h1"}; !slices.Equal(got, want) {
		t.Errorf("reversedPerBinding: %v, want %v", got, want)
	}
}

func TestSameMajorVersion(t *testing.T) {
	for _, tc := range []struct {
		client, version string
		want            driver.Outcome
	}{
		{Reference, "1.1", driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonVersionUnsupported}},
		// It sends 1.0 requests there; the peer, which enforces the
		// interfaces' version, refuses them.
		{SameMajorVersion, "1.1", driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonPeerError}},
		{SameMajorVersion, "2.0", driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonVersionUnsupported}},
		{SameMajorVersion, "0.3", driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonVersionUnsupported}},
	} {
		t.Run(tc.client+"/"+tc.version, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{}, mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", atVersion(tc.version))}})
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			sent := 0
			if tc.want.Outcome == driver.OutcomeFailed {
				sent = 1
			}
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, sent)
		})
	}
}

// A card whose interfaces speak 2.0, served twice: the second time it is
// answered 304 to a client that holds it.
func TestTrustNotModified(t *testing.T) {
	refused := driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonVersionUnsupported}
	for _, tc := range []struct {
		client string
		mode   driver.Mode
		second driver.OutcomeKind
	}{
		{Reference, driver.ModeSession, driver.OutcomeAborted},
		{TrustNotModified, driver.ModeSession, driver.OutcomeFailed}, // sent, in 1.0, and refused by the peer
		{TrustNotModified, driver.ModeOneShot, driver.OutcomeAborted},
	} {
		t.Run(tc.client+"/"+string(tc.mode), func(t *testing.T) {
			outs, j := playSession(t, tc.client, tc.mode, 2, mockpeer.Grants{},
				mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", atVersion("2.0"))}})
			if outs[0].Outcome != refused.Outcome || outs[0].Reason != refused.Reason {
				t.Fatalf("first task %s, want %s", outs[0].Short(), refused.Short())
			}
			if outs[1].Outcome != tc.second {
				t.Fatalf("second task %s (%s), want %s", outs[1].Short(), outs[1].Detail, tc.second)
			}
			cards := at(j, "A", journal.RouteCard, "")
			if tc.mode == driver.ModeSession && (len(cards) < 2 || cards[1].Status != 304) {
				t.Fatalf("%d card requests, want the second task's first answered 304", len(cards))
			}
			sends := 0
			if tc.second == driver.OutcomeFailed {
				sends = 1
			}
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, sends)
		})
	}
}
