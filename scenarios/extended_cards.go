package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The extended-card family (contract model §7). Every scenario of it
// plays one shape: A's public card names one scheme card-wide (the bearer
// token, or OAuth for the signed ones), advertises
// capabilities.extendedAgentCard and does not list the target skill; its
// authenticated extended card lists the skill, which requires the API key,
// a scheme the public card does not even declare. The client holds both
// credentials. A task therefore completes only on the extended card, and
// the API key has no business anywhere before the extended card named it.

// extendedRef is what every requirement of the family cites beside its rule.
const extendedRef = "contract-model §7; A2A v1.0 spec §3.1.11, §13.3; A2ACLI_CARD_GET_003; " +
	"https://github.com/a2aproject/a2a-js/issues/705; https://github.com/a2aproject/a2a-js/pull/711; " +
	"https://github.com/ag2ai/ag2/issues/3111"

// advertiseExtended sets capabilities.extendedAgentCard.
func advertiseExtended(_ mockpeer.Origins, c *wire.AgentCard) {
	c.Capabilities.ExtendedAgentCard = wire.Bool(true)
}

// publicOf is base's card for peer without the target skill, advertising
// the extended card.
func publicOf(base func(string) mockpeer.CardBuilder) func(string) mockpeer.CardBuilder {
	return func(peer string) mockpeer.CardBuilder {
		return base(peer).Skills(standardSkills()[1:]...).Edit(advertiseExtended)
	}
}

// extendedOf is base's card for peer with every standard skill, the
// target's requiring the API key (declared beside base's schemes), and
// the extended card advertised as on the public card.
func extendedOf(base func(string) mockpeer.CardBuilder) func(string) mockpeer.CardBuilder {
	return func(peer string) mockpeer.CardBuilder {
		return base(peer).Edit(advertiseExtended).Edit(declareAPIKey).
			SkillSecurity(skillSummarize, wire.Require(mockpeer.SchemeAPIKey))
	}
}

// declareAPIKey adds the API key scheme to the card's schemes.
func declareAPIKey(o mockpeer.Origins, c *wire.AgentCard) {
	if c.SecuritySchemes == nil {
		c.SecuritySchemes = map[string]wire.SecurityScheme{}
	}
	for name, s := range mockpeer.APIKeyScheme()(o) {
		c.SecuritySchemes[name] = s
	}
}

// extendedPeer completes a scenario of the family: A (on 127.0.0.1) with
// the public card of base at every version of publics, the extended cards
// ext, and the task script; the client holds the public card's credential
// (grant) and the API key.
func extendedPeer(s Scenario, grant mockpeer.Grants, a mockpeer.PeerSpec, others ...mockpeer.PeerSpec) *Scenario {
	a.Name, a.Host = "A", "127.0.0.1"
	a.Task = mockpeer.TaskScript{Steps: completingSteps()}
	grant.APIKey = true
	s.Grants, s.CardPeer = grant, "A"
	s.Peers = append([]mockpeer.PeerSpec{a}, others...)
	return &s
}

// extendedSignedRepoint completes a scenario of the extended card on a
// signing agent: A signs its public cards (two keys, jku on A); its
// extended card is signed as ext says, and between the tasks it points at
// B, which presents A's own TLS principal. Only a valid signature by a key
// A publishes could make the extended card authoritative for B (rule 6),
// and it carries none: B gets nothing, whatever the public card's
// signature. The cards use OAuth with a scope (signed_cards.go).
func extendedSignedRepoint(s Scenario, ext mockpeer.ExtendedCard) *Scenario {
	s.Tasks = controlThen(RotateTo("A", 1))
	ext.Cards = []mockpeer.CardFunc{extendedOf(oauthCard)("A").Build, extendedOf(oauthCard)("A").Endpoint("B").Version("1.1.0").Build}
	b := workingPeer("B", "127.0.0.2", extendedOf(oauthCard))
	b.Identity = "A"
	return extendedPeer(s, mockpeer.Grants{OAuth: true}, mockpeer.PeerSpec{
		Cards:    []mockpeer.CardFunc{publicOf(oauthCard)("A").Build, publicOf(oauthCard)("A").Version("1.1.0").Build},
		Caching:  mockpeer.Caching{CacheControl: "max-age=300"},
		Signing:  &mockpeer.Signing{Algorithms: rotatingKeys, JKU: true},
		Extended: &ext,
	}, b)
}
