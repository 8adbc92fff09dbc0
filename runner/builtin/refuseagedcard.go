package builtin

import (
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
	onPlannedCard(cfg, func(card *refclient.Card) (*refclient.Card, error) {
		if card.Age == "" {
			return card, nil
		}
		return nil, fmt.Errorf("builtin: %s: %w: the card response carries Age: %s (served from a cache, not by the agent)",
			RefuseAgedCard, refclient.ErrUntrustedEndpoint, card.Age)
	})
}
