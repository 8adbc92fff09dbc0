package refclient

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
)

// DefaultSignatureAlgorithms is the alg allow-list of card signature
// verification when Config.SignatureAlgorithms is nil.
var DefaultSignatureAlgorithms = []string{cardsig.ES256, cardsig.ES384, cardsig.RS256, cardsig.PS256}

// JWKSPath is where the client looks for an origin's card signing keys
// when a signature names no jku.
const JWKSPath = "/.well-known/jwks.json"

// maxJWKSBytes bounds a JWKS body.
const maxJWKSBytes = 64 << 10

// opJWKS names JWKS requests in errors.
const opJWKS = "JWKS"

// signedAuthority is contract-model rule 6 in full, the reference's
// authority: a card is authoritative for a url on its own origin, or for a
// url elsewhere when it carries a valid signature by a key its own origin
// publishes and the endpoint presents the TLS principal the card's origin
// presented. The endpoint is then pinned to that principal. "Own origin"
// is what the origin gate says it is (decisions.go).
type signedAuthority struct {
	c *Client
}

func (a signedAuthority) Authorize(ctx context.Context, card *Card, endpoint *url.URL) (Principal, error) {
	if a.c.decide.Origins.SameOrigin(ReachInterface, card.URL, endpoint) {
		return "", nil
	}
	refuse := func(why string, args ...any) (Principal, error) {
		return "", fmt.Errorf("%w: interface on %s, card served by %s: "+why,
			append([]any{ErrUntrustedEndpoint, OriginOf(endpoint), OriginOf(card.URL)}, args...)...)
	}
	v, err := a.c.decide.Signatures.VerifyCard(ctx, a.c, card)
	if err != nil {
		return refuse("the card is advisory: %w", err)
	}
	if card.Principal == "" || endpoint.Scheme != "https" {
		return refuse("signed by %q, but without TLS on both sides there is no principal to match", v.KeyID)
	}
	got, err := a.c.presentedPrincipal(ctx, endpoint)
	if err != nil {
		return refuse("signed by %q, but the endpoint's TLS principal is unknown: %w", v.KeyID, err)
	}
	if got != card.Principal {
		return refuse("signed by %q, but the endpoint presents TLS principal %s, the card's origin %s", v.KeyID, got, card.Principal)
	}
	return card.Principal, nil
}

// SignatureCheck decides whether a card's signatures speak for it beyond
// its origin (rule 6, conditions 1 and 2): the signature that verifies, or
// why none does. The TLS principal (condition 3) is checked afterwards.
//
// The reference verifies with cardsig (go-jose) over the RFC 8785
// canonical payload: an alg on the client's allow-list that is the key's
// published algorithm, no crit, and a key found by kid in a key set its
// own origin publishes (KeysOf), fetched once per client.
type SignatureCheck interface {
	VerifyCard(ctx context.Context, c *Client, card *Card) (cardsig.Verified, error)
}

// verifyOnOrigin is the reference's SignatureCheck.
type verifyOnOrigin struct{}

func (verifyOnOrigin) VerifyCard(ctx context.Context, c *Client, card *Card) (cardsig.Verified, error) {
	return cardsig.Verify(ctx, card.Raw, cardsig.VerifyOptions{Algorithms: c.sigAlgs, Keys: c.KeysOf(card)})
}

// SignatureAlgorithms is the client's alg allow-list.
func (c *Client) SignatureAlgorithms() []string { return c.sigAlgs }

// KeysOf finds the keys that may vouch for card in JWKS documents: the one
// jku names, else the card origin's at JWKSPath, if the origin gate says
// it is the card's origin for ReachSigningKeys. The reference takes a key
// only from the card's own origin and fetches nothing from anywhere else.
func (c *Client) KeysOf(card *Card) cardsig.KeySource {
	return cardsig.KeySourceFunc(func(ctx context.Context, kid, jku string) (jose.JSONWebKey, error) {
		at, err := c.KeySetURL(card, jku)
		if err != nil {
			return jose.JSONWebKey{}, err
		}
		set, err := c.KeySet(ctx, at, false)
		if err != nil {
			return jose.JSONWebKey{}, err
		}
		return cardsig.KeyByID(set, kid)
	})
}

// KeySetURL is where the keys of a signature with jku ("" for none) are
// looked up for card, if the origin gate lets the client fetch them there.
func (c *Client) KeySetURL(card *Card, jku string) (*url.URL, error) {
	at := card.URL.ResolveReference(&url.URL{Path: JWKSPath})
	if jku != "" {
		u, err := card.URL.Parse(jku)
		if err != nil {
			return nil, fmt.Errorf("jku %q: %w", jku, err)
		}
		at = u
	}
	if !c.decide.Origins.SameOrigin(ReachSigningKeys, card.URL, at) {
		return nil, fmt.Errorf("the key is published by %s, not by the card's origin", OriginOf(at))
	}
	return at, nil
}

// KeySet GETs the JWKS at u without credentials, once per URL and client
// unless fresh, which fetches it again (and keeps the new set).
func (c *Client) KeySet(ctx context.Context, u *url.URL, fresh bool) (jose.JSONWebKeySet, error) {
	c.mu.Lock()
	set, ok := c.jwks[u.String()]
	c.mu.Unlock()
	if ok && !fresh {
		return set, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	req.Header.Set("Accept", "application/jwk-set+json, application/json")
	resp, err := c.public.Do(req)
	if err != nil {
		return jose.JSONWebKeySet{}, transportError(opJWKS, err)
	}
	defer resp.Body.Close()
	body, err := readBounded(opJWKS, resp, maxJWKSBytes)
	if err != nil {
		return jose.JSONWebKeySet{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return jose.JSONWebKeySet{}, &PeerError{Op: opJWKS, HTTPStatus: resp.StatusCode}
	}
	if set, err = cardsig.ParseJWKS(body); err != nil {
		return jose.JSONWebKeySet{}, malformed(opJWKS, err)
	}
	c.mu.Lock()
	c.jwks[u.String()] = set
	c.mu.Unlock()
	return set, nil
}
