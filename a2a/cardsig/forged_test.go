package cardsig

import (
	"errors"
	"testing"

	"github.com/go-jose/go-jose/v4"
)

// The forged signatures the trust-root scenarios serve (contract-model §6
// condition 1 and 2): Verify refuses each, and each is what its cheat
// expects (the header the signer asked for is the one served).
func TestVerifyRefusesForgedSignatures(t *testing.T) {
	published, attacker := testKey(t, ES256), testKey(t, otherES256)
	secret, err := PublicKeyPEM(published.Public())
	if err != nil {
		t.Fatal(err)
	}
	asServed, err := SignaturesOver([]byte(testCard), Signer{Key: published})
	if err != nil {
		t.Fatal(err)
	}
	nonCanonical, err := Attach([]byte(testCard), asServed...)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		card   []byte
		header map[string]any
		want   error
	}{
		{"alg none", mustSign(t, []byte(testCard), Signer{Key: published, Unsecured: true}),
			map[string]any{"alg": AlgNone}, ErrHeader},
		{"HS256 keyed with the published key's PEM", mustSign(t, []byte(testCard), Signer{Key: published, Secret: secret}),
			map[string]any{"alg": HS256}, ErrHeader},
		{"unknown crit", mustSign(t, []byte(testCard), Signer{Key: published,
			Header: map[string]any{"crit": []string{"urn:example:must-understand"}, "urn:example:must-understand": true}}),
			map[string]any{"alg": ES256}, ErrHeader},
		{"unpublished kid, key embedded as jwk", mustSign(t, []byte(testCard), Signer{Key: attacker.WithID("A-es256-9"),
			Header: map[string]any{"jwk": attacker.Public()}}), map[string]any{"kid": "A-es256-9"}, ErrKeyNotFound},
		{"over the bytes as served, not JCS", nonCanonical, map[string]any{"kid": published.ID()}, ErrNoValidSignature},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := protectedHeader(t, tc.card, 0)
			for k, v := range tc.header {
				if h[k] != v {
					t.Fatalf("protected header %s = %v, want %v", k, h[k], v)
				}
			}
			algs := []string{ES256, ES384, RS256, PS256}
			if _, err := verifyWith(tc.card, keySetOf(published), algs...); !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
	// The control: the same key over the canonical payload verifies.
	if _, err := verifyWith(mustSign(t, []byte(testCard), Signer{Key: published}), keySetOf(published)); err != nil {
		t.Fatalf("Verify of the honest signature = %v", err)
	}
}

// HS256 over the canonical payload with the PEM does verify as an HMAC: the
// forgery is real, only the allow-list and the key type keep it out.
func TestHMACForgeryVerifiesAsHMAC(t *testing.T) {
	published := testKey(t, ES256)
	secret, err := PublicKeyPEM(published.Public())
	if err != nil {
		t.Fatal(err)
	}
	sigs, err := Signatures([]byte(testCard), Signer{Key: published, Secret: secret})
	if err != nil {
		t.Fatal(err)
	}
	payload, err := CanonicalPayload([]byte(testCard))
	if err != nil {
		t.Fatal(err)
	}
	jws, err := jose.ParseDetached(sigs[0].Protected+".."+sigs[0].Signature, payload, []jose.SignatureAlgorithm{jose.HS256})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jws.Verify(secret); err != nil {
		t.Fatalf("HS256 with the PEM = %v", err)
	}
}
