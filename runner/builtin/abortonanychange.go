package builtin

import (
	"bytes"
	"context"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// abortOnAnyChange revalidates before the send like the reference, but
// aborts whenever the card changed at all: capability drift becomes a
// reason not to send (breaking rule 1).
func abortOnAnyChange(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Revalidator = anyChange{next: refclient.Reference().Revalidator}
}

type anyChange struct {
	next refclient.Revalidator
}

func (a anyChange) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	card, err := a.next.Revalidate(ctx, c, prev)
	if err == nil && (card.ETag != prev.ETag || !bytes.Equal(card.Raw, prev.Raw)) {
		return nil, fmt.Errorf("builtin: %s: %w: card changed (ETag %s, was %s)", AbortOnAnyChange, refclient.ErrContractChanged, card.ETag, prev.ETag)
	}
	return card, err
}
