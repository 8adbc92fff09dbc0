package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A card requiring the bearer token: the reference fetches it, revalidates
// it before the send and completes, its card requests bare; named-creds-on-card
// completes too, its revalidation carrying the bearer token (CRED-012).
func TestNamedCredsOnCard(t *testing.T) {
	for _, tc := range []struct {
		name, client string
		bearerOnCard int
	}{
		{"reference", Reference, 0},
		{"cheat", NamedCredsOnCard, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
				Name:  "A",
				Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)},
			})
			wantOutcome(t, out, driver.OutcomeCompleted, "")
			cards := wantCount(t, j, "A", journal.RouteCard, "", 2)
			got := 0
			for _, ex := range cards {
				if slices.Contains(ex.Auth.Presented, journal.CredBearer) {
					got++
				}
			}
			if got != tc.bearerOnCard {
				t.Errorf("%d card requests carried the bearer token, want %d", got, tc.bearerOnCard)
			}
		})
	}
}
