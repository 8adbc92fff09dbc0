package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A signed card whose interfaces are all on its own origin is authoritative
// there by being served there: the reference completes under it. unsigned-
// only refuses it before it sends anything, and is the reference on the same
// card unsigned.
func TestUnsignedOnly(t *testing.T) {
	for _, tc := range []struct {
		name, client string
		signing      *mockpeer.Signing
		sends        int
		outcome      driver.OutcomeKind
		reason       driver.Reason
	}{
		{"reference/signed", Reference, &mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true}, 1, driver.OutcomeCompleted, ""},
		{"cheat/signed", UnsignedOnly, &mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: true}, 0, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint},
		{"cheat/unsigned", UnsignedOnly, nil, 1, driver.OutcomeCompleted, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
				Name:    "A",
				Cards:   []mockpeer.CardFunc{card("A", "A", requireBearer)},
				Caching: mockpeer.Caching{CacheControl: "max-age=300"},
				Signing: tc.signing,
			})
			wantOutcome(t, out, tc.outcome, tc.reason)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
		})
	}
}
