package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// listsBFirst lists B's JSON-RPC interface before A's own on the public
// card, unsigned: the card is advisory for it.
func listsBFirst(o mockpeer.Origins, c *wire.AgentCard) {
	c.SupportedInterfaces = append([]wire.AgentInterface{
		{URL: mockpeer.JSONRPCURL(o("B")), ProtocolBinding: wire.BindingJSONRPC, ProtocolVersion: "1.0"},
	}, c.SupportedInterfaces...)
}

// A's public card lists B before A; its extended card points at B. The
// reference skips B on the public card and refuses the extended card for
// it; extended-public-origins takes B's listing for a vouch and completes
// at B. Without the listing, it refuses too.
func TestExtendedPublicOrigins(t *testing.T) {
	grants := mockpeer.Grants{Bearer: true, APIKey: true}
	for _, tc := range []struct {
		client string
		listed bool
		want   driver.Outcome
	}{
		{Reference, true, untrusted},
		{ExtendedPublicOrigins, true, driver.Outcome{Outcome: driver.OutcomeCompleted}},
		{ExtendedPublicOrigins, false, untrusted},
	} {
		name := tc.client + "/B not listed"
		if tc.listed {
			name = tc.client + "/B listed"
		}
		t.Run(name, func(t *testing.T) {
			peers := extendedPeers("B")
			if tc.listed {
				peers[0].Cards = []mockpeer.CardFunc{card("A", "A", requireBearer, publicWithoutSkill, listsBFirst)}
			}
			out, j := play(t, tc.client, grants, peers...)
			wantOutcome(t, out, tc.want.Outcome, tc.want.Reason)
			if tc.want == untrusted {
				wantCount(t, j, "B", "", "", 0)
			} else {
				wantCount(t, j, "B", journal.RouteA2A, wire.MethodSendMessage, 1)
			}
		})
	}
}
