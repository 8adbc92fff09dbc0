package builtin

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// contractSubset revalidates right before the send like the reference, but
// decides "the contract changed" by comparing only the security fields
// (securitySchemes, the card's securityRequirements, the skill's own) and
// the interfaces' url list, never the contract hash. When those agree it
// sends under the card it planned on. Every security rotation and every
// repointed endpoint is caught; a new tenant, binding, protocol version or
// required extension, or interfaces reordered behind the same urls, are not.
func contractSubset(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Revalidator = subsetRevalidator{skill: cfg.Skill}
}

type subsetRevalidator struct{ skill string }

func (s subsetRevalidator) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	if !prev.HasValidator() {
		return prev, nil
	}
	card, err := c.FetchCardSince(ctx, prev)
	if err != nil {
		return nil, err
	}
	was, now := s.subset(prev), s.subset(card)
	if !bytes.Equal(was, now) {
		return nil, fmt.Errorf("builtin: %s: %w: security or interface urls changed", ContractSubset, refclient.ErrContractChanged)
	}
	return prev, nil
}

// subset is the part of the card this client compares, as JSON.
func (s subsetRevalidator) subset(card *refclient.Card) []byte {
	c := card.Card
	var urls []string
	for _, i := range c.SupportedInterfaces {
		urls = append(urls, i.URL)
	}
	var skillSecurity any
	if sk := c.Skill(s.skill); sk != nil {
		skillSecurity = sk.SecurityRequirements
	}
	raw, _ := json.Marshal([]any{c.SecuritySchemes, c.SecurityRequirements, skillSecurity, urls})
	return raw
}
