package scenarios

import (
	"maps"
	"slices"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The credential-alternatives family's requirement shapes as building
// blocks of the generated catalog (package explore): what its first two
// cards do to a requirement, made an edit of any card, so that every
// variant's cards can require the same schemes in the family's shapes.
// Its third card, an API key renamed and moved to a cookie, is already the
// field table's (apikey-name, apikey-location).

// clientCertificateDescription is the TLS client certificate scheme every
// card of these shapes declares; no grant holds one.
const clientCertificateDescription = "TLS client certificate issued by the agent's CA"

// UnheldAlternativeFirst lists first, in every non-empty security
// requirement of card (card-wide, and each skill's own), an alternative
// of a TLS client certificate, which no client of the farm holds: the
// alternative a client cannot satisfy comes first, as in
// credential-alternatives' first card. A client must skip it for the next.
func UnheldAlternativeFirst(card mockpeer.CardBuilder) mockpeer.CardBuilder {
	return card.Edit(func(o mockpeer.Origins, c *wire.AgentCard) {
		c.SecuritySchemes = withScheme(c.SecuritySchemes, mockpeer.MTLSScheme(clientCertificateDescription)(o))
		eachRequirement(c, func(reqs []wire.SecurityRequirement) []wire.SecurityRequirement {
			return append([]wire.SecurityRequirement{wire.Require(mockpeer.SchemeMTLS)}, reqs...)
		})
	})
}

// BearerBesideAPIKey adds the bearer token to every alternative of card
// that requires the API key: two schemes in one alternative, both to be
// sent, as in credential-alternatives' second card. An alternative
// without the API key is kept as it is, so that a change of the skill's
// own requirement to the bearer token alone stays a change.
func BearerBesideAPIKey(card mockpeer.CardBuilder) mockpeer.CardBuilder {
	return card.Edit(func(o mockpeer.Origins, c *wire.AgentCard) {
		c.SecuritySchemes = withScheme(c.SecuritySchemes, mockpeer.BearerScheme()(o))
		eachRequirement(c, func(reqs []wire.SecurityRequirement) []wire.SecurityRequirement {
			for i, alt := range reqs {
				if _, ok := alt.Schemes[mockpeer.SchemeAPIKey]; ok {
					reqs[i].Schemes = maps.Clone(alt.Schemes)
					reqs[i].Schemes[mockpeer.SchemeBearer] = wire.StringList{}
				}
			}
			return reqs
		})
	})
}

// withScheme is schemes with those of extra it lacks added, in a copy: a
// scheme the card declares already is kept as the card declares it.
func withScheme(schemes, extra map[string]wire.SecurityScheme) map[string]wire.SecurityScheme {
	out := maps.Clone(schemes)
	if out == nil {
		out = map[string]wire.SecurityScheme{}
	}
	for name, s := range extra {
		if _, ok := out[name]; !ok {
			out[name] = s
		}
	}
	return out
}

// eachRequirement rewrites, in copies, card's card-wide requirement and
// every skill's own, each when it is non-empty (an empty list is open,
// not one to offer alternatives of).
func eachRequirement(c *wire.AgentCard, edit func([]wire.SecurityRequirement) []wire.SecurityRequirement) {
	if len(c.SecurityRequirements) > 0 {
		c.SecurityRequirements = edit(slices.Clone(c.SecurityRequirements))
	}
	c.Skills = slices.Clone(c.Skills)
	for i, s := range c.Skills {
		if len(s.SecurityRequirements) > 0 {
			c.Skills[i].SecurityRequirements = edit(slices.Clone(s.SecurityRequirements))
		}
	}
}
