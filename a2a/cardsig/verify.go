package cardsig

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/go-jose/go-jose/v4"
)

// Errors of Verify. Classify with errors.Is; per-signature causes are
// *SignatureError values joined under ErrNoValidSignature.
var (
	// ErrUnsigned: the card carries no signature at all.
	ErrUnsigned = errors.New("cardsig: card carries no signature")
	// ErrNoValidSignature: signatures are present, none verifies.
	ErrNoValidSignature = errors.New("cardsig: no signature verifies")
	// ErrAlgorithmMismatch: the header's alg is not the one the key is
	// published for (RFC 8725 §3.1: one key, one algorithm).
	ErrAlgorithmMismatch = errors.New("cardsig: alg differs from the key's algorithm")
	// ErrHeader: the protected header lacks alg, kid or typ, or puts a
	// parameter that must be integrity-protected in the unprotected header.
	ErrHeader = errors.New("cardsig: unusable JWS header")
	// ErrKeyNotFound: the key source has no key with the header's kid.
	ErrKeyNotFound = errors.New("cardsig: no such key")
)

// KeySource finds the public key a signature names: kid and jku as the
// protected header gives them (jku "" when absent). Where a key may come
// from is the source's policy, and the heart of contract-model rule 6.
type KeySource interface {
	PublicKey(ctx context.Context, kid, jku string) (jose.JSONWebKey, error)
}

// KeySourceFunc adapts a function to KeySource.
type KeySourceFunc func(ctx context.Context, kid, jku string) (jose.JSONWebKey, error)

// PublicKey calls f.
func (f KeySourceFunc) PublicKey(ctx context.Context, kid, jku string) (jose.JSONWebKey, error) {
	return f(ctx, kid, jku)
}

// KeySet is a trusted store: it finds keys by kid and ignores jku.
func KeySet(set jose.JSONWebKeySet) KeySource {
	return KeySourceFunc(func(_ context.Context, kid, _ string) (jose.JSONWebKey, error) {
		return KeyByID(set, kid)
	})
}

// KeyByID returns the one key of set named kid.
func KeyByID(set jose.JSONWebKeySet, kid string) (jose.JSONWebKey, error) {
	keys := set.Key(kid)
	switch len(keys) {
	case 0:
		return jose.JSONWebKey{}, fmt.Errorf("%w: kid %q", ErrKeyNotFound, kid)
	case 1:
		return keys[0], nil
	}
	return jose.JSONWebKey{}, fmt.Errorf("%w: kid %q names %d keys", ErrKeyNotFound, kid, len(keys))
}

// VerifyOptions say which signatures count.
type VerifyOptions struct {
	// Algorithms is the allow-list of alg values; empty means nothing
	// verifies.
	Algorithms []string
	// Keys finds the key each signature names.
	Keys KeySource
}

// Verified describes the signature that verified.
type Verified struct {
	Index     int // in the card's signatures
	KeyID     string
	JKU       string
	Algorithm string
}

// SignatureError says why one signature did not verify.
type SignatureError struct {
	Index      int
	KeyID, JKU string
	Err        error
}

func (e *SignatureError) Error() string {
	s := fmt.Sprintf("signature %d", e.Index)
	if e.KeyID != "" {
		s += fmt.Sprintf(" (kid %q", e.KeyID)
		if e.JKU != "" {
			s += ", jku " + e.JKU
		}
		s += ")"
	}
	return s + ": " + e.Err.Error()
}

func (e *SignatureError) Unwrap() error { return e.Err }

// Verify checks the card's signatures as received (spec §8.4.3) and
// returns the first that verifies: its alg allowed, its header complete,
// its key found by opts.Keys and published for that alg, and the JWS valid
// over CanonicalPayload(card).
func Verify(ctx context.Context, card []byte, opts VerifyOptions) (Verified, error) {
	if len(opts.Algorithms) == 0 || opts.Keys == nil {
		return Verified{}, errors.New("cardsig: verify needs an algorithm allow-list and a key source")
	}
	sigs, err := signaturesOf(card)
	if err != nil {
		return Verified{}, err
	}
	if len(sigs) == 0 {
		return Verified{}, ErrUnsigned
	}
	payload, err := CanonicalPayload(card)
	if err != nil {
		return Verified{}, err
	}
	algs := make([]jose.SignatureAlgorithm, len(opts.Algorithms))
	for i, a := range opts.Algorithms {
		algs[i] = jose.SignatureAlgorithm(a)
	}
	var errs []error
	for i, sig := range sigs {
		v, err := verifyOne(ctx, payload, sig, algs, opts.Keys)
		if err == nil {
			v.Index = i
			return v, nil
		}
		errs = append(errs, &SignatureError{Index: i, KeyID: v.KeyID, JKU: v.JKU, Err: err})
	}
	return Verified{}, fmt.Errorf("%w: %w", ErrNoValidSignature, errors.Join(errs...))
}

// signaturesOf reads the exact `signatures` member (not a case variant).
func signaturesOf(card []byte) ([]Signature, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(card, &top); err != nil || top == nil {
		return nil, fmt.Errorf("cardsig: card is not a JSON object: %v", err)
	}
	raw, ok := top[signaturesMember]
	if !ok {
		return nil, nil
	}
	var sigs []Signature
	if err := json.Unmarshal(raw, &sigs); err != nil {
		return nil, fmt.Errorf("cardsig: signatures: %w", err)
	}
	return sigs, nil
}

// protectedOnly are header parameters that count only when protected.
var protectedOnly = []string{"alg", "kid", "jku", "jwk", "x5u", "x5c", "typ", "crit", "b64"}

func verifyOne(ctx context.Context, payload []byte, sig Signature, algs []jose.SignatureAlgorithm, keys KeySource) (Verified, error) {
	for name := range sig.Header {
		if slices.Contains(protectedOnly, name) {
			return Verified{}, fmt.Errorf("%w: %q in the unprotected header", ErrHeader, name)
		}
	}
	flat := map[string]any{
		"payload":   base64.RawURLEncoding.EncodeToString(payload),
		"protected": sig.Protected,
		"signature": sig.Signature,
	}
	if sig.Header != nil {
		flat["header"] = sig.Header
	}
	doc, err := json.Marshal(flat)
	if err != nil {
		return Verified{}, fmt.Errorf("%w: %w", ErrHeader, err)
	}
	jws, err := jose.ParseSignedJSON(string(doc), algs)
	if err != nil {
		return Verified{}, fmt.Errorf("%w: %w", ErrHeader, err)
	}
	h := jws.Signatures[0].Protected
	jku, _ := h.ExtraHeaders["jku"].(string)
	v := Verified{KeyID: h.KeyID, JKU: jku, Algorithm: h.Algorithm}
	if err := checkHeader(h); err != nil {
		return v, err
	}
	key, err := keys.PublicKey(ctx, v.KeyID, v.JKU)
	if err != nil {
		return v, err
	}
	if err := checkKey(key, v); err != nil {
		return v, err
	}
	if _, err := jws.Verify(key.Key); err != nil {
		return v, fmt.Errorf("cardsig: signature does not verify over the canonical payload: %w", err)
	}
	return v, nil
}

func checkHeader(h jose.Header) error {
	if h.Algorithm == "" || h.KeyID == "" {
		return fmt.Errorf("%w: the protected header needs alg and kid", ErrHeader)
	}
	if _, ok := h.ExtraHeaders[jose.HeaderType]; !ok {
		return fmt.Errorf("%w: the protected header needs typ", ErrHeader)
	}
	if _, ok := h.ExtraHeaders["jku"]; ok {
		if s, _ := h.ExtraHeaders["jku"].(string); s == "" {
			return fmt.Errorf("%w: jku is not a URL string", ErrHeader)
		}
	}
	// The payload is always base64url-encoded (spec §8.4.2): no RFC 7797.
	for _, name := range []jose.HeaderKey{"b64", "crit"} {
		if _, ok := h.ExtraHeaders[name]; ok {
			return fmt.Errorf("%w: %q is not used by card signatures", ErrHeader, name)
		}
	}
	return nil
}

// checkKey: a public signing key, the one named, published for this alg.
func checkKey(key jose.JSONWebKey, v Verified) error {
	switch {
	case key.Key == nil || !key.Valid() || !key.IsPublic():
		return fmt.Errorf("cardsig: key %q is not a valid public key", v.KeyID)
	case key.KeyID != v.KeyID:
		return fmt.Errorf("%w: asked for kid %q, got %q", ErrKeyNotFound, v.KeyID, key.KeyID)
	case key.Use != "" && key.Use != "sig":
		return fmt.Errorf("cardsig: key %q is published for use %q, not sig", v.KeyID, key.Use)
	case key.Algorithm != "" && key.Algorithm != v.Algorithm:
		return fmt.Errorf("%w: header alg %s, key %q is published for %s", ErrAlgorithmMismatch, v.Algorithm, v.KeyID, key.Algorithm)
	}
	return nil
}
