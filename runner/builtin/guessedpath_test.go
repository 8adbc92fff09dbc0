package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A peer serving A2A under a path prefix names it in its card's urls: the
// reference sends there and completes. guessed-path sends to the bare
// well-known path, unmatched on that peer (a 404), and fails there; on a peer
// without a prefix its guess is the card's url and it is the reference.
func TestGuessedPath(t *testing.T) {
	for _, tc := range []struct {
		name, client, prefix string
		sends, unmatched     int
		outcome              driver.OutcomeKind
		reason               driver.Reason
	}{
		{"reference/prefixed", Reference, "/agents/summarizer", 1, 0, driver.OutcomeCompleted, ""},
		{"cheat/prefixed", GuessedPath, "/agents/summarizer", 0, 1, driver.OutcomeFailed, driver.ReasonPeerError},
		{"cheat/unprefixed", GuessedPath, "", 1, 0, driver.OutcomeCompleted, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
				Name:      "A",
				Cards:     []mockpeer.CardFunc{card("A", "A", requireBearer)},
				A2APrefix: tc.prefix,
			})
			wantOutcome(t, out, tc.outcome, tc.reason)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
			wantCount(t, j, "A", journal.RouteUnmatched, "", tc.unmatched) // the SendMessage at the bare path
		})
	}
}
