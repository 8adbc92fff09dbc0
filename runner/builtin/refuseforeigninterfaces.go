package builtin

import (
	"context"
	"fmt"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// refuseForeignInterfaces is adversarial (gallery.go): the reference
// refusing, as untrusted, every unsigned card that lists an interface on
// another origin anywhere, instead of skipping that interface and taking
// the first the card is authoritative for. It passes every refusal of the
// repointed scenarios without ever choosing an interface, and refuses an
// agent whose own interfaces are listed after a foreign one
// (foreign-origin-listed-first).
func refuseForeignInterfaces(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Cache = foreignInterfaceRefusal{}
}

type foreignInterfaceRefusal struct{}

func (foreignInterfaceRefusal) Plan(ctx context.Context, c *refclient.Client, held *refclient.Card) (*refclient.Card, error) {
	card, err := refclient.Reference().Cache.Plan(ctx, c, held)
	if err != nil || len(card.Card.Signatures) > 0 {
		return card, err
	}
	for _, iface := range card.Card.SupportedInterfaces {
		if endpoint, err := refclient.Endpoint(card, iface); err != nil || !refclient.SameOrigin(card.URL, endpoint) {
			return nil, fmt.Errorf("builtin: %s: %w: the card lists %s", RefuseForeignInterfaces, refclient.ErrUntrustedEndpoint, iface.URL)
		}
	}
	return card, nil
}
