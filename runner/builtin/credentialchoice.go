package builtin

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// The credential-choice cheats are adversarial (gallery.go): the reference
// making contract-model §8 rule 1's decision, which credentials of one
// alternative of the effective security requirement go out, the cheap way.
// Each passed the whole catalog, in both client modes, while every card a
// task was planned on required one scheme in its default place; only
// credential-alternatives (two alternatives, two schemes in one, a renamed
// API key in a cookie) tells them from the reference.

// firstAlternativeOnly takes the first alternative of the requirement, and
// aborts auth-unavailable when it does not hold its credentials, never
// looking at the next.
func firstAlternativeOnly(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Credentials = firstAlternative{}
}

type firstAlternative struct{}

func (firstAlternative) Choose(alts []wire.SecurityRequirement, held func(wire.SecurityRequirement) error) (wire.SecurityRequirement, error) {
	if len(alts) == 0 || len(alts[0].Schemes) == 0 {
		return wire.SecurityRequirement{}, nil
	}
	if err := held(alts[0]); err != nil {
		return wire.SecurityRequirement{}, fmt.Errorf("%w: first alternative: %w", refclient.ErrAuthUnavailable, err)
	}
	return alts[0], nil
}

// refuseAlternatives aborts auth-unavailable whenever the requirement
// offers two or more non-empty alternatives: no choice made, none wrong.
func refuseAlternatives(cfg *refclient.Config) { cfg.UnsafeDecisions.Credentials = noChoice{} }

type noChoice struct{}

func (noChoice) Choose(alts []wire.SecurityRequirement, held func(wire.SecurityRequirement) error) (wire.SecurityRequirement, error) {
	n := 0
	for _, a := range alts {
		if len(a.Schemes) > 0 {
			n++
		}
	}
	if n > 1 {
		return wire.SecurityRequirement{}, fmt.Errorf("%w: %d alternatives", refclient.ErrAuthUnavailable, n)
	}
	return refclient.Reference().Credentials.Choose(alts, held)
}

// anonymousUnlessSingle sends a credential only when the requirement is
// exactly one alternative of exactly one scheme, and nothing otherwise:
// it never sends a credential the card did not ask for, and never two.
func anonymousUnlessSingle(cfg *refclient.Config) {
	cfg.UnsafeDecisions.Credentials = singleOrNothing{}
}

type singleOrNothing struct{}

func (singleOrNothing) Choose(alts []wire.SecurityRequirement, held func(wire.SecurityRequirement) error) (wire.SecurityRequirement, error) {
	if len(alts) == 1 && len(alts[0].Schemes) == 1 {
		return refclient.Reference().Credentials.Choose(alts, held)
	}
	return wire.SecurityRequirement{}, nil
}

// fixedAPIKeyHeader sends its API key always as the X-API-Key header,
// whatever name and location the card's apiKey scheme gives: the reference
// decides when to send it, and the key is moved from wherever the
// reference put it (a header of another name, the query, a cookie). Its
// transport wraps the HTTP bindings; over gRPC it is the reference.
func fixedAPIKeyHeader(cfg *refclient.Config) {
	key := cfg.Credentials.APIKey
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			if key == "" {
				return next.RoundTrip(req)
			}
			req = req.Clone(req.Context())
			if movedAPIKey(req, key) {
				req.Header.Set("X-API-Key", key)
			}
			return next.RoundTrip(req)
		})
	}
}

// movedAPIKey takes key out of req's headers, query and cookies, and says
// whether it was there.
func movedAPIKey(req *http.Request, key string) bool {
	found := false
	if c := req.Header.Get("Cookie"); strings.Contains(c, key) {
		found = true
		req.Header.Del("Cookie")
	}
	for name, vs := range req.Header {
		for _, v := range vs {
			if v == key {
				found = true
				req.Header.Del(name)
			}
		}
	}
	q := req.URL.Query()
	for name, vs := range q {
		for _, v := range vs {
			if v == key {
				found = true
				q.Del(name)
				req.URL.RawQuery = q.Encode() // only when it changed: the rest of the query as sent
			}
		}
	}
	return found
}
