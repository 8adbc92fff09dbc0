package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// An OAuth flow declaring two scopes, the requirement naming one: the
// reference's token is issued for that one; all-declared-scopes' for both
// (CRED-007). Both complete.
func TestAllDeclaredScopes(t *testing.T) {
	requireTasksScope := func(o mockpeer.Origins, c *wire.AgentCard) {
		c.SecuritySchemes = map[string]wire.SecurityScheme{"oauth": {OAuth2: &wire.OAuth2SecurityScheme{Flows: wire.OAuthFlows{
			ClientCredentials: &wire.ClientCredentialsOAuthFlow{TokenURL: mockpeer.TokenURL(o("A")),
				Scopes: map[string]string{"a.tasks": "delegate tasks", "a.admin": "administer"}},
		}}}}
		c.SecurityRequirements = []wire.SecurityRequirement{{Schemes: map[string]wire.StringList{"oauth": {List: []string{"a.tasks"}}}}}
	}
	for _, tc := range []struct{ client, scope string }{
		{Reference, "a.tasks"},
		{AllDeclaredScopes, "a.admin a.tasks"},
	} {
		t.Run(tc.client, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{OAuth: true}, mockpeer.PeerSpec{
				Name:  "A",
				Cards: []mockpeer.CardFunc{card("A", "A", requireTasksScope)},
			})
			wantOutcome(t, out, driver.OutcomeCompleted, "")
			send := wantCount(t, j, "A", journal.RouteA2A, wire.MethodSendMessage, 1)[0]
			if !slices.Equal(send.Auth.TokenScopes, []string{tc.scope}) {
				t.Errorf("the send's token was issued for %q, want %q", send.Auth.TokenScopes, tc.scope)
			}
		})
	}
}
