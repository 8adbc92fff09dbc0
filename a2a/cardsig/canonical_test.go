package cardsig

import (
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func TestCanonicalPayloadSpecWorkedExample(t *testing.T) {
	// Spec §8.4.1 "Example of Default Value Removal": the optional
	// booleans stay although false, the empty extensions go, the REQUIRED
	// description and skills stay although empty.
	in := `{
	  "name": "Example Agent",
	  "description": "",
	  "capabilities": {"streaming": false, "pushNotifications": false, "extensions": []},
	  "skills": []
	}`
	const want = `{"capabilities":{"pushNotifications":false,"streaming":false},"description":"","name":"Example Agent","skills":[]}`
	got, err := CanonicalPayload([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("CanonicalPayload\n got %s\nwant %s", got, want)
	}
}

func TestCanonicalPayloadPresenceRules(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"signatures are never covered",
			`{"name":"n","signatures":[{"protected":"p","signature":"s"}]}`, `{"name":"n"}`},
		{"absent REQUIRED fields are not invented",
			`{"name":"n"}`, `{"name":"n"}`},
		{"REQUIRED scalars and lists stay at their defaults",
			`{"name":"","version":"","supportedInterfaces":[],"defaultInputModes":[],"defaultOutputModes":[]}`,
			`{"defaultInputModes":[],"defaultOutputModes":[],"name":"","supportedInterfaces":[],"version":""}`},
		{"optional strings stay when set, even empty",
			`{"documentationUrl":"","iconUrl":""}`, `{"documentationUrl":"","iconUrl":""}`},
		{"implicit-presence scalars at their default go",
			`{"supportedInterfaces":[{"url":"u","protocolBinding":"JSONRPC","protocolVersion":"1.0","tenant":""}]}`,
			`{"supportedInterfaces":[{"protocolBinding":"JSONRPC","protocolVersion":"1.0","url":"u"}]}`},
		{"implicit-presence scalars with a value stay",
			`{"supportedInterfaces":[{"url":"u","protocolBinding":"JSONRPC","protocolVersion":"1.0","tenant":"t"}]}`,
			`{"supportedInterfaces":[{"protocolBinding":"JSONRPC","protocolVersion":"1.0","tenant":"t","url":"u"}]}`},
		{"extension defaults go, a set required stays, params are a Struct kept whole",
			`{"capabilities":{"extensions":[{"uri":"x","description":"","required":false,"params":{"a":"","b":[],"c":{}}},{"uri":"y","required":true}]}}`,
			`{"capabilities":{"extensions":[{"params":{"a":"","b":[],"c":{}},"uri":"x"},{"required":true,"uri":"y"}]}}`},
		{"optional capability booleans stay when false",
			`{"capabilities":{"streaming":false,"pushNotifications":false,"extendedAgentCard":false}}`,
			`{"capabilities":{"extendedAgentCard":false,"pushNotifications":false,"streaming":false}}`},
		{"an empty message field is still set",
			`{"capabilities":{},"provider":{}}`, `{"capabilities":{},"provider":{}}`},
		{"null means not set",
			`{"name":"n","provider":null,"iconUrl":null,"skills":null}`, `{"name":"n"}`},
		{"empty optional lists and maps go",
			`{"securitySchemes":{},"securityRequirements":[],"skills":[{"id":"s","name":"s","description":"d","tags":[],"examples":[],"inputModes":[],"outputModes":[],"securityRequirements":[]}]}`,
			`{"skills":[{"description":"d","id":"s","name":"s","tags":[]}]}`},
		{"scope lists: empty list goes, the StringList stays",
			`{"securityRequirements":[{"schemes":{"bearer":{"list":[]}}},{}]}`,
			`{"securityRequirements":[{"schemes":{"bearer":{}}},{}]}`},
		{"scope lists in a2a-go's bare-array shape read as the spec's",
			`{"securityRequirements":[{"schemes":{"oauth":["a","b"],"bearer":[]}}]}`,
			`{"securityRequirements":[{"schemes":{"bearer":{},"oauth":{"list":["a","b"]}}}]}`},
		{"security schemes: oneof members stay even empty, their defaults go",
			`{"securitySchemes":{"m":{"mtlsSecurityScheme":{}},"h":{"httpAuthSecurityScheme":{"scheme":"Bearer","description":"","bearerFormat":""}}}}`,
			`{"securitySchemes":{"h":{"httpAuthSecurityScheme":{"scheme":"Bearer"}},"m":{"mtlsSecurityScheme":{}}}}`},
		{"OAuth flows: REQUIRED scopes stay empty, refreshUrl default goes",
			`{"securitySchemes":{"o":{"oauth2SecurityScheme":{"flows":{"clientCredentials":{"tokenUrl":"t","refreshUrl":"","scopes":{}}}}}}}`,
			`{"securitySchemes":{"o":{"oauth2SecurityScheme":{"flows":{"clientCredentials":{"scopes":{},"tokenUrl":"t"}}}}}}`},
		{"unknown members are covered as received",
			`{"name":"n","x-vendor":{"empty":"","list":[]},"SupportedInterfaces":[],"supported_interfaces":[{"url":"u"}]}`,
			`{"SupportedInterfaces":[],"name":"n","supported_interfaces":[{"url":"u"}],"x-vendor":{"empty":"","list":[]}}`},
		{"a value of the wrong JSON type is kept as received",
			`{"supportedInterfaces":{"url":"u"},"capabilities":"yes"}`,
			`{"capabilities":"yes","supportedInterfaces":{"url":"u"}}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := CanonicalPayload([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("CanonicalPayload(%s)\n got %s\nwant %s", tc.in, got, tc.want)
			}
		})
	}
}

func TestCanonicalPayloadRejects(t *testing.T) {
	for _, in := range []string{``, `null`, `[]`, `"card"`, `{"name":"a"} {}`, `{"name":"a","name":"b"}`} {
		if got, err := CanonicalPayload([]byte(in)); err == nil {
			t.Errorf("CanonicalPayload(%q) = %s, want an error", in, got)
		}
	}
}

// The flattened scope shape a peer serves to a2a-go clients signs like the
// spec shape, so a card verifies as served in either shape.
func TestCanonicalPayloadSameForBothScopeShapes(t *testing.T) {
	spec := `{"name":"n","securityRequirements":[{"schemes":{"oauth":{"list":["a2a.tasks"]},"bearer":{"list":[]}}}],` +
		`"skills":[{"id":"s","name":"s","description":"d","tags":["t"],"securityRequirements":[{"schemes":{"bearer":{"list":[]}}}]}]}`
	flat, err := wire.FlattenSecurityScopes([]byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(flat), `"oauth":["a2a.tasks"]`) {
		t.Fatalf("flattening did not flatten: %s", flat)
	}
	a, errA := CanonicalPayload([]byte(spec))
	b, errB := CanonicalPayload(flat)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if string(a) != string(b) {
		t.Errorf("spec shape and flat shape canonicalize differently:\n%s\n%s", a, b)
	}
}
