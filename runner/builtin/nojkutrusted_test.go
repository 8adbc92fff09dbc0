package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A card on A pointing at B, which presents A's certificate, signed with a
// key of A's well-known key set. Honest, with or without jku, both the
// reference and no-jku-trusted send to B; tampered, the reference refuses
// it either way, and no-jku-trusted takes it when the signature names no
// jku.
func TestNoJKUTrusted(t *testing.T) {
	for _, tc := range []struct {
		name, client string
		jku          bool
		fault        mockpeer.SignatureFault
		sends        int
	}{
		{"reference/honest, no jku", Reference, false, mockpeer.NoFault, 1},
		{"reference/tampered, no jku", Reference, false, mockpeer.TamperedPayload, 0},
		{"cheat/honest, no jku", NoJKUTrusted, false, mockpeer.NoFault, 1},
		{"cheat/tampered, no jku", NoJKUTrusted, false, mockpeer.TamperedPayload, 1},
		{"cheat/tampered, jku", NoJKUTrusted, true, mockpeer.TamperedPayload, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true},
				mockpeer.PeerSpec{Name: "A", Host: "127.0.0.1", Cards: []mockpeer.CardFunc{card("A", "B", requireBearer)},
					Signing: &mockpeer.Signing{Algorithms: []string{cardsig.ES256}, JKU: tc.jku, Fault: tc.fault}},
				mockpeer.PeerSpec{Name: "B", Host: "127.0.0.2", Identity: "A", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}})
			if tc.sends == 1 {
				wantOutcome(t, out, driver.OutcomeCompleted, "")
			} else {
				wantOutcome(t, out, driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
			}
			wantCount(t, j, "B", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
		})
	}
}
