package builtin

import (
	"context"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// lateWatcher is adversarial (gallery.go): each task is the reference in
// block mode, so the peer holds it to its end across whatever changes
// while it runs; once it is over, the same task is sent again under the
// card the first was sent under, without a look, by the reference in poll
// mode. That second task is watched but starts after the change: the
// client never watches a task across it, and never has to decide what a
// change mid-task means. It reports the blocking task. A judge that
// counted any watched send as a task watched through the change would pass
// the mid-task requirements on it. It keeps nothing across tasks.
func lateWatcher() task {
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		var sent *refclient.Card
		blocking := refclient.Config{SendMode: refclient.Block}
		blocking.UnsafeDecisions.Revalidator = recordSent{&sent}
		out := refclient.RunWith(ctx, a, blocking)
		if sent != nil {
			var polling refclient.Config
			polling.UnsafeDecisions.Cache, polling.UnsafeDecisions.Revalidator = heldCard{sent}, heldCard{sent}
			refclient.RunWith(ctx, a, polling) // never reported
		}
		return out
	}
}

// recordSent is the reference's revalidation, keeping the card the task
// is sent under.
type recordSent struct{ card **refclient.Card }

func (r recordSent) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := refclient.Reference().Revalidator.Revalidate(ctx, c, prev)
	if err == nil {
		*r.card = card
	}
	return card, err
}

// heldCard plans and sends on card, without asking the peer.
type heldCard struct{ card *refclient.Card }

func (h heldCard) Plan(context.Context, *refclient.Client, *refclient.Card) (*refclient.Card, error) {
	return h.card, nil
}

func (h heldCard) Revalidate(context.Context, *refclient.Client, *refclient.Card) (*refclient.Card, error) {
	return h.card, nil
}
