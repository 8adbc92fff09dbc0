package refclient

import (
	"context"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

const (
	testSkill   = "summarize"
	testMessage = "please summarize"
	// testDeadline is generous: every test ends on an event, not on time.
	testDeadline = 20 * time.Second
)

// testCard lists JSON-RPC then HTTP+JSON on origin (the fake peer's
// paths, not a farm peer's), both 1.0, two skills, no capabilities and no
// security.
func testCard(origin string) wire.AgentCard {
	return mockpeer.NewCard("test").Name("test agent").Description("answers tests").Provider(nil).
		Capabilities(wire.AgentCapabilities{}).
		Interfaces(
			wire.AgentInterface{URL: origin + "/rpc", ProtocolBinding: wire.BindingJSONRPC, ProtocolVersion: "1.0"},
			wire.AgentInterface{URL: origin + "/rest", ProtocolBinding: wire.BindingHTTPJSON, ProtocolVersion: "1.0"},
		).
		Skills(mockpeer.Skill(testSkill, "summarizes", "text"), mockpeer.Skill("translate", "translates", "text")).
		Build(nil)
}

// secure makes name the card's only security requirement.
func secure(c *wire.AgentCard, name string, s wire.SecurityScheme) {
	c.SecuritySchemes = map[string]wire.SecurityScheme{name: s}
	c.SecurityRequirements = []wire.SecurityRequirement{wire.Require(name)}
}

func bearerScheme() wire.SecurityScheme {
	return wire.SecurityScheme{HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}
}

func oauthScheme(tokenURL string) wire.SecurityScheme {
	return wire.SecurityScheme{OAuth2: &wire.OAuth2SecurityScheme{Flows: wire.OAuthFlows{
		ClientCredentials: &wire.ClientCredentialsOAuthFlow{TokenURL: tokenURL, Scopes: map[string]string{"a2a": "use"}},
	}}}
}

func apiKeyScheme(location, name string) wire.SecurityScheme {
	return wire.SecurityScheme{APIKey: &wire.APIKeySecurityScheme{Location: location, Name: name}}
}

func mtlsScheme() wire.SecurityScheme {
	return wire.SecurityScheme{MTLS: &wire.MTLSSecurityScheme{}}
}

// allCredentials grants every kind of credential.
func allCredentials(pki *testPKI) driver.Credentials {
	return driver.Credentials{
		OAuthClientID: testClientID, OAuthClientSecret: testClientSecret,
		BearerToken: testBearer, APIKey: testAPIKey,
		ClientCertFile: pki.clientCertFile, ClientKeyFile: pki.clientKeyFile,
	}
}

// runAgainst plays one task against the peer serving cardURL.
func runAgainst(t *testing.T, pki *testPKI, cardURL string, creds driver.Credentials) driver.Outcome {
	t.Helper()
	out := Run(context.Background(), driver.Assignment{
		CardURL: cardURL, Message: testMessage, Skill: testSkill,
		CAFile: pki.caFile, Credentials: creds, Deadline: testDeadline,
	})
	t.Logf("outcome: %+v", out)
	return out
}

func wantOutcome(t *testing.T, got driver.Outcome, outcome driver.OutcomeKind, reason driver.Reason) {
	t.Helper()
	if got.Outcome != outcome || got.Reason != reason {
		t.Fatalf("outcome = %s/%s (%s), want %s/%s", got.Outcome, got.Reason, got.Detail, outcome, reason)
	}
}

// a2aOps are the A2A operations the fake peer records.
var a2aOps = []string{wire.MethodSendMessage, wire.MethodGetTask, wire.MethodCancelTask}

func wantNoA2A(t *testing.T, p *fakePeer) {
	t.Helper()
	if got := p.requests(a2aOps...); len(got) > 0 {
		t.Fatalf("peer got %d A2A requests (first %s %s), want none", len(got), got[0].Method, got[0].Path)
	}
}

func wantCount(t *testing.T, p *fakePeer, op string, want int) []seen {
	t.Helper()
	got := p.requests(op)
	if len(got) != want {
		t.Fatalf("peer got %d %s requests, want %d", len(got), op, want)
	}
	return got
}
