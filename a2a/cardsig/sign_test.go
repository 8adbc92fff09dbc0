package cardsig

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func TestSignVerifyEachAlgorithm(t *testing.T) {
	for _, alg := range allAlgs {
		t.Run(alg, func(t *testing.T) {
			k := testKey(t, alg)
			signed, err := Sign([]byte(testCard), Signer{Key: k, JKU: "https://127.0.0.1:4431/.well-known/jwks.json"})
			if err != nil {
				t.Fatal(err)
			}
			v, err := verifyWith(signed, keySetOf(k))
			if err != nil {
				t.Fatalf("Verify: %v", err)
			}
			want := Verified{Index: 0, KeyID: k.ID(), JKU: "https://127.0.0.1:4431/.well-known/jwks.json", Algorithm: alg}
			if v != want {
				t.Errorf("Verified = %+v, want %+v", v, want)
			}
			header := protectedHeader(t, signed, 0)
			for name, want := range map[string]string{"alg": alg, "kid": k.ID(), "typ": "JOSE"} {
				if header[name] != want {
					t.Errorf("protected header %s = %v, want %s (header %v)", name, header[name], want, header)
				}
			}
		})
	}
}

func TestSignKeepsTheCardBytes(t *testing.T) {
	signed, err := Sign([]byte(testCard), Signer{Key: testKey(t, ES256)})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(signed, []byte(testCard[:len(testCard)-1]+`,"signatures":[{"protected":"`)) {
		t.Errorf("signed card does not start with the card's own bytes:\n%s", signed)
	}
	// Signing again appends: the first signature is untouched.
	again, err := Sign(signed, Signer{Key: testKey(t, RS256)})
	if err != nil {
		t.Fatal(err)
	}
	var first, second struct{ Signatures []wire.AgentCardSignature }
	_ = json.Unmarshal(signed, &first)
	_ = json.Unmarshal(again, &second)
	if len(second.Signatures) != 2 || second.Signatures[0].Signature != first.Signatures[0].Signature {
		t.Errorf("second Sign: %d signatures, want the first kept and one added", len(second.Signatures))
	}
	if _, err := verifyWith(again, keySetOf(testKey(t, RS256))); err != nil {
		t.Errorf("card signed twice does not verify with the second key: %v", err)
	}
}

func TestJWKS(t *testing.T) {
	es, rs := testKey(t, ES256), testKey(t, RS256)
	doc, err := JWKS(es.Public(), rs.Public())
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(doc, []byte(`"d"`)) {
		t.Fatalf("JWKS carries a private member: %s", doc)
	}
	set, err := ParseJWKS(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []*Key{es, rs} {
		got, err := KeyByID(set, k.ID())
		if err != nil || got.Algorithm != k.Algorithm() || got.Use != "sig" {
			t.Errorf("key %s in the JWKS: %+v, %v", k.ID(), got, err)
		}
	}
	private := jose.JSONWebKey{Key: es.priv, KeyID: "private"}
	if _, err := JWKS(private); err == nil {
		t.Errorf("JWKS accepted a private key")
	}
}

func TestSignRefuses(t *testing.T) {
	es := testKey(t, ES256)
	for name, s := range map[string]Signer{
		"no key":                  {},
		"ES256 key signing RS256": {Key: es, Algorithm: RS256},
		"RS256 key signing ES256": {Key: testKey(t, RS256), Algorithm: ES256},
	} {
		if _, err := Sign([]byte(testCard), s); err == nil {
			t.Errorf("%s: Sign succeeded", name)
		}
	}
	if _, err := Sign([]byte(testCard)); err == nil {
		t.Errorf("Sign without signers succeeded")
	}
	if _, err := GenerateKey("HS256", "k"); err == nil {
		t.Errorf("GenerateKey(HS256) succeeded")
	}
}

func mustSign(t *testing.T, card []byte, signers ...Signer) []byte {
	t.Helper()
	out, err := Sign(card, signers...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func protectedHeader(t *testing.T, card []byte, i int) map[string]any {
	t.Helper()
	sigs, err := signaturesOf(card)
	if err != nil || len(sigs) <= i {
		t.Fatalf("signature %d: %v", i, err)
	}
	var h map[string]any
	if err := sigs[i].DecodeProtected(&h); err != nil {
		t.Fatal(err)
	}
	return h
}
