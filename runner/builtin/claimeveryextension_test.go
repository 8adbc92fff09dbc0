package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A card requiring an extension nobody speaks: the reference sends nothing
// and aborts with extension-unsupported; claim-every-extension activates
// it and sends. Declared but not required, both complete.
func TestClaimEveryExtension(t *testing.T) {
	const uri = "https://a2a-conform.dev/ext/unspoken/v1"
	declare := func(required bool) edit {
		return func(_ mockpeer.Origins, c *wire.AgentCard) {
			c.Capabilities.Extensions = []wire.AgentExtension{{URI: uri, Required: required}}
		}
	}
	for _, tc := range []struct {
		name, client string
		required     bool
		sends        int
		outcome      driver.OutcomeKind
		reason       driver.Reason
	}{
		{"reference/required", Reference, true, 0, driver.OutcomeAborted, driver.ReasonExtensionUnsupported},
		{"reference/declared", Reference, false, 1, driver.OutcomeCompleted, ""},
		{"cheat/required", ClaimEveryExtension, true, 1, driver.OutcomeCompleted, ""},
		{"cheat/declared", ClaimEveryExtension, false, 1, driver.OutcomeCompleted, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true}, mockpeer.PeerSpec{
				Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", requireBearer, declare(tc.required))},
			})
			wantOutcome(t, out, tc.outcome, tc.reason)
			wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, tc.sends)
		})
	}
}
