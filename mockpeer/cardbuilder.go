package mockpeer

import (
	"maps"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// CardBuilder builds the versions of a peer's card. NewCard is the farm's
// default card; every method returns a copy with one thing changed, so a
// script derives version 2 from version 1 instead of spelling both out.
// Build is a CardFunc:
//
//	v1 := mockpeer.NewCard("A").
//		Security(mockpeer.BearerScheme(), wire.Require(mockpeer.SchemeBearer)).
//		Skills(mockpeer.Skill("summarize", "Summarizes a document.", "demo"))
//	spec.Cards = []mockpeer.CardFunc{v1.Build, v1.Version("1.1.0").Build}
//
// The zero CardBuilder is not useful; start from NewCard.
type CardBuilder struct {
	peer string
	// card holds every field that does not depend on an origin.
	card wire.AgentCard
	// endpoint is the peer whose origin the interfaces are on.
	endpoint        string
	bindings        []string
	protocolVersion string
	// interfaces, if non-nil, replace the ones bindings would make.
	interfaces []wire.AgentInterface
	schemes    Schemes
	edits      []func(Origins, *wire.AgentCard)
}

// NewCard is the farm's default card for peer: named after it, provided by
// a2a-conform, version 1.0.0, streaming on and push notifications off,
// text/plain in and out, no security and no skills, and the three
// interfaces of the spec's bindings on the peer's own origin, all
// protocolVersion 1.0 (SPEC §3's default): JSON-RPC, HTTP+JSON, then gRPC.
// gRPC comes last so that a client taking the first binding it speaks (the
// reference, the SDKs) takes the one it took before cards listed gRPC.
func NewCard(peer string) CardBuilder {
	return CardBuilder{
		peer: peer,
		card: wire.AgentCard{
			Name:               "a2a-conform peer " + peer,
			Description:        "Scripted A2A v1.0 peer of the a2a-conform mock farm.",
			Provider:           &wire.AgentProvider{Organization: "a2a-conform", URL: "https://a2a-conform.dev"},
			Version:            "1.0.0",
			Capabilities:       wire.AgentCapabilities{Streaming: wire.Bool(true), PushNotifications: wire.Bool(false)},
			DefaultInputModes:  []string{"text/plain"},
			DefaultOutputModes: []string{"text/plain"},
			Skills:             []wire.AgentSkill{},
		},
		endpoint:        peer,
		bindings:        []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC},
		protocolVersion: wire.ProtocolVersion,
	}
}

// Build renders the card once the farm's origins are known. Every call
// returns fresh top-level slices and maps, so a caller may change what it
// gets. o may be nil when nothing depends on an origin (explicit
// Interfaces, no OAuth scheme).
func (b CardBuilder) Build(o Origins) wire.AgentCard {
	if o == nil {
		o = func(peer string) string {
			panic("mockpeer: the card of " + b.peer + " needs the origin of peer " + peer + ", but Build got no Origins")
		}
	}
	c := b.card
	if c.Provider != nil {
		p := *c.Provider
		c.Provider = &p
	}
	c.Capabilities.Extensions = slices.Clone(c.Capabilities.Extensions)
	c.SecurityRequirements = slices.Clone(c.SecurityRequirements)
	c.DefaultInputModes = slices.Clone(c.DefaultInputModes)
	c.DefaultOutputModes = slices.Clone(c.DefaultOutputModes)
	c.Skills = slices.Clone(c.Skills)
	c.SupportedInterfaces = slices.Clone(b.interfaces)
	if b.interfaces == nil {
		origin := o(b.endpoint)
		for _, binding := range b.bindings {
			c.SupportedInterfaces = append(c.SupportedInterfaces, wire.AgentInterface{
				URL: interfaceURL(binding, origin), ProtocolBinding: binding, ProtocolVersion: b.protocolVersion,
			})
		}
	}
	if b.schemes != nil {
		c.SecuritySchemes = b.schemes(o)
	}
	for _, edit := range b.edits {
		edit(o, &c)
	}
	return c
}

// interfaceURL is where a peer at origin serves binding, without an
// A2APrefix: the url a card builds, which the farm lists under the
// prefix of a peer that has one (underPrefixes).
func interfaceURL(binding, origin string) string { return interfaceURLUnder(binding, origin, "") }

// Name sets the card's name.
func (b CardBuilder) Name(name string) CardBuilder { b.card.Name = name; return b }

// Description sets the card's description.
func (b CardBuilder) Description(d string) CardBuilder { b.card.Description = d; return b }

// Version sets the agent's version (a capability field).
func (b CardBuilder) Version(v string) CardBuilder { b.card.Version = v; return b }

// Provider sets the provider; nil leaves it out.
func (b CardBuilder) Provider(p *wire.AgentProvider) CardBuilder { b.card.Provider = p; return b }

// Capabilities replaces the capabilities, extensions included.
func (b CardBuilder) Capabilities(c wire.AgentCapabilities) CardBuilder {
	b.card.Capabilities = c
	return b
}

// Streaming sets capabilities.streaming.
func (b CardBuilder) Streaming(on bool) CardBuilder {
	b.card.Capabilities.Streaming = wire.Bool(on)
	return b
}

// Extensions sets capabilities.extensions.
func (b CardBuilder) Extensions(e ...wire.AgentExtension) CardBuilder {
	b.card.Capabilities.Extensions = e
	return b
}

// Endpoint puts the interfaces on another peer's origin: the repointed
// card of the routing scenarios.
func (b CardBuilder) Endpoint(peer string) CardBuilder { b.endpoint = peer; return b }

// ProtocolVersion sets every interface's protocolVersion.
func (b CardBuilder) ProtocolVersion(pv string) CardBuilder { b.protocolVersion = pv; return b }

// Bindings lists the interfaces, in order of preference: wire.BindingJSONRPC,
// wire.BindingHTTPJSON and wire.BindingGRPC, the three a peer serves. Any
// other panics, as a script error should, before a farm starts.
func (b CardBuilder) Bindings(bindings ...string) CardBuilder {
	for _, binding := range bindings {
		if !slices.Contains(AllBindings, binding) {
			panic("mockpeer: a peer serves no " + binding + " interface")
		}
	}
	b.bindings = bindings
	return b
}

// Interfaces replaces the interfaces with these, for cards served by
// something other than a farm peer; Endpoint, ProtocolVersion and Bindings
// no longer apply.
func (b CardBuilder) Interfaces(ifaces ...wire.AgentInterface) CardBuilder {
	b.interfaces = slices.Clip(ifaces)
	if b.interfaces == nil {
		b.interfaces = []wire.AgentInterface{}
	}
	return b
}

// Security sets securitySchemes and the card-wide securityRequirements
// (none leaves the requirement out, so only skills can require anything).
func (b CardBuilder) Security(s Schemes, reqs ...wire.SecurityRequirement) CardBuilder {
	b.schemes, b.card.SecurityRequirements = s, reqs
	return b
}

// InputModes sets defaultInputModes.
func (b CardBuilder) InputModes(modes ...string) CardBuilder {
	b.card.DefaultInputModes = modes
	return b
}

// Skills sets the skills, in order.
func (b CardBuilder) Skills(s ...wire.AgentSkill) CardBuilder {
	b.card.Skills = s
	if s == nil {
		b.card.Skills = []wire.AgentSkill{}
	}
	return b
}

// Edit changes the built card in a way no method covers; edits run last,
// in order.
func (b CardBuilder) Edit(edit func(o Origins, c *wire.AgentCard)) CardBuilder {
	b.edits = append(slices.Clip(b.edits), edit)
	return b
}

// Skill is a skill named after its id.
func Skill(id, description string, tags ...string) wire.AgentSkill {
	return wire.AgentSkill{ID: id, Name: id, Description: description, Tags: tags}
}

// Schemes builds a card's securitySchemes once the farm's origins are
// known: an OAuth token endpoint is on a peer's origin.
type Schemes func(Origins) map[string]wire.SecurityScheme

// Names of the schemes below, for wire.Require.
const (
	SchemeBearer = "bearer"
	SchemeOAuth  = "oauth"
	SchemeAPIKey = "apikey"
	SchemeMTLS   = "mtls"
)

// BearerScheme is HTTP Bearer, named SchemeBearer.
func BearerScheme() Schemes {
	return func(Origins) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{SchemeBearer: {HTTPAuth: &wire.HTTPAuthSecurityScheme{Scheme: "Bearer"}}}
	}
}

// APIKeyScheme is an API key in the X-API-Key header, named SchemeAPIKey.
func APIKeyScheme() Schemes {
	return func(Origins) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{SchemeAPIKey: {APIKey: &wire.APIKeySecurityScheme{Location: "header", Name: "X-API-Key"}}}
	}
}

// MTLSScheme is a TLS client certificate, named SchemeMTLS.
func MTLSScheme(description string) Schemes {
	return func(Origins) map[string]wire.SecurityScheme {
		return map[string]wire.SecurityScheme{SchemeMTLS: {MTLS: &wire.MTLSSecurityScheme{Description: description}}}
	}
}

// OAuthScheme is OAuth 2.0 client credentials at the token endpoint of
// peer, with scopes (name → description), named SchemeOAuth. The spec
// requires the scopes member, so nil scopes are served as {}.
func OAuthScheme(peer string, scopes map[string]string) Schemes {
	return func(o Origins) map[string]wire.SecurityScheme {
		s := maps.Clone(scopes)
		if s == nil {
			s = map[string]string{}
		}
		return map[string]wire.SecurityScheme{SchemeOAuth: {OAuth2: &wire.OAuth2SecurityScheme{
			Flows: wire.OAuthFlows{ClientCredentials: &wire.ClientCredentialsOAuthFlow{
				TokenURL: TokenURL(o(peer)), Scopes: s,
			}},
		}}}
	}
}
