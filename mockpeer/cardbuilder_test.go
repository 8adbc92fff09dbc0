package mockpeer_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// fixedOrigins have a port, as farm origins do, for the gRPC host:port target.
func fixedOrigins(peer string) string { return "https://" + strings.ToLower(peer) + ".test:8443" }

func cardJSON(t *testing.T, b mockpeer.CardBuilder) string {
	t.Helper()
	raw, err := json.Marshal(b.Build(fixedOrigins))
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// The default card is SPEC §3's: the three bindings' interfaces on the
// peer's own origin, JSON-RPC, HTTP+JSON, then gRPC (a host:port target),
// all protocol 1.0.
func ExampleNewCard() {
	card := mockpeer.NewCard("A").
		Security(mockpeer.BearerScheme(), wire.Require(mockpeer.SchemeBearer)).
		Skills(mockpeer.Skill("summarize", "Summarizes a document.", "demo"))
	raw, _ := json.MarshalIndent(card.Build(fixedOrigins), "", " ")
	fmt.Println(string(raw))
	// Output:
	// {
	//  "name": "a2a-conform peer A",
	//  "description": "Scripted A2A v1.0 peer of the a2a-conform mock farm.",
	//  "supportedInterfaces": [
	//   {
	//    "url": "https://a.test:8443/a2a/jsonrpc",
	//    "protocolBinding": "JSONRPC",
	//    "protocolVersion": "1.0"
	//   },
	//   {
	//    "url": "https://a.test:8443/a2a/rest",
	//    "protocolBinding": "HTTP+JSON",
	//    "protocolVersion": "1.0"
	//   },
	//   {
	//    "url": "a.test:8443",
	//    "protocolBinding": "GRPC",
	//    "protocolVersion": "1.0"
	//   }
	//  ],
	//  "provider": {
	//   "url": "https://a2a-conform.dev",
	//   "organization": "a2a-conform"
	//  },
	//  "version": "1.0.0",
	//  "capabilities": {
	//   "streaming": true,
	//   "pushNotifications": false
	//  },
	//  "securitySchemes": {
	//   "bearer": {
	//    "httpAuthSecurityScheme": {
	//     "scheme": "Bearer"
	//    }
	//   }
	//  },
	//  "securityRequirements": [
	//   {
	//    "schemes": {
	//     "bearer": {
	//      "list": []
	//     }
	//    }
	//   }
	//  ],
	//  "defaultInputModes": [
	//   "text/plain"
	//  ],
	//  "defaultOutputModes": [
	//   "text/plain"
	//  ],
	//  "skills": [
	//   {
	//    "id": "summarize",
	//    "name": "summarize",
	//    "description": "Summarizes a document.",
	//    "tags": [
	//     "demo"
	//    ]
	//   }
	//  ]
	// }
}

func TestCardBuilderInterfaces(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    mockpeer.CardBuilder
		want string
	}{
		{"default", mockpeer.NewCard("A"),
			`[{"url":"https://a.test:8443/a2a/jsonrpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"},` +
				`{"url":"https://a.test:8443/a2a/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"},` +
				`{"url":"a.test:8443","protocolBinding":"GRPC","protocolVersion":"1.0"}]`},
		{"on another peer's origin", mockpeer.NewCard("A").Endpoint("B"),
			`[{"url":"https://b.test:8443/a2a/jsonrpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"},` +
				`{"url":"https://b.test:8443/a2a/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"},` +
				`{"url":"b.test:8443","protocolBinding":"GRPC","protocolVersion":"1.0"}]`},
		{"one binding, another version", mockpeer.NewCard("A").ProtocolVersion("2.0").Bindings(wire.BindingJSONRPC),
			`[{"url":"https://a.test:8443/a2a/jsonrpc","protocolBinding":"JSONRPC","protocolVersion":"2.0"}]`},
		{"HTTP+JSON preferred", mockpeer.NewCard("A").Bindings(wire.BindingHTTPJSON, wire.BindingJSONRPC),
			`[{"url":"https://a.test:8443/a2a/rest","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"},` +
				`{"url":"https://a.test:8443/a2a/jsonrpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]`},
		{"explicit", mockpeer.NewCard("A").Endpoint("B").Interfaces(wire.AgentInterface{URL: "https://x.test/rpc", ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"}),
			`[{"url":"https://x.test/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, _ := json.Marshal(tc.b.Build(fixedOrigins).SupportedInterfaces)
			if string(raw) != tc.want {
				t.Errorf("interfaces\n got %s\nwant %s", raw, tc.want)
			}
		})
	}
}

// A derived builder never changes the one it came from, and a built card
// can be changed without changing the next one built.
func TestCardBuilderCopies(t *testing.T) {
	setName := func(name string) func(mockpeer.Origins, *wire.AgentCard) {
		return func(_ mockpeer.Origins, c *wire.AgentCard) { c.Name = name }
	}
	base := mockpeer.NewCard("A").Skills(mockpeer.Skill("s", "d")).Edit(setName("base"))
	before := cardJSON(t, base)
	x, y := base.Edit(setName("x")), base.Edit(setName("y")).Version("2")
	if got := x.Build(fixedOrigins); got.Name != "x" || got.Version != "1.0.0" {
		t.Errorf("x = %q v%s, want x v1.0.0", got.Name, got.Version)
	}
	if got := y.Build(fixedOrigins); got.Name != "y" || got.Version != "2" {
		t.Errorf("y = %q v%s, want y v2", got.Name, got.Version)
	}
	c := base.Build(fixedOrigins)
	c.Skills[0].Description = "changed"
	c.SupportedInterfaces[0].URL = "changed"
	c.DefaultInputModes[0] = "changed"
	c.Provider.Organization = "changed"
	if after := cardJSON(t, base); after != before {
		t.Errorf("changing a built card or deriving builders changed the base:\n got %s\nwant %s", after, before)
	}
}

func TestCardBuilderSchemes(t *testing.T) {
	card := mockpeer.NewCard("A").Security(mockpeer.OAuthScheme("B", nil), wire.Require(mockpeer.SchemeOAuth)).Build(fixedOrigins)
	flow := card.SecuritySchemes[mockpeer.SchemeOAuth].OAuth2.Flows.ClientCredentials
	if flow.TokenURL != "https://b.test:8443/oauth/token" || flow.Scopes == nil {
		t.Errorf("oauth flow = %+v, want B's token URL and scopes {} (the member is required)", flow)
	}
	// Without a requirement only skills can require anything.
	if got := cardJSON(t, mockpeer.NewCard("A").Security(mockpeer.APIKeyScheme())); strings.Contains(got, "securityRequirements") {
		t.Errorf("card without a requirement: %s", got)
	}
}

func TestCardBuilderNeedsOrigins(t *testing.T) {
	explicit := mockpeer.NewCard("A").Interfaces()
	if c := explicit.Build(nil); c.SupportedInterfaces == nil {
		t.Error("explicit interfaces built with no Origins: got nil interfaces, want []")
	}
	mustPanic(t, "the origin of peer A", func() { mockpeer.NewCard("A").Build(nil) })
	mustPanic(t, "no SOAP interface", func() { mockpeer.NewCard("A").Bindings("SOAP") })
}

func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if p := recover(); p == nil || !strings.Contains(fmt.Sprint(p), want) {
			t.Errorf("panic %v, want one mentioning %q", p, want)
		}
	}()
	f()
}
