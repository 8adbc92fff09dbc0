package builtin

import (
	"net/url"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// trustAnySignature verifies card signatures but takes the key from
// wherever the signature's jku points, so any valid signature makes a card
// authoritative for another origin, whoever published the key (breaking
// rule 6: the key must be the card origin's).
func trustAnySignature(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Origins = refclient.OriginGateFunc(keysFromAnywhere)
}

func keysFromAnywhere(reach refclient.Reach, card, target *url.URL) bool {
	return reach == refclient.ReachSigningKeys || refclient.SameOrigin(card, target)
}
