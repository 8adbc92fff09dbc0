package builtin

import (
	"context"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// refuseAgedCard is adversarial (gallery.go): the reference, but a card
// response carrying an Age header (RFC 9111 §5.1) it takes for a cached
// copy, not the agent's word, and refuses as untrusted before it sends
// anything, however far the card is from its max-age. Real agents sit
// behind CDNs and shared caches that add Age to every response they
// serve from memory; a card whose Age is below its max-age is fresh, and
// a client that refuses it loses the agent. Before card-served-with-age
// only the attested-binding-expiry family served an Age, past max-age and
// in the signatures profile, so under --profile core the client passed
// every MUST.
func refuseAgedCard(cfg *refclient.Config) {
	ref := refclient.Reference()
	cfg.UnsafeDecisions.Cache = agedCardRefusal{plan: ref.Cache}
	cfg.UnsafeDecisions.Revalidator = agedCardRefusal{revalidate: ref.Revalidator}
}

// agedCardRefusal decides like the reference, then refuses the card it
// planned on, or the one it revalidated, if its response carried Age.
type agedCardRefusal struct {
	plan       refclient.CardCache
	revalidate refclient.Revalidator
}

func (a agedCardRefusal) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	return refuseAged(a.plan.Plan(ctx, c, held))
}

func (a agedCardRefusal) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	return refuseAged(a.revalidate.Revalidate(ctx, c, prev))
}

func refuseAged(card *refclient.Card, err error) (*refclient.Card, error) {
	if err != nil || card.Age == "" {
		return card, err
	}
	return nil, fmt.Errorf("builtin: %s: %w: the card response carries Age: %s (served from a cache, not by the agent)",
		RefuseAgedCard, refclient.ErrUntrustedEndpoint, card.Age)
}
