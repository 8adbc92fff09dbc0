package builtin

import (
	"context"
	"errors"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// revalRedirectUnchanged is adversarial (gallery.go): the reference, but a
// revalidation answered with a redirect its origin gate refuses is taken
// for "not modified", and the task is sent under the card it planned on.
// A refused redirect answers with no card and says nothing of the
// contract (rule 2). The catalog's cross-origin card redirects started
// between tasks, so they met its look, which it refuses like the
// reference, never its revalidation: it passed every requirement of the
// catalog in both modes until card-redirect-at-revalidation.
func revalRedirectUnchanged(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Revalidator = refusedRedirectHeld{refclient.Reference().Revalidator}
}

type refusedRedirectHeld struct{ revalidate refclient.Revalidator }

func (h refusedRedirectHeld) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := h.revalidate.Revalidate(ctx, c, prev)
	if errors.Is(err, refclient.ErrUntrustedEndpoint) {
		return prev, nil
	}
	return card, err
}
