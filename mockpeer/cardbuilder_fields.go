package mockpeer

import (
	"maps"
	"slices"
	"strconv"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// One method per card field that a script changes alone: the contract
// fields of docs/contract-model.md §1 (an interface's tenant, binding and
// protocol version, the interfaces' order, a required extension, the
// target skill's own requirement, a scheme's parameters) and the capability
// fields the builder had no method for. Methods on interfaces take the
// interface's index in the built card (after Bindings, Endpoint and
// ProtocolVersion made them); one out of range panics when the card is
// built, as a script error should.

// InterfaceTenant sets the tenant of interface i.
func (b CardBuilder) InterfaceTenant(i int, tenant string) CardBuilder {
	return b.Edit(func(_ Origins, c *wire.AgentCard) { iface(c, i).Tenant = tenant })
}

// InterfaceBinding sets the protocolBinding of interface i, its url kept.
func (b CardBuilder) InterfaceBinding(i int, binding string) CardBuilder {
	return b.Edit(func(_ Origins, c *wire.AgentCard) { iface(c, i).ProtocolBinding = binding })
}

// InterfaceProtocolVersion sets the protocolVersion of interface i alone
// (ProtocolVersion sets every interface's).
func (b CardBuilder) InterfaceProtocolVersion(i int, pv string) CardBuilder {
	return b.Edit(func(_ Origins, c *wire.AgentCard) { iface(c, i).ProtocolVersion = pv })
}

// AddInterface appends a copy of interface i with another tenant: a second
// entry point to the same endpoint, for the scripts that reorder interfaces
// or change one the client need not use.
func (b CardBuilder) AddInterface(i int, tenant string) CardBuilder {
	return b.Edit(func(_ Origins, c *wire.AgentCard) {
		extra := *iface(c, i)
		extra.Tenant = tenant
		c.SupportedInterfaces = append(c.SupportedInterfaces, extra)
	})
}

// SwapInterfaces exchanges interfaces i and j: the preferred one changes.
func (b CardBuilder) SwapInterfaces(i, j int) CardBuilder {
	return b.Edit(func(_ Origins, c *wire.AgentCard) {
		a, z := iface(c, i), iface(c, j)
		*a, *z = *z, *a
	})
}

// RequireExtension marks the declared extension uri required; declared with
// the fields given otherwise (Extensions), it is appended if missing.
func (b CardBuilder) RequireExtension(uri string) CardBuilder {
	return b.Edit(func(_ Origins, c *wire.AgentCard) {
		for i := range c.Capabilities.Extensions {
			if c.Capabilities.Extensions[i].URI == uri {
				c.Capabilities.Extensions[i].Required = true
				return
			}
		}
		c.Capabilities.Extensions = append(c.Capabilities.Extensions, wire.AgentExtension{URI: uri, Required: true})
	})
}

// SkillSecurity sets the own securityRequirements of skill id (none: an
// empty list, which means "open", not "inherits").
func (b CardBuilder) SkillSecurity(id string, reqs ...wire.SecurityRequirement) CardBuilder {
	if reqs == nil {
		reqs = []wire.SecurityRequirement{}
	}
	return b.Edit(func(_ Origins, c *wire.AgentCard) {
		s := c.Skill(id)
		if s == nil {
			panic("mockpeer: the card has no skill " + id)
		}
		s.SecurityRequirements = slices.Clone(reqs)
	})
}

// SkillDescription sets the description of skill id.
func (b CardBuilder) SkillDescription(id, description string) CardBuilder {
	return b.Edit(func(_ Origins, c *wire.AgentCard) {
		s := c.Skill(id)
		if s == nil {
			panic("mockpeer: the card has no skill " + id)
		}
		s.Description = description
	})
}

// OAuthTokenURL rewrites the client-credentials tokenUrl of OAuth scheme
// name: edit gets the current url and returns the new one.
func (b CardBuilder) OAuthTokenURL(name string, edit func(tokenURL string) string) CardBuilder {
	return b.editScheme(name, func(s *wire.SecurityScheme) {
		flow := clientCredentials(s, name)
		flow.TokenURL = edit(flow.TokenURL)
	})
}

// OAuthScopes replaces the scopes (name → description) that OAuth scheme
// name offers in its client-credentials flow.
func (b CardBuilder) OAuthScopes(name string, scopes map[string]string) CardBuilder {
	return b.editScheme(name, func(s *wire.SecurityScheme) { clientCredentials(s, name).Scopes = maps.Clone(scopes) })
}

// APIKeyName sets the name of the header, query parameter or cookie that
// API-key scheme name is read from.
func (b CardBuilder) APIKeyName(name, key string) CardBuilder {
	return b.editScheme(name, func(s *wire.SecurityScheme) { apiKey(s, name).Name = key })
}

// APIKeyLocation sets where API-key scheme name is read from: "header",
// "query" or "cookie".
func (b CardBuilder) APIKeyLocation(name, location string) CardBuilder {
	return b.editScheme(name, func(s *wire.SecurityScheme) { apiKey(s, name).Location = location })
}

// OutputModes sets defaultOutputModes.
func (b CardBuilder) OutputModes(modes ...string) CardBuilder {
	b.card.DefaultOutputModes = modes
	return b
}

// PushNotifications sets capabilities.pushNotifications.
func (b CardBuilder) PushNotifications(on bool) CardBuilder {
	b.card.Capabilities.PushNotifications = wire.Bool(on)
	return b
}

// IconURL sets iconUrl; "" leaves it out.
func (b CardBuilder) IconURL(u string) CardBuilder {
	b.card.IconURL = optionalString(u)
	return b
}

// DocumentationURL sets documentationUrl; "" leaves it out.
func (b CardBuilder) DocumentationURL(u string) CardBuilder {
	b.card.DocumentationURL = optionalString(u)
	return b
}

func optionalString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// iface is interface i of c; a script naming one the card lacks panics.
func iface(c *wire.AgentCard, i int) *wire.AgentInterface {
	if i < 0 || i >= len(c.SupportedInterfaces) {
		panic("mockpeer: the card has no interface " + strconv.Itoa(i))
	}
	return &c.SupportedInterfaces[i]
}

// editScheme changes a copy of scheme name once the schemes are built, so
// that no other version shares what it changes.
func (b CardBuilder) editScheme(name string, edit func(*wire.SecurityScheme)) CardBuilder {
	return b.Edit(func(_ Origins, c *wire.AgentCard) {
		s, ok := c.SecuritySchemes[name]
		if !ok {
			panic("mockpeer: the card has no security scheme " + name)
		}
		c.SecuritySchemes = maps.Clone(c.SecuritySchemes)
		s = copyScheme(s)
		edit(&s)
		c.SecuritySchemes[name] = s
	})
}

// copyScheme copies the parts of s that the edits above change.
func copyScheme(s wire.SecurityScheme) wire.SecurityScheme {
	if s.APIKey != nil {
		k := *s.APIKey
		s.APIKey = &k
	}
	if s.OAuth2 != nil {
		o := *s.OAuth2
		if cc := o.Flows.ClientCredentials; cc != nil {
			flow := *cc
			flow.Scopes = maps.Clone(cc.Scopes)
			o.Flows.ClientCredentials = &flow
		}
		s.OAuth2 = &o
	}
	return s
}

func clientCredentials(s *wire.SecurityScheme, name string) *wire.ClientCredentialsOAuthFlow {
	if s.OAuth2 == nil || s.OAuth2.Flows.ClientCredentials == nil {
		panic("mockpeer: scheme " + name + " is no OAuth client-credentials scheme")
	}
	return s.OAuth2.Flows.ClientCredentials
}

func apiKey(s *wire.SecurityScheme, name string) *wire.APIKeySecurityScheme {
	if s.APIKey == nil {
		panic("mockpeer: scheme " + name + " is no API-key scheme")
	}
	return s.APIKey
}
