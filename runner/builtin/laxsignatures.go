package builtin

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"math/big"
	"net/url"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// laxSignatures is a SignatureCheck that also counts signatures the
// reference refuses, one cheat per field. Every signature the reference
// accepts still counts, so a client with one cheat fails only the
// scenarios that forge what it takes. The cheats are what lax verifiers
// in the field do (a2aproject/A2A#2096); where no JOSE library would
// take the forgery (an unknown crit), the check is written out here on
// purpose.
type laxSignatures struct {
	// embeddedKey takes the key the protected header embeds (jwk) when the
	// key set has none under its kid.
	embeddedKey bool
	// weakAlgs takes alg "none", and HS256 keyed with the PEM of the
	// published public key the kid names.
	weakAlgs bool
	// ignoreCrit verifies a signature whose crit lists what it does not
	// understand.
	ignoreCrit bool
	// asServed also verifies over the card's bytes as served, less the
	// signatures member appended last, instead of the RFC 8785 form.
	asServed bool
	// refetchKeys fetches the key set again when the kid is not in it.
	refetchKeys bool
}

func (l laxSignatures) VerifyCard(ctx context.Context, c *refclient.Client, card *refclient.Card) (cardsig.Verified, error) {
	v, refErr := refclient.Reference().Signatures.VerifyCard(ctx, c, card)
	if refErr == nil {
		return v, nil
	}
	var top struct {
		Signatures []cardsig.Signature `json:"signatures"`
	}
	if json.Unmarshal(card.Raw, &top) != nil {
		return cardsig.Verified{}, refErr
	}
	for i, sig := range top.Signatures {
		if v, ok := l.verify(ctx, c, card, sig); ok {
			v.Index = i
			return v, nil
		}
	}
	return cardsig.Verified{}, refErr
}

// laxHeader is the protected header as the lax verifier reads it.
type laxHeader struct {
	Alg  string          `json:"alg"`
	Kid  string          `json:"kid"`
	JKU  string          `json:"jku"`
	Crit []string        `json:"crit"`
	JWK  json.RawMessage `json:"jwk"`
}

func (l laxSignatures) verify(ctx context.Context, c *refclient.Client, card *refclient.Card, sig cardsig.Signature) (cardsig.Verified, bool) {
	var h laxHeader
	if sig.DecodeProtected(&h) != nil {
		return cardsig.Verified{}, false
	}
	key, ok := l.key(ctx, c, card, h)
	if !ok {
		return cardsig.Verified{}, false
	}
	payloads := make([][]byte, 0, 2)
	if p, err := cardsig.CanonicalPayload(card.Raw); err == nil {
		payloads = append(payloads, p)
	}
	if l.asServed {
		if i := bytes.LastIndex(card.Raw, []byte(`,"signatures":`)); i > 0 {
			payloads = append(payloads, append(bytes.Clone(card.Raw[:i]), '}'))
		}
	}
	for _, payload := range payloads {
		if l.verifies(c, sig, h, key, payload) {
			return cardsig.Verified{KeyID: h.Kid, JKU: h.JKU, Algorithm: h.Alg}, true
		}
	}
	return cardsig.Verified{}, false
}

// key is the key the header names in the key set its jku (or the card's
// origin) names, as far as the origin gate lets the client fetch it, or
// the embedded one.
func (l laxSignatures) key(ctx context.Context, c *refclient.Client, card *refclient.Card, h laxHeader) (jose.JSONWebKey, bool) {
	at, err := c.KeySetURL(card, h.JKU)
	if err != nil {
		return jose.JSONWebKey{}, false
	}
	set, err := c.KeySet(ctx, at, false)
	if keys := set.Key(h.Kid); err == nil && len(keys) == 1 {
		return keys[0], true
	}
	if l.refetchKeys {
		if set, err := c.KeySet(ctx, at, true); err == nil && len(set.Key(h.Kid)) == 1 {
			return set.Key(h.Kid)[0], true
		}
	}
	if l.embeddedKey && len(h.JWK) > 0 {
		var k jose.JSONWebKey
		if json.Unmarshal(h.JWK, &k) == nil && k.Valid() && k.IsPublic() {
			return k, true
		}
	}
	return jose.JSONWebKey{}, false
}

func (l laxSignatures) verifies(c *refclient.Client, sig cardsig.Signature, h laxHeader, key jose.JSONWebKey, payload []byte) bool {
	compact := sig.Protected + ".." + sig.Signature
	switch {
	case h.Alg == cardsig.AlgNone:
		return l.weakAlgs && sig.Signature == ""
	case h.Alg == cardsig.HS256:
		if !l.weakAlgs {
			return false
		}
		secret, err := cardsig.PublicKeyPEM(key)
		if err != nil {
			return false
		}
		jws, err := jose.ParseDetached(compact, payload, []jose.SignatureAlgorithm{jose.HS256})
		return err == nil && verifyErr(jws.Verify(secret)) == nil
	case len(h.Crit) > 0:
		return l.ignoreCrit && verifyRaw(key, h.Alg, sig, payload) == nil
	}
	algs := make([]jose.SignatureAlgorithm, 0, len(c.SignatureAlgorithms()))
	for _, a := range c.SignatureAlgorithms() {
		algs = append(algs, jose.SignatureAlgorithm(a))
	}
	jws, err := jose.ParseDetached(compact, payload, algs)
	return err == nil && verifyErr(jws.Verify(key)) == nil
}

func verifyErr(_ []byte, err error) error { return err }

var errNoVerify = errors.New("builtin: signature does not verify")

// verifyRaw checks a JWS signature over its signing input by hand (RFC 7515
// §5.2 steps 7-8), skipping the crit check every JOSE library makes.
func verifyRaw(key jose.JSONWebKey, alg string, sig cardsig.Signature, payload []byte) error {
	input := []byte(sig.Protected + "." + base64.RawURLEncoding.EncodeToString(payload))
	s, err := base64.RawURLEncoding.DecodeString(sig.Signature)
	if err != nil {
		return err
	}
	hash := crypto.SHA256
	if alg == cardsig.ES384 {
		hash = crypto.SHA384
	}
	hh := hash.New()
	hh.Write(input)
	digest := hh.Sum(nil)
	switch pub := key.Key.(type) {
	case *ecdsa.PublicKey:
		if len(s)%2 != 0 {
			return errNoVerify
		}
		r, ss := new(big.Int).SetBytes(s[:len(s)/2]), new(big.Int).SetBytes(s[len(s)/2:])
		if ecdsa.Verify(pub, digest, r, ss) {
			return nil
		}
		return errNoVerify
	case *rsa.PublicKey:
		if alg == cardsig.PS256 {
			return rsa.VerifyPSS(pub, hash, digest, s, nil)
		}
		return rsa.VerifyPKCS1v15(pub, hash, digest, s)
	}
	return errNoVerify
}

// keysFromAnywhere is an origin gate that lets signing keys come from any
// origin, and everything else only from the card's.
func keysFromAnywhere(reach refclient.Reach, card, target *url.URL) bool {
	return reach == refclient.ReachSigningKeys || refclient.SameOrigin(card, target)
}
