package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func rotate(v int) func(*mockpeer.Farm) error {
	return func(f *mockpeer.Farm) error { return f.Peer("A").Rotate(v) }
}

// It takes the session's first card at its word, wherever it points, and
// then only compares: a card pointing elsewhere after an honest one is
// refused, one pointing elsewhere first is followed, token included.
func TestTrustOnFirstUseTrustsTheFirstCard(t *testing.T) {
	bearerAt := func(at string) mockpeer.CardFunc { return card("A", at, requireBearer) }
	b := mockpeer.PeerSpec{Name: "B", Host: "127.0.0.2", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}}
	for _, mode := range modes {
		t.Run(string(mode)+"/honest first", func(t *testing.T) {
			a := mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{bearerAt("A"), bearerAt("B")}}
			outs, j := playChanges(t, TrustOnFirstUse, mode, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{a, b}, nil, rotate(1))
			wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
			wantOutcome(t, outs[1], driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
			wantCount(t, j, "B", "", "", 0)
		})
		t.Run(string(mode)+"/elsewhere first", func(t *testing.T) {
			a := mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{bearerAt("B"), bearerAt("A")}}
			outs, j := playChanges(t, TrustOnFirstUse, mode, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{a, b}, nil, rotate(1))
			wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
			wantOutcome(t, outs[1], driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
			sends := wantCount(t, j, "B", journal.RouteA2A, wire.MethodSendMessage, 1)
			if !slices.Contains(sends[0].Auth.Presented, journal.CredBearer) {
				t.Errorf("B's send carried %v, want the bearer token", sends[0].Auth.Presented)
			}
		})
	}
}

// What it compares, and only that: the interface urls, their protocol
// versions and the raw security JSON; any other change is sent under.
func TestTrustOnFirstUseComparesThreeThings(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change edit
		want   driver.Outcome
	}{
		{"capability drift", func(_ mockpeer.Origins, c *wire.AgentCard) { c.Description, c.Skills = "drifted", c.Skills[:1] }, driver.Outcome{Outcome: driver.OutcomeCompleted}},
		{"protocol version", func(_ mockpeer.Origins, c *wire.AgentCard) {
			for i := range c.SupportedInterfaces {
				c.SupportedInterfaces[i].ProtocolVersion = "2.0"
			}
		}, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonVersionUnsupported}},
		{"security", requireMTLS, driver.Outcome{Outcome: driver.OutcomeAborted, Reason: driver.ReasonContractChanged}},
	} {
		for _, mode := range modes {
			t.Run(tc.name+"/"+string(mode), func(t *testing.T) {
				a := mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer), card("A", "A", requireBearer, tc.change)}}
				outs, _ := playChanges(t, TrustOnFirstUse, mode, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{a}, nil, rotate(1))
				wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
				wantOutcome(t, outs[1], tc.want.Outcome, tc.want.Reason)
			})
		}
	}
}

// It verifies no certificate against the trust root, and pins the first
// it sees for a server's names: an impostor after the genuine server is
// refused (with an alert), an impostor first is trusted and the genuine
// server after it refused.
func TestTrustOnFirstUsePinsTheFirstCertificate(t *testing.T) {
	genuine := func(f *mockpeer.Farm) error { return f.Peer("A").PresentGenuine() }
	transport := driver.Outcome{Outcome: driver.OutcomeFailed, Reason: driver.ReasonTransportError}
	a := func() mockpeer.PeerSpec {
		return mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)}}
	}
	for _, mode := range modes {
		t.Run(string(mode)+"/genuine first", func(t *testing.T) {
			outs, j := playChanges(t, TrustOnFirstUse, mode, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{a()}, nil, presentImpostor)
			wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
			wantOutcome(t, outs[1], transport.Outcome, transport.Reason)
			if refused := j.Select(journal.Exchange.HandshakeRefusedByClient); len(refused) == 0 {
				t.Error("the journal shows no handshake the client refused")
			}
		})
		t.Run(string(mode)+"/impostor first", func(t *testing.T) {
			outs, _ := playChanges(t, TrustOnFirstUse, mode, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{a()}, presentImpostor, genuine)
			wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
			wantOutcome(t, outs[1], transport.Outcome, transport.Reason)
		})
	}
}
