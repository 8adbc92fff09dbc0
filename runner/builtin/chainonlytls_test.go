package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A certificate from the trust root that names another host, has expired,
// or is a client's: the reference refuses the handshake and sends nothing;
// chain-only-tls, which checks only the chain, sends the task there.
// Another CA's impostor both refuse.
func TestChainOnlyTLS(t *testing.T) {
	a := mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)}}
	impostor := func(f *mockpeer.Farm) error { return f.Peer("A").PresentImpostor() }
	flawed := func(flaw mockpeer.CertFlaw) func(*mockpeer.Farm) error {
		return func(f *mockpeer.Farm) error { return f.Peer("A").PresentFlawed(flaw) }
	}
	for _, tc := range []struct {
		name   string
		change func(*mockpeer.Farm) error
		cheat  bool // chain-only-tls takes it
	}{
		{"another host", flawed(mockpeer.FlawOtherHost), true},
		{"expired", flawed(mockpeer.FlawExpired), true},
		{"clientAuth only", flawed(mockpeer.FlawClientAuthOnly), true},
		{"another CA", impostor, false},
	} {
		for _, client := range []string{Reference, ChainOnlyTLS} {
			t.Run(tc.name+"/"+client, func(t *testing.T) {
				outs, j := playChanges(t, client, driver.ModeSession, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{a}, nil, tc.change)
				wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
				if client == ChainOnlyTLS && tc.cheat {
					wantOutcome(t, outs[1], driver.OutcomeCompleted, "")
					wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
					return
				}
				wantOutcome(t, outs[1], driver.OutcomeFailed, driver.ReasonTransportError)
				wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)
				if refused := j.Select(journal.Exchange.HandshakeRefusedByClient); len(refused) == 0 {
					t.Error("the journal shows no handshake the client refused")
				}
			})
		}
	}
}
