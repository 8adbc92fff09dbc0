package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// Skill ids used by the catalog.
const (
	skillSummarize = "summarize"
	skillTranslate = "translate"
	skillPayroll   = "payroll-report"
)

// cardOpts shape a card built by agentCard.
type cardOpts struct {
	schemes      map[string]wire.SecurityScheme
	requirements []wire.SecurityRequirement
	skills       []wire.AgentSkill
	// endpoint is the peer whose origin the interfaces point at ("" = self).
	endpoint        string
	protocolVersion string // "" means 1.0
	onlyJSONRPC     bool
	inputModes      []string
	version         string
	extensions      []wire.AgentExtension
}

// agentCard builds a spec-conformant v1.0 card for peer self. Unless the
// options say otherwise it lists two interfaces on the peer's own origin,
// JSON-RPC first and HTTP+JSON second, both protocolVersion 1.0.
func agentCard(o mockpeer.Origins, self string, c cardOpts) wire.AgentCard {
	origin := o(self)
	if c.endpoint != "" {
		origin = o(c.endpoint)
	}
	pv := c.protocolVersion
	if pv == "" {
		pv = wire.ProtocolVersion
	}
	ifaces := []wire.AgentInterface{{URL: mockpeer.JSONRPCURL(origin), ProtocolBinding: wire.BindingJSONRPC, ProtocolVersion: pv}}
	if !c.onlyJSONRPC {
		ifaces = append(ifaces, wire.AgentInterface{URL: mockpeer.RESTURL(origin), ProtocolBinding: wire.BindingHTTPJSON, ProtocolVersion: pv})
	}
	version := c.version
	if version == "" {
		version = "1.0.0"
	}
	inputs := c.inputModes
	if inputs == nil {
		inputs = []string{"text/plain"}
	}
	return wire.AgentCard{
		Name:                 "a2a-conform peer " + self,
		Description:          "Scripted A2A v1.0 peer of the a2a-conform mock farm.",
		SupportedInterfaces:  ifaces,
		Provider:             &wire.AgentProvider{Organization: "a2a-conform", URL: "https://a2a-conform.dev"},
		Version:              version,
		Capabilities:         wire.AgentCapabilities{Streaming: wire.Bool(true), PushNotifications: wire.Bool(false), Extensions: c.extensions},
		SecuritySchemes:      c.schemes,
		SecurityRequirements: c.requirements,
		DefaultInputModes:    inputs,
		DefaultOutputModes:   []string{"text/plain"},
		Skills:               c.skills,
	}
}

// requireBearer gives a card the catalog's most common security: a bearer
// token required card-wide; and the standard skills unless c names others.
func requireBearer(c cardOpts) cardOpts {
	c.schemes = bearerScheme()
	c.requirements = []wire.SecurityRequirement{wire.Require("bearer")}
	if c.skills == nil {
		c.skills = standardSkills()
	}
	return c
}

func skill(id, description string) wire.AgentSkill {
	return wire.AgentSkill{ID: id, Name: id, Description: description, Tags: []string{"a2a-conform"}}
}

// Standard skill set: the target plus unrelated ones, so drift can drop one.
func standardSkills() []wire.AgentSkill {
	return []wire.AgentSkill{
		skill(skillSummarize, "Summarizes a document."),
		skill(skillTranslate, "Translates text between languages."),
		skill("classify", "Classifies a document by topic."),
	}
}

// Security schemes used by the catalog.
func oauthScheme(o mockpeer.Origins, self string) map[string]wire.SecurityScheme {
	return map[string]wire.SecurityScheme{"oauth": {OAuth2: &wire.OAuth2SecurityScheme{
		Flows: wire.OAuthFlows{ClientCredentials: &wire.ClientCredentialsOAuthFlow{
			TokenURL: o(self) + "/oauth/token",
			Scopes:   map[string]string{"a2a.tasks": "delegate tasks"},
		}},
	}}}
}

func oauthRequirement() []wire.SecurityRequirement {
	return []wire.SecurityRequirement{{Schemes: map[string]wire.StringList{"oauth": {List: []string{"a2a.tasks"}}}}}
}

func bearerScheme() map[string]wire.SecurityScheme {
	return map[string]wire.SecurityScheme{"bearer": {HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}}
}

func mtlsScheme() map[string]wire.SecurityScheme {
	return map[string]wire.SecurityScheme{"mtls": {MTLS: &wire.MTLSSecurityScheme{Description: "TLS client certificate issued by the agent's CA"}}}
}

func apiKeyScheme() map[string]wire.SecurityScheme {
	return map[string]wire.SecurityScheme{"apikey": {APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-API-Key"}}}
}

// completingSteps is a short script that works and completes.
func completingSteps() []mockpeer.TaskStep {
	return []mockpeer.TaskStep{
		{State: wire.TaskStateWorking, Progress: 50},
		{State: wire.TaskStateCompleted, Progress: 100},
	}
}
