// Package wire holds the A2A v1.0 data model exactly as it travels: ProtoJSON
// field names, enum names as strings, wrapper keys as discriminators.
//
// The mock peers write these types, the reference client reads them, and both
// stay byte-compatible with @a2a-js/sdk 1.3.0 and a2a-go/v2 v2.3.1. Optional
// proto fields are pointers so that an explicit false survives a round trip.
package wire

// ProtocolVersion is the only A2A version this project speaks.
const ProtocolVersion = "1.0"

// Core protocol bindings (spec §5.8).
const (
	BindingJSONRPC  = "JSONRPC"
	BindingHTTPJSON = "HTTP+JSON"
	BindingGRPC     = "GRPC"
)

// WellKnownCardPath is where every peer serves its public card (spec §8.2).
const WellKnownCardPath = "/.well-known/agent-card.json"

// AgentCard is proto message lf.a2a.v1.AgentCard.
type AgentCard struct {
	Name                 string                    `json:"name"`
	Description          string                    `json:"description"`
	SupportedInterfaces  []AgentInterface          `json:"supportedInterfaces"`
	Provider             *AgentProvider            `json:"provider,omitempty"`
	Version              string                    `json:"version"`
	DocumentationURL     *string                   `json:"documentationUrl,omitempty"`
	Capabilities         AgentCapabilities         `json:"capabilities"`
	SecuritySchemes      map[string]SecurityScheme `json:"securitySchemes,omitempty"`
	SecurityRequirements []SecurityRequirement     `json:"securityRequirements,omitempty"`
	DefaultInputModes    []string                  `json:"defaultInputModes"`
	DefaultOutputModes   []string                  `json:"defaultOutputModes"`
	Skills               []AgentSkill              `json:"skills"`
	Signatures           []AgentCardSignature      `json:"signatures,omitempty"`
	IconURL              *string                   `json:"iconUrl,omitempty"`
}

// AgentInterface is one endpoint of the agent (proto AgentInterface).
type AgentInterface struct {
	URL             string `json:"url"`
	ProtocolBinding string `json:"protocolBinding"`
	Tenant          string `json:"tenant,omitempty"`
	ProtocolVersion string `json:"protocolVersion"`
}

// AgentProvider names the organisation behind the agent.
type AgentProvider struct {
	URL          string `json:"url"`
	Organization string `json:"organization"`
}

// AgentCapabilities declares optional features.
type AgentCapabilities struct {
	Streaming         *bool            `json:"streaming,omitempty"`
	PushNotifications *bool            `json:"pushNotifications,omitempty"`
	Extensions        []AgentExtension `json:"extensions,omitempty"`
	ExtendedAgentCard *bool            `json:"extendedAgentCard,omitempty"`
}

// AgentExtension declares one protocol extension.
type AgentExtension struct {
	URI         string         `json:"uri"`
	Description string         `json:"description,omitempty"`
	Required    bool           `json:"required,omitempty"`
	Params      map[string]any `json:"params,omitempty"`
}

// AgentSkill is one thing the agent can do.
type AgentSkill struct {
	ID                   string                `json:"id"`
	Name                 string                `json:"name"`
	Description          string                `json:"description"`
	Tags                 []string              `json:"tags"`
	Examples             []string              `json:"examples,omitempty"`
	InputModes           []string              `json:"inputModes,omitempty"`
	OutputModes          []string              `json:"outputModes,omitempty"`
	SecurityRequirements []SecurityRequirement `json:"securityRequirements,omitempty"`
}

// AgentCardSignature is one detached JWS over the canonical card (spec §8.4).
type AgentCardSignature struct {
	Protected string         `json:"protected"`
	Signature string         `json:"signature"`
	Header    map[string]any `json:"header,omitempty"`
}

// Bool returns a pointer to b, for optional proto booleans.
func Bool(b bool) *bool { return &b }

// String returns a pointer to s, for optional proto strings.
func String(s string) *string { return &s }

// Skill returns the skill with the given id, or nil.
func (c *AgentCard) Skill(id string) *AgentSkill {
	for i := range c.Skills {
		if c.Skills[i].ID == id {
			return &c.Skills[i]
		}
	}
	return nil
}
