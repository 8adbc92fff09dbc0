package builtin

import (
	"net/http"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A card fresh by max-age less its Age (RFC 9111 §4.2) is the agent's card
// however a cache served it: the reference completes under it, whether the
// Age comes on the card it plans on or on the one its revalidation is
// answered. refuse-aged-card refuses either before it sends anything, and
// is the reference on a card served without Age.
func TestRefuseAgedCard(t *testing.T) {
	redescribed := func(_ mockpeer.Origins, c *wire.AgentCard) { c.Description = "answers tests, through a shared cache" }
	for _, tc := range []struct {
		name, client string
		aged         mockpeer.Aging
		cards, sends int
		outcome      driver.OutcomeKind
		reason       driver.Reason
	}{
		{"reference/aged from the first card", Reference, mockpeer.Aging{Seconds: 120}, 2, 1, driver.OutcomeCompleted, ""},
		{"reference/aged on revalidation", Reference, mockpeer.Aging{FromVersion: 1, Seconds: 120}, 2, 1, driver.OutcomeCompleted, ""},
		{"cheat/aged from the first card", RefuseAgedCard, mockpeer.Aging{Seconds: 120}, 1, 0, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint},
		{"cheat/aged on revalidation", RefuseAgedCard, mockpeer.Aging{FromVersion: 1, Seconds: 120}, 2, 0, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint},
		{"cheat/never aged", RefuseAgedCard, mockpeer.Aging{}, 2, 1, driver.OutcomeCompleted, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Version 1, the same contract described otherwise, is in
			// force once the card has been served once: the revalidation
			// right before the send is answered it whole, not 304.
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
				Name:      "A",
				Cards:     []mockpeer.CardFunc{card("A", "A", requireBearer), card("A", "A", requireBearer, redescribed)},
				Caching:   mockpeer.Caching{CacheControl: "max-age=300", Aged: tc.aged},
				Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterCardResponses, N: 1}, To: 1}},
			})
			wantOutcome(t, out, tc.outcome, tc.reason)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
			// The card planned on is version 0, the revalidation's version 1:
			// the first aged one is served whole.
			cards := wantCount(t, j, "A", journal.RouteCard, "", tc.cards)
			if first := tc.aged.FromVersion; tc.aged.Seconds > 0 && cards[first].Status != http.StatusOK {
				t.Errorf("the first aged card was answered %d, want it served whole", cards[first].Status)
			}
		})
	}
}
