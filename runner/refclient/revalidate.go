package refclient

import "context"

// Revalidate decides, right before the send, whether prev still holds.
// It returns the card to send under: prev on a 304, the new card when only
// capability fields changed. It fails with ErrContractChanged when the
// contract changed (rule 2). A card without validator is immutable for the
// task's lifetime and is not fetched again (rule 4). The decision is the
// Revalidator's (decisions.go).
//
// The reference revalidates even inside the card's max-age: HTTP freshness
// is no proof that the contract still holds.
func (c *Client) Revalidate(ctx context.Context, prev *Card) (*Card, error) {
	return c.decide.Revalidator.Revalidate(ctx, c, prev)
}
