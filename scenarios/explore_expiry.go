package scenarios

import (
	"fmt"
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Attested bindings expire (attested_binding_expiry_family.go) as a
// building block of the generated catalog: what ends a signed binding's
// attestation once the card's TTL has passed, each the change one of the
// family's fixed scenarios makes, and the check of its refusal.

// Expiry is one way an attested binding stops holding once its card is
// stale.
type Expiry struct {
	// Kind is stable: generated variants are named after it.
	Kind string
	What string
	// Holding says why the attestation still holds in the task before
	// the one that ends it.
	Holding string
	// KeysWithdrawn: the card origin's key set publishes successors of its
	// keys from the stale card on (attested-binding-expiry-withdrawn-key);
	// otherwise the endpoint presents a TLS principal of its own
	// (attested-binding-expiry).
	KeysWithdrawn bool
}

// Expiries are the family's, one per fixed scenario.
func Expiries() []Expiry {
	return []Expiry{
		{"ttl-new-principal", "the endpoint presenting a TLS principal of its own once the card's TTL has passed",
			"the endpoint still presenting the card origin's TLS principal", false},
		{"ttl-withdrawn-key", "the card origin withdrawing the keys that sign the card once its TTL has passed",
			"the card origin still publishing the keys that sign the card", true},
	}
}

// ExpiredAge is the Age a stale card is served with: past the max-age=300
// of every card that has one (and no card without a max-age is fresh).
const ExpiredAge = expiredAge

// Aged is caching with the card's clock run past its TTL from card
// version from on (the peer's scripted Age, never the wall clock).
func Aged(caching mockpeer.Caching, from int) mockpeer.Caching {
	caching.Aged = mockpeer.Aging{FromVersion: from, Seconds: expiredAge}
	return caching
}

// Expire is the change between two tasks that ends the attestation of
// endpoint under x: the endpoint presents a key of its own, every
// connection to it ended (the withdrawn keys come with the card version
// the peer's Signing names instead).
func (x Expiry) Expire(endpoint string) func(*mockpeer.Farm) error {
	if x.KeysWithdrawn {
		return func(*mockpeer.Farm) error { return nil }
	}
	return PresentOwnKey(endpoint)
}

// Refused: in the task after the TTL passed, the client refused the
// endpoint: no request to it (a handshake at most, to see its principal)
// or, the key withdrawn, no contact at all; no credential; aborted/
// untrusted-endpoint. A client that sent the endpoint anything earlier in
// the session trusted its attestation, so the journal must show it made
// again in this task (a handshake with the endpoint, or a fetch of the
// card origin's key set): a refusal from memory attested nothing. One that
// never trusted the endpoint (it verifies no signature: a SHOULD) refuses
// it again, safe.
func (x Expiry) Refused(cardPeer, endpoint string) func(*Evidence) verdict.Judgement {
	contact, attested := noRequestAt(endpoint), reattested(endpoint)
	if x.KeysWithdrawn {
		contact, attested = nothingReaches(endpoint), refetchedKeys(cardPeer)
	}
	return func(ev *Evidence) verdict.Judgement {
		refused := outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint)
		if trustedBefore(ev, endpoint) {
			refused = attested // the outcome, and the attestation made again
		}
		return allOf(ev, contact, noCredentialAt(endpoint), refused)
	}
}

// trustedBefore: an A2A request reached endpoint before this task.
func trustedBefore(ev *Evidence, endpoint string) bool {
	return slices.ContainsFunc(ev.session(), func(ex journal.Exchange) bool {
		return ex.Peer == endpoint && ex.Route == journal.RouteA2A && ex.Seq < ev.Client.FirstSeq
	})
}

// CompletedAtIn: each of tasks completed at peer.
func CompletedAtIn(peer string, tasks []int) func(*Evidence) verdict.Judgement {
	return func(ev *Evidence) verdict.Judgement {
		for _, n := range tasks {
			view := ev.Task(n)
			if view == nil {
				return failed(fmt.Sprintf("task %d of the session", n), "the session has no such task")
			}
			if j := completedAt(peer)(view); j.Verdict != verdict.Pass {
				j.Got = fmt.Sprintf("task %d: %s", n, j.Got)
				return j
			}
		}
		return passed()
	}
}
