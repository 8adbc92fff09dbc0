package builtin

import (
	"fmt"
	"net/url"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// refuseExpired is adversarial (gallery.go): the reference, attesting a
// signed binding before every task, but refusing the endpoint whenever
// the card is past its TTL, whatever the attestation it has just made
// showed. Where the attestation no longer holds it refuses for the right
// reason, having looked; where it still holds (the endpoint unchanged, the
// key still published) it refuses a binding a conformant client
// re-attests and keeps: an expired attestation is made again, not
// refused.
func refuseExpired(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Attestations = expiredMeansUntrusted{now: time.Now}
}

// expiredMeansUntrusted reuses nothing and turns every attestation of a
// stale card into a refusal.
type expiredMeansUntrusted struct {
	now func() time.Time
}

func (expiredMeansUntrusted) Reuse(*refclient.Card, *url.URL) (refclient.Principal, bool, error) {
	return "", false, nil
}

// Attested refuses a card past its max-age, or with none: a card that
// gives no TTL it takes for expired at once.
func (e expiredMeansUntrusted) Attested(card *refclient.Card, endpoint *url.URL, _ refclient.Principal) error {
	if card.CacheControl != "" && fresh(card, e.now()) {
		return nil
	}
	return fmt.Errorf("%w: interface on %s: the card's TTL has passed, and with it every attestation",
		refclient.ErrUntrustedEndpoint, refclient.OriginOf(endpoint))
}
