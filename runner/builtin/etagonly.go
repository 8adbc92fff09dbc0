package builtin

import (
	"context"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// etagOnly is adversarial (gallery.go): the reference, but a card without
// an ETag counts as a card without validator (rule 4), its Last-Modified
// ignored. It never revalidates such a card before the send, sending on
// the one it planned on, and fetches it unconditionally for the next task.
// Rule 2 revalidates with If-Modified-Since exactly when the peer gave no
// ETag; only rotation-during-send-last-modified serves such a card.
func etagOnly(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Cache = etagOnlyCache{}
	cfg.UnsafeDecisions.Revalidator = etagOnlyReval{}
}

type etagOnlyCache struct{}

func (etagOnlyCache) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	if held != nil && held.ETag == "" {
		return c.FetchCard(ctx)
	}
	return refclient.Reference().Cache.Plan(ctx, c, held)
}

type etagOnlyReval struct{}

func (etagOnlyReval) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	if prev.ETag == "" {
		return prev, nil
	}
	return refclient.Reference().Revalidator.Revalidate(ctx, c, prev)
}
