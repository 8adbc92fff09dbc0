package builtin

import (
	"context"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// immutableNoRevalidate is adversarial (gallery.go): the reference, but a
// card served with Cache-Control: immutable (RFC 8246) is never revalidated
// before a send, as an HTTP cache would not revalidate it while fresh. Rule
// 2 revalidates right before every send whatever the freshness directives
// say: they speak of the bytes, not of the contract. No card said immutable
// until rotation-during-send-immutable, so it passed every requirement of
// the catalog in both modes.
func immutableNoRevalidate(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Revalidator = immutableHeld{refclient.Reference().Revalidator}
}

type immutableHeld struct{ revalidate refclient.Revalidator }

func (h immutableHeld) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	for _, directive := range strings.Split(prev.CacheControl, ",") {
		if strings.EqualFold(strings.TrimSpace(directive), "immutable") {
			return prev, nil
		}
	}
	return h.revalidate.Revalidate(ctx, c, prev)
}
