package builtin

import (
	"context"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// unsignedOnly is adversarial (gallery.go): the reference, but a card
// carrying signatures it refuses as untrusted before it sends anything,
// whatever they sign and whoever serves it: the rule of a client that
// verifies no JWS and, rather than ignore what it cannot check, takes
// every signed card for a suspect one. A card is authoritative for its
// own origin's interfaces by being served there (contract-model §3 rule
// 6); a signature is needed only to speak for another origin, so an agent
// that signs its card is lost to this client for nothing. Before
// signed-card-same-origin every signed card the catalog served was judged
// in the signatures profile, so under --profile core it passed every MUST.
func unsignedOnly(cfg *refclient.Config) {
	ref := refclient.Reference()
	cfg.UnsafeDecisions.Cache = signedCardRefusal{plan: ref.Cache}
	cfg.UnsafeDecisions.Revalidator = signedCardRefusal{revalidate: ref.Revalidator}
}

// signedCardRefusal decides like the reference, then refuses the card it
// planned on, or the one it revalidated, if it carries a signature.
type signedCardRefusal struct {
	plan       refclient.CardCache
	revalidate refclient.Revalidator
}

func (s signedCardRefusal) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	return refuseAnySigned(s.plan.Plan(ctx, c, held))
}

func (s signedCardRefusal) Revalidate(ctx context.Context, c *refclient.Client, prev *refclient.Card) (*refclient.Card, error) {
	return refuseAnySigned(s.revalidate.Revalidate(ctx, c, prev))
}

func refuseAnySigned(card *refclient.Card, err error) (*refclient.Card, error) {
	if err != nil || len(card.Card.Signatures) == 0 {
		return card, err
	}
	return nil, fmt.Errorf("builtin: %s: %w: the card carries %d signature(s), and this client verifies none",
		UnsignedOnly, refclient.ErrUntrustedEndpoint, len(card.Card.Signatures))
}
