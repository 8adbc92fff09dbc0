package cardsig

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func TestVerifyRotation(t *testing.T) {
	old, next := testKey(t, RS256), testKey(t, ES256)
	signed, err := Sign([]byte(testCard), Signer{Key: old}, Signer{Key: next})
	if err != nil {
		t.Fatal(err)
	}
	// The origin has already dropped the old key: the new one carries it.
	v, err := verifyWith(signed, keySetOf(next))
	if err != nil || v.Index != 1 || v.KeyID != next.ID() {
		t.Fatalf("Verify = %+v, %v; want signature 1 by %s", v, err, next.ID())
	}
	// Not published yet: the old one carries it.
	if v, err := verifyWith(signed, keySetOf(old)); err != nil || v.Index != 0 {
		t.Fatalf("Verify = %+v, %v; want signature 0", v, err)
	}
}

func TestVerifyRejects(t *testing.T) {
	es, rs, ps := testKey(t, ES256), testKey(t, RS256), testKey(t, PS256)
	good := mustSign(t, []byte(testCard), Signer{Key: es})
	tampered := bytes.Replace(good, []byte("127.0.0.2:4432"), []byte("127.0.0.3:4433"), 1)
	cases := []struct {
		name string
		card []byte
		keys KeySource
		algs []string
		want error
	}{
		{"unsigned", []byte(testCard), keySetOf(es), nil, ErrUnsigned},
		{"tampered after signing", tampered, keySetOf(es), nil, ErrNoValidSignature},
		{"kid names another published key", mustSign(t, []byte(testCard), Signer{Key: es, KeyID: testKey(t, otherES256).ID()}),
			keySetOf(es, testKey(t, otherES256)), nil, ErrNoValidSignature},
		{"key not published", good, keySetOf(rs), nil, ErrKeyNotFound},
		{"alg not allowed", good, keySetOf(es), []string{RS256}, ErrHeader},
		{"alg is not the key's published alg", mustSign(t, []byte(testCard), Signer{Key: rs, Algorithm: PS256}),
			keySetOf(rs), nil, ErrAlgorithmMismatch},
		{"key published for PS256 used as RS256", mustSign(t, []byte(testCard), Signer{Key: ps, Algorithm: RS256}),
			keySetOf(ps), nil, ErrAlgorithmMismatch},
		{"kid in the unprotected header", withHeader(t, good, map[string]any{"kid": es.ID()}), keySetOf(es), nil, ErrHeader},
		{"jku in the unprotected header", withHeader(t, good, map[string]any{"jku": "https://elsewhere"}), keySetOf(es), nil, ErrHeader},
		{"no typ", signWithOptions(t, es, (&jose.SignerOptions{}).WithHeader("kid", es.ID())), keySetOf(es), nil, ErrHeader},
		{"no kid", signWithOptions(t, es, (&jose.SignerOptions{}).WithType("JOSE")), keySetOf(es), nil, ErrHeader},
		{"unencoded payload (b64 false, crit)",
			signWithOptions(t, es, (&jose.SignerOptions{}).WithType("JOSE").WithHeader("kid", es.ID()).WithBase64(false)),
			keySetOf(es), nil, ErrHeader},
		{"alg none", unsignedHeader(t, `{"alg":"none","kid":"`+es.ID()+`","typ":"JOSE"}`), keySetOf(es), []string{"none", ES256}, ErrNoValidSignature},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := verifyWith(tc.card, tc.keys, tc.algs...)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %+v, %v; want %v", v, err, tc.want)
			}
			t.Logf("%v", err)
			var se *SignatureError
			if tc.want != ErrUnsigned && !errors.As(err, &se) {
				t.Errorf("error %v carries no *SignatureError", err)
			}
		})
	}
}

// The key source sees kid and jku exactly as the protected header has them.
func TestVerifyAsksTheKeySource(t *testing.T) {
	es := testKey(t, ES256)
	card := mustSign(t, []byte(testCard), Signer{Key: es, JKU: "https://a.example/jwks.json"})
	var gotKID, gotJKU string
	src := KeySourceFunc(func(_ context.Context, kid, jku string) (jose.JSONWebKey, error) {
		gotKID, gotJKU = kid, jku
		return jose.JSONWebKey{}, errors.New("this origin publishes no keys")
	})
	_, err := verifyWith(card, src)
	if err == nil || !strings.Contains(err.Error(), "this origin publishes no keys") {
		t.Fatalf("Verify error %v, want the key source's", err)
	}
	if gotKID != es.ID() || gotJKU != "https://a.example/jwks.json" {
		t.Errorf("key source asked for (%q, %q)", gotKID, gotJKU)
	}
}

func TestVerifyAsServedWithFlatScopes(t *testing.T) {
	card := `{"name":"n","securityRequirements":[{"schemes":{"oauth":{"list":["a2a.tasks"]}}}]}`
	signed := mustSign(t, []byte(card), Signer{Key: testKey(t, ES256)})
	flat, err := wire.FlattenSecurityScopes(signed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := verifyWith(flat, keySetOf(testKey(t, ES256))); err != nil {
		t.Errorf("card signed in spec shape, served flat: %v", err)
	}
}

// withHeader gives every signature of card an unprotected header.
func withHeader(t *testing.T, card []byte, header map[string]any) []byte {
	t.Helper()
	sigs, err := signaturesOf(card)
	if err != nil {
		t.Fatal(err)
	}
	for i := range sigs {
		sigs[i].Header = header
	}
	var top map[string]json.RawMessage
	_ = json.Unmarshal(card, &top)
	top["signatures"], _ = json.Marshal(sigs)
	out, _ := json.Marshal(top)
	return out
}

// signWithOptions signs testCard through go-jose with hand-picked header
// options, to make headers Signer never makes. No kid unless opts set one.
func signWithOptions(t *testing.T, k *Key, opts *jose.SignerOptions) []byte {
	t.Helper()
	payload, err := CanonicalPayload([]byte(testCard))
	if err != nil {
		t.Fatal(err)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(k.alg), Key: k.priv}, opts)
	if err != nil {
		t.Fatal(err)
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		t.Fatal(err)
	}
	compact, err := jws.DetachedCompactSerialize()
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(compact, ".")
	return attach(t, Signature{Protected: parts[0], Signature: parts[2]})
}

// unsignedHeader attaches a signature made of a header and no signature.
func unsignedHeader(t *testing.T, protected string) []byte {
	t.Helper()
	return attach(t, Signature{Protected: base64.RawURLEncoding.EncodeToString([]byte(protected))})
}

func attach(t *testing.T, sig Signature) []byte {
	t.Helper()
	out, err := Attach([]byte(testCard), sig)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
