package builtin

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// noJKUTrusted is adversarial (gallery.go): the reference, but a card
// whose signatures name no jku in their protected headers is taken as
// verified, unread, as a verifier that only knows where to fetch keys from
// a jku, and skips what it cannot fetch, does. Without jku the key is
// looked up in the card origin's well-known key set, and the signature
// verified like any other (contract-model §6 conditions 1 and 2). Every
// signed card of the catalog, forged or not, named a jku, so it passed
// every requirement of the catalog in both modes until
// repointed-endpoint-bad-signature-no-jku.
func noJKUTrusted(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Signatures = noJKUCheck{}
}

type noJKUCheck struct{}

func (noJKUCheck) VerifyCard(ctx context.Context, c *refclient.Client, card *refclient.Card) (cardsig.Verified, error) {
	var top struct {
		Signatures []wire.AgentCardSignature `json:"signatures"`
	}
	if json.Unmarshal(card.Raw, &top) == nil && len(top.Signatures) > 0 {
		named := false
		kid := ""
		for _, s := range top.Signatures {
			raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(s.Protected, "="))
			var h map[string]any
			if err != nil || json.Unmarshal(raw, &h) != nil {
				named = true // unreadable: let the reference judge
				break
			}
			if _, ok := h["jku"]; ok {
				named = true
			}
			if k, ok := h["kid"].(string); ok {
				kid = k
			}
		}
		if !named {
			return cardsig.Verified{KeyID: kid}, nil
		}
	}
	return refclient.Reference().Signatures.VerifyCard(ctx, c, card)
}
