package cardsig

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"testing"
)

func TestKeyOfTakesOnlyAKeyOfTheAlgorithm(t *testing.T) {
	p256, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	k, err := KeyOf(ES256, "k", p256)
	if err != nil || k.ID() != "k" || k.Algorithm() != ES256 {
		t.Fatalf("KeyOf(ES256, P-256 key) = %v, %v", k, err)
	}
	if _, err := Sign([]byte(testCard), Signer{Key: k}); err != nil {
		t.Errorf("a key of KeyOf does not sign: %v", err)
	}
	for alg, kid := range map[string]string{ES384: "k", RS256: "k", PS256: "k", ES256: ""} {
		if _, err := KeyOf(alg, kid, p256); err == nil {
			t.Errorf("KeyOf(%s, %q, P-256 key) succeeded", alg, kid)
		}
	}
}
