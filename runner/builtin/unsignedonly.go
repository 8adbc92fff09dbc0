package builtin

import (
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
	onPlannedCard(cfg, func(card *refclient.Card) (*refclient.Card, error) {
		if len(card.Card.Signatures) == 0 {
			return card, nil
		}
		return nil, fmt.Errorf("builtin: %s: %w: the card carries %d signature(s), and this client verifies none",
			UnsignedOnly, refclient.ErrUntrustedEndpoint, len(card.Card.Signatures))
	})
}
