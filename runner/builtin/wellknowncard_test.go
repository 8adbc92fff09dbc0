package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A peer serving its card at a path of its own: the reference fetches it
// there, and again before the send, and completes. well-known-card asks the origin's well-known path,
// unmatched on that peer (a 404), and sends nothing; on a peer serving its
// card at the well-known path its guess is the card URL and it is the
// reference.
func TestWellKnownCard(t *testing.T) {
	for _, tc := range []struct {
		name, client, cardPath  string
		cards, unmatched, sends int
		outcome                 driver.OutcomeKind
	}{
		{"reference/own path", Reference, "/agents/summarizer/agent-card.json", 2, 0, 1, driver.OutcomeCompleted},
		{"cheat/own path", WellKnownCard, "/agents/summarizer/agent-card.json", 0, 1, 0, driver.OutcomeFailed},
		{"cheat/well-known path", WellKnownCard, "", 2, 0, 1, driver.OutcomeCompleted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
				Name:     "A",
				Cards:    []mockpeer.CardFunc{card("A", "A", requireBearer)},
				CardPath: tc.cardPath,
			})
			if out.Outcome != tc.outcome {
				t.Fatalf("outcome = %s (%s), want %s", out.Short(), out.Detail, tc.outcome)
			}
			wantCount(t, j, "A", journal.RouteCard, "", tc.cards)
			wantCount(t, j, "A", journal.RouteUnmatched, "", tc.unmatched) // the card request at the well-known path
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
		})
	}
}
