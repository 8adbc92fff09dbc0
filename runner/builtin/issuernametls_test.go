package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The impostor's CA is named as the run's CA is: the reference refuses
// its certificate, whose signature the trust root did not make;
// issuer-name-chain, which follows issuer names, sends it the task. A
// renewal under an intermediate of the run's CA both take.
func TestIssuerNameTLS(t *testing.T) {
	a := mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)}}
	impostor := func(f *mockpeer.Farm) error { return f.Peer("A").PresentImpostor() }
	renewed := func(f *mockpeer.Farm) error { return f.Peer("A").PresentViaIntermediate() }
	for _, tc := range []struct {
		name, client string
		change       func(*mockpeer.Farm) error
		completes    bool
	}{
		{"reference/impostor", Reference, impostor, false},
		{"cheat/impostor", IssuerNameTLS, impostor, true},
		{"reference/intermediate", Reference, renewed, true},
		{"cheat/intermediate", IssuerNameTLS, renewed, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outs, j := playChanges(t, tc.client, driver.ModeSession, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{a}, nil, tc.change)
			wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
			if tc.completes {
				wantOutcome(t, outs[1], driver.OutcomeCompleted, "")
				wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 2)
				return
			}
			wantOutcome(t, outs[1], driver.OutcomeFailed, driver.ReasonTransportError)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)
		})
	}
}
