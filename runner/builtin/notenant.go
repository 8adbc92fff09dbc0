package builtin

import (
	"context"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// noTenant is adversarial (gallery.go): the reference, but it never sends
// an interface's tenant: every request goes to the interface's url as if
// the card named no tenant, as a client built before tenants, or one that
// reads only url and protocolBinding, does. The contract hash still covers
// the tenant (a change of it aborts), so only routing is skipped.
func noTenant(cfg *refclient.Config) {
	ref := refclient.Reference()
	cfg.UnsafeDecisions.Cache = untenantedCache{ref.Cache}
	cfg.UnsafeDecisions.Revalidator = untenantedRevalidator{ref.Revalidator}
}

type untenantedCache struct{ next refclient.CardCache }

func (u untenantedCache) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	card, err := u.next.Plan(ctx, c, held)
	return untenanted(card), err
}

type untenantedRevalidator struct{ next refclient.Revalidator }

func (u untenantedRevalidator) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := u.next.Revalidate(ctx, c, prev)
	return untenanted(card), err
}

// untenanted is card with every interface's tenant blanked (Raw, and so
// the contract hash, untouched).
func untenanted(card *refclient.Card) *refclient.Card {
	if card == nil {
		return nil
	}
	for i := range card.Card.SupportedInterfaces {
		card.Card.SupportedInterfaces[i].Tenant = ""
	}
	return card
}
