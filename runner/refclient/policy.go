package refclient

import (
	"fmt"
	"strings"
)

// Policy names a behaviour of the client: the reference (the decision
// boundary of docs/contract-model.md) or one of its mutants, each a client
// someone would plausibly ship that breaks exactly one rule.
type Policy string

// The policies. Never rename one: they are part of the command line
// (--client builtin:POLICY) and of reports.
const (
	// Reference implements the decision boundary properly.
	Reference Policy = "reference"
	// TTLCache is an RFC 9111 cache: it trusts its cached card for the
	// card's max-age and sends credentials only where that card requires them.
	TTLCache Policy = "ttl-cache"
	// RefetchEveryTransition fetches the card again on every poll and
	// cancels the task once the target skill is no longer listed.
	RefetchEveryTransition Policy = "refetch-every-transition"
	// AbortOnAnyChange aborts whenever the card changed at all before the
	// send, whatever changed.
	AbortOnAnyChange Policy = "abort-on-any-change"
	// FollowURL has no origin gate: it follows redirects anywhere and uses
	// whatever interface url the card gives, credentials included.
	FollowURL Policy = "follow-url"
	// TrustAnySignature verifies card signatures but takes the key from
	// wherever the signature's jku points, so any valid signature makes a
	// card authoritative for another origin, whoever published the key.
	TrustAnySignature Policy = "trust-any-signature"
)

// Policies returns every policy, the reference first.
func Policies() []Policy {
	return []Policy{Reference, TTLCache, RefetchEveryTransition, AbortOnAnyChange, FollowURL, TrustAnySignature}
}

// ParsePolicy returns the policy named s.
func ParsePolicy(s string) (Policy, error) {
	for _, p := range Policies() {
		if string(p) == s {
			return p, nil
		}
	}
	return "", fmt.Errorf("refclient: unknown policy %q (want one of %s)", s, PolicyNames())
}

// PolicyNames lists every policy, comma-separated, for help and errors.
func PolicyNames() string {
	names := make([]string, 0, len(Policies()))
	for _, p := range Policies() {
		names = append(names, string(p))
	}
	return strings.Join(names, ", ")
}

// behaviour is a policy spelled out as the decisions it changes. The zero
// value is the reference.
type behaviour struct {
	// trustFreshCache: skip revalidation while the cached card is fresh
	// under RFC 9111 (ttl-cache).
	trustFreshCache bool
	// optionalMeansNone: send no credential when the requirement lists {}
	// (ttl-cache).
	optionalMeansNone bool
	// abortOnAnyChange: any new card before the send aborts, not only a new
	// contract (abort-on-any-change).
	abortOnAnyChange bool
	// refetchWhilePolling: fetch the card before every poll and cancel the
	// task when the target skill is gone (refetch-every-transition).
	refetchWhilePolling bool
	// anyOrigin: no origin gate on redirects, interfaces or token endpoints
	// (follow-url).
	anyOrigin bool
	// anyKeyOrigin: a card signing key counts wherever it is published
	// (trust-any-signature).
	anyKeyOrigin bool
}

func (p Policy) behaviour() behaviour {
	switch p {
	case TTLCache:
		return behaviour{trustFreshCache: true, optionalMeansNone: true}
	case RefetchEveryTransition:
		return behaviour{refetchWhilePolling: true}
	case AbortOnAnyChange:
		return behaviour{abortOnAnyChange: true}
	case FollowURL:
		return behaviour{anyOrigin: true}
	case TrustAnySignature:
		return behaviour{anyKeyOrigin: true}
	}
	return behaviour{}
}
