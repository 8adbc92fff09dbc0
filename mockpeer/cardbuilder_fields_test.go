package mockpeer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Each field method changes its field and leaves the card it derives from
// as it was: versions built from one builder share nothing they change.
func TestFieldMethodsChangeOneFieldOfACopy(t *testing.T) {
	o := func(string) string { return "https://127.0.0.1:4431" }
	base := NewCard("A").Skills(Skill(testSkill, "summarizes", "text")).
		Security(func(o Origins) map[string]wire.SecurityScheme {
			s := OAuthScheme("A", map[string]string{"a2a.tasks": "delegate"})(o)
			s[SchemeAPIKey] = APIKeyScheme()(o)[SchemeAPIKey]
			return s
		}, wire.Require(SchemeAPIKey)).
		Extensions(wire.AgentExtension{URI: "urn:x"})
	tests := []struct {
		name    string
		changed CardBuilder
		want    string // a fragment only the changed card's JSON holds
	}{
		{"tenant", base.InterfaceTenant(0, "blue"), `"tenant":"blue"`},
		{"binding", base.InterfaceBinding(1, wire.BindingJSONRPC), `/a2a/rest","protocolBinding":"JSONRPC"`},
		{"protocol version", base.InterfaceProtocolVersion(0, "2.0"), `"protocolVersion":"2.0"`},
		{"order", base.SwapInterfaces(0, 1), `"supportedInterfaces":[{"url":"https://127.0.0.1:4431/a2a/rest"`},
		{"required extension", base.RequireExtension("urn:x"), `"required":true`},
		{"skill security", base.SkillSecurity(testSkill, wire.Require(SchemeOAuth)), `"tags":["text"],"securityRequirements"`},
		{"token url", base.OAuthTokenURL(SchemeOAuth, func(u string) string { return u + "?realm=tasks" }), `?realm=tasks`},
		{"scopes", base.OAuthScopes(SchemeOAuth, map[string]string{"a2a.audit": "audit"}), `"a2a.audit"`},
		{"api key name", base.APIKeyName(SchemeAPIKey, "X-Agent-Key"), `X-Agent-Key`},
		{"api key location", base.APIKeyLocation(SchemeAPIKey, "cookie"), `"location":"cookie"`},
		{"skill description", base.SkillDescription(testSkill, "condenses"), `condenses`},
		{"output modes", base.OutputModes("application/json"), `"defaultOutputModes":["application/json"]`},
		{"push notifications", base.PushNotifications(true), `"pushNotifications":true`},
		{"icon", base.IconURL("https://a2a-conform.dev/icon.png"), `"iconUrl"`},
		{"documentation", base.DocumentationURL("https://a2a-conform.dev/docs"), `"documentationUrl"`},
	}
	before, _ := json.Marshal(base.Build(o))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			changed, _ := json.Marshal(tc.changed.Build(o))
			if !strings.Contains(string(changed), tc.want) || strings.Contains(string(before), tc.want) {
				t.Errorf("changed card\n%s\nbase\n%s\nwant %s in the changed one only", changed, before, tc.want)
			}
			if again, _ := json.Marshal(base.Build(o)); string(again) != string(before) {
				t.Errorf("the base card changed with it:\n%s", again)
			}
		})
	}
}
