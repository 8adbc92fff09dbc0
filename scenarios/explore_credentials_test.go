package scenarios

import (
	"encoding/json"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The credential-alternatives shapes as card edits: an unheld alternative
// first in every non-empty requirement, card-wide and the skill's own; the
// bearer token beside every API key, and nowhere else; an open (empty)
// requirement left open; the builder the edit was made from unchanged.
func TestCredentialShapes(t *testing.T) {
	card := FieldCard("A", "A", wire.BindingJSONRPC)
	withSkill := card.SkillSecurity(skillSummarize, wire.Require(mockpeer.SchemeBearer))
	open := card.SkillSecurity(skillSummarize)
	requirements := func(b mockpeer.CardBuilder) string {
		c := b.Build(standInOrigins)
		raw, _ := json.Marshal([]any{c.SecurityRequirements, c.Skill(skillSummarize).SecurityRequirements})
		return string(raw)
	}
	for _, tc := range []struct {
		name string
		card mockpeer.CardBuilder
		want string
	}{
		{"alternatives, card-wide", UnheldAlternativeFirst(card),
			`[[{"schemes":{"mtls":{"list":[]}}},{"schemes":{"apikey":{"list":[]}}}],null]`},
		{"alternatives, the skill's own too", UnheldAlternativeFirst(withSkill),
			`[[{"schemes":{"mtls":{"list":[]}}},{"schemes":{"apikey":{"list":[]}}}],[{"schemes":{"mtls":{"list":[]}}},{"schemes":{"bearer":{"list":[]}}}]]`},
		{"alternatives, an open skill left open", UnheldAlternativeFirst(open),
			`[[{"schemes":{"mtls":{"list":[]}}},{"schemes":{"apikey":{"list":[]}}}],[]]`},
		{"combined: the bearer token beside the API key", BearerBesideAPIKey(card),
			`[[{"schemes":{"apikey":{"list":[]},"bearer":{"list":[]}}}],null]`},
		{"combined: the bearer token alone kept", BearerBesideAPIKey(withSkill),
			`[[{"schemes":{"apikey":{"list":[]},"bearer":{"list":[]}}}],[{"schemes":{"bearer":{"list":[]}}}]]`},
		{"the builder edited unchanged", card, `[[{"schemes":{"apikey":{"list":[]}}}],null]`},
	} {
		if got := requirements(tc.card); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
	}
	c := UnheldAlternativeFirst(card).Build(standInOrigins)
	if s, ok := c.SecuritySchemes[mockpeer.SchemeMTLS]; !ok || s.Kind() != "mtls" || len(c.SecuritySchemes) != 4 {
		t.Errorf("schemes %v: the card's three and a TLS client certificate", c.SecuritySchemes)
	}
	if got := NamedCredentials(skillSummarize, []mockpeer.CardFunc{UnheldAlternativeFirst(card).Build}); len(got) != 2 {
		t.Errorf("named credentials %v: the API key and the client certificate no grant holds", got)
	}
}
