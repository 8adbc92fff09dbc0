package cardsig

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"

	"github.com/go-jose/go-jose/v4"
)

// Signature algorithms this package makes keys for (RFC 7518 §3.1).
const (
	ES256 = "ES256" // ECDSA P-256, SHA-256
	ES384 = "ES384" // ECDSA P-384, SHA-384
	RS256 = "RS256" // RSASSA-PKCS1-v1_5, SHA-256
	PS256 = "PS256" // RSASSA-PSS, SHA-256
)

// rsaBits is the modulus size of generated RSA keys (go-jose refuses less
// than 2048).
const rsaBits = 2048

// Key is a private signing key, its kid and the one algorithm it is for
// (RFC 8725 §3.1). Keys are made per run and never leave the process.
type Key struct {
	id   string
	alg  string
	priv crypto.Signer
}

// GenerateKey makes a fresh key for alg, named kid.
func GenerateKey(alg, kid string) (*Key, error) {
	if kid == "" {
		return nil, fmt.Errorf("cardsig: a key needs a kid")
	}
	var (
		priv crypto.Signer
		err  error
	)
	switch alg {
	case ES256:
		priv, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case ES384:
		priv, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case RS256, PS256:
		priv, err = rsa.GenerateKey(rand.Reader, rsaBits)
	default:
		return nil, fmt.Errorf("cardsig: no key generation for algorithm %q (want ES256, ES384, RS256 or PS256)", alg)
	}
	if err != nil {
		return nil, fmt.Errorf("cardsig: generate %s key: %w", alg, err)
	}
	return &Key{id: kid, alg: alg, priv: priv}, nil
}

// ID is the key's kid.
func (k *Key) ID() string { return k.id }

// Algorithm is the algorithm the key is for.
func (k *Key) Algorithm() string { return k.alg }

// Public is the key's public half as a JWK for a JWKS, with kid, alg and
// use "sig".
func (k *Key) Public() jose.JSONWebKey {
	return jose.JSONWebKey{Key: k.priv.Public(), KeyID: k.id, Algorithm: k.alg, Use: "sig"}
}

// rsa reports whether the key is an RSA key (it can sign RS256 and PS256).
func (k *Key) rsa() bool {
	_, ok := k.priv.(*rsa.PrivateKey)
	return ok
}

// JWKS renders public keys as a JSON Web Key Set (RFC 7517 §5). A private
// key is refused: a JWKS is published.
func JWKS(keys ...jose.JSONWebKey) ([]byte, error) {
	set := jose.JSONWebKeySet{Keys: make([]jose.JSONWebKey, 0, len(keys))}
	for _, k := range keys {
		if !k.IsPublic() {
			return nil, fmt.Errorf("cardsig: key %q in a JWKS is not a public key", k.KeyID)
		}
		set.Keys = append(set.Keys, k)
	}
	out, err := json.Marshal(set)
	if err != nil {
		return nil, fmt.Errorf("cardsig: encode JWKS: %w", err)
	}
	return out, nil
}

// ParseJWKS reads a JSON Web Key Set.
func ParseJWKS(data []byte) (jose.JSONWebKeySet, error) {
	var set jose.JSONWebKeySet
	if err := json.Unmarshal(data, &set); err != nil {
		return jose.JSONWebKeySet{}, fmt.Errorf("cardsig: JWKS: %w", err)
	}
	return set, nil
}

// WithID is the same private key under another kid: peers that share keys
// (a farm of many copies of one scenario) each publish them under their own.
func (k *Key) WithID(kid string) *Key {
	return &Key{id: kid, alg: k.alg, priv: k.priv}
}

// KeyOf is the key priv for alg, named kid: an RSA key for RS256 or PS256,
// an ECDSA key of alg's curve for ES256 or ES384.
func KeyOf(alg, kid string, priv crypto.Signer) (*Key, error) {
	if kid == "" {
		return nil, fmt.Errorf("cardsig: a key needs a kid")
	}
	fits := false
	switch k := priv.(type) {
	case *rsa.PrivateKey:
		fits = (alg == RS256 || alg == PS256) && k.N.BitLen() >= rsaBits
	case *ecdsa.PrivateKey:
		fits = alg == ES256 && k.Curve == elliptic.P256() || alg == ES384 && k.Curve == elliptic.P384()
	}
	if !fits {
		return nil, fmt.Errorf("cardsig: a %T is no key for %s", priv, alg)
	}
	return &Key{id: kid, alg: alg, priv: priv}, nil
}
