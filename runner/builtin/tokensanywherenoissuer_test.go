package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A grant naming no issuer, a card on A whose tokenUrl is on B: the
// reference aborts auth-unavailable and asks B nothing;
// tokens-anywhere-no-issuer posts its client secret to B's token endpoint
// and completes (CRED-014, CRED-015). With the tokenUrl on A both complete.
func TestTokensAnywhereWithoutIssuer(t *testing.T) {
	tokenAt := func(peer string) edit {
		return func(o mockpeer.Origins, c *wire.AgentCard) {
			require(c, "oauth", wire.SecurityScheme{OAuth2: &wire.OAuth2SecurityScheme{Flows: wire.OAuthFlows{
				ClientCredentials: &wire.ClientCredentialsOAuthFlow{TokenURL: mockpeer.TokenURL(o(peer)), Scopes: map[string]string{}},
			}}})
		}
	}
	for _, tc := range []struct {
		name, client, tokenPeer string
		outcome                 driver.OutcomeKind
		reason                  driver.Reason
		atB                     int
	}{
		{"reference/own origin", Reference, "A", driver.OutcomeCompleted, "", 0},
		{"cheat/own origin", TokensAnywhereNoIssuer, "A", driver.OutcomeCompleted, "", 0},
		{"reference/other origin", Reference, "B", driver.OutcomeAborted, driver.ReasonAuthUnavailable, 0},
		{"cheat/other origin", TokensAnywhereNoIssuer, "B", driver.OutcomeCompleted, "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{OAuth: true},
				mockpeer.PeerSpec{Name: "A", Cards: []mockpeer.CardFunc{card("A", "A", tokenAt(tc.tokenPeer))}},
				mockpeer.PeerSpec{Name: "B", Host: "127.0.0.2", Cards: []mockpeer.CardFunc{card("B", "B", requireBearer)}})
			wantOutcome(t, out, tc.outcome, tc.reason)
			wantCount(t, j, "B", journal.RouteToken, "", tc.atB)
		})
	}
}
