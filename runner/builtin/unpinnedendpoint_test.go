package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A signed card on A points at B, which presents A's key on its next
// handshake and its own after it. The reference checks B's principal on
// that handshake and refuses the next connection, pinned to A's key:
// nothing reaches B. unpinned-endpoint sends over the next connection,
// whatever it presents. With B presenting A's key throughout, both
// complete there.
func TestUnpinnedEndpoint(t *testing.T) {
	arm := func(f *mockpeer.Farm) error { return f.Peer("B").PresentOwnKeyAfterNextHandshake() }
	for _, tc := range []struct {
		name, client string
		change       func(*mockpeer.Farm) error
		sends        int
	}{
		{"reference/switching", Reference, arm, 0},
		{"cheat/switching", UnpinnedEndpoint, arm, 1},
		{"reference/steady", Reference, nil, 1},
		{"cheat/steady", UnpinnedEndpoint, nil, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outs, j := playChanges(t, tc.client, driver.ModeSession, mockpeer.Grants{Bearer: true}, []mockpeer.PeerSpec{
				{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "B", requireBearer)},
					Signing: &mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true}},
				{Name: "B", Host: "127.0.0.2", Identity: "A", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}},
			}, tc.change)
			if tc.sends == 1 {
				wantOutcome(t, outs[0], driver.OutcomeCompleted, "")
			} else {
				wantOutcome(t, outs[0], driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
			}
			wantCount(t, j, "B", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
		})
	}
}
