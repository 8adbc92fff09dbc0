package refclient

import (
	"bytes"
	"context"
	"fmt"
)

// Revalidate decides, right before the send, whether prev still holds.
// It returns the card to send under: prev on a 304, the new card when only
// capability fields changed. It fails with ErrContractChanged when the
// contract changed (rule 2). A card without validator is immutable for the
// task's lifetime and is not fetched again (rule 4).
//
// The reference revalidates even inside the card's max-age: HTTP freshness
// is no proof that the contract still holds.
func (c *Client) Revalidate(ctx context.Context, prev *Card) (*Card, error) {
	if c.behaviour.trustFreshCache && prev.fresh(c.cfg.Now()) {
		return prev, nil
	}
	if !prev.HasValidator() {
		return prev, nil
	}
	card, notModified, err := c.getCard(ctx, prev)
	if err != nil || notModified {
		return card, err
	}
	if c.behaviour.abortOnAnyChange && (card.ETag != prev.ETag || !bytes.Equal(card.Raw, prev.Raw)) {
		return nil, fmt.Errorf("%w: card changed (ETag %s, was %s)", ErrContractChanged, card.ETag, prev.ETag)
	}
	if card.ContractHash != prev.ContractHash {
		return nil, fmt.Errorf("%w: contract hash %s, was %s", ErrContractChanged, card.ContractHash, prev.ContractHash)
	}
	return card, nil
}
