package cardsig

import (
	"bytes"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"

	"github.com/go-jose/go-jose/v4"
)

// Signature is one member of a card's `signatures` list: a detached JWS
// over the canonical card (spec §8.4), the JSON shape of proto
// AgentCardSignature.
type Signature struct {
	Protected string         `json:"protected"`
	Signature string         `json:"signature"`
	Header    map[string]any `json:"header,omitempty"`
}

// DecodeProtected unmarshals the signature's protected header (base64url
// JSON) into v, unverified: for a reader that wants the header's members
// as they were sent, such as a lax verifier or a test of the signer.
func (s Signature) DecodeProtected(v any) error {
	raw, err := base64.RawURLEncoding.DecodeString(s.Protected)
	if err != nil {
		return fmt.Errorf("cardsig: protected header: %w", err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("cardsig: protected header: %w", err)
	}
	return nil
}

// JOSEType is the typ header of every card signature (spec §8.4.2).
const JOSEType = "JOSE"

// Signer is one signature to make: a key and the protected header it is
// made under. The zero values of the optional fields give a correct
// signature; setting them makes the faults the mock peers serve.
type Signer struct {
	Key *Key
	// JKU, if non-empty, is the jku header: the URL of a JWKS with the key.
	JKU string
	// KeyID, if non-empty, replaces the key's kid in the header.
	KeyID string
	// Algorithm, if non-empty, replaces the key's algorithm. It must be one
	// the key can make: RS256 or PS256 for an RSA key.
	Algorithm string
	// Header adds protected header parameters (a crit list and the
	// parameter it names, an embedded jwk); alg, kid, typ and jku are the
	// fields above.
	Header map[string]any
	// Secret, if non-nil, makes an HS256 signature keyed with it instead of
	// a signature by Key (which still names the kid): the key-confusion
	// attack, with the published public key's bytes as the secret.
	Secret []byte
	// Unsecured makes an unsecured JWS (RFC 7515 §A.5): alg "none" and an
	// empty signature.
	Unsecured bool
}

// HS256 is the HMAC algorithm of Signer.Secret (RFC 7518 §3.2). No verifier
// of this package accepts it.
const HS256 = "HS256"

// AlgNone is the alg of an unsecured JWS (RFC 7518 §3.6).
const AlgNone = "none"

// Sign returns card with one signature per signer appended to its
// `signatures` (spec §8.4.2), each over CanonicalPayload(card).
func Sign(card []byte, signers ...Signer) ([]byte, error) {
	sigs, err := Signatures(card, signers...)
	if err != nil {
		return nil, err
	}
	return Attach(card, sigs...)
}

// Signatures makes one detached JWS per signer over the canonical payload
// of card, without attaching them.
func Signatures(card []byte, signers ...Signer) ([]Signature, error) {
	if len(signers) == 0 {
		return nil, errors.New("cardsig: no signer")
	}
	payload, err := CanonicalPayload(card)
	if err != nil {
		return nil, err
	}
	return SignaturesOver(payload, signers...)
}

// SignaturesOver makes one detached JWS per signer over payload as it is,
// canonical or not: a signature over another form of the card than
// CanonicalPayload is one no verifier of the spec accepts.
func SignaturesOver(payload []byte, signers ...Signer) ([]Signature, error) {
	if len(signers) == 0 {
		return nil, errors.New("cardsig: no signer")
	}
	out := make([]Signature, 0, len(signers))
	for _, s := range signers {
		sig, err := s.sign(payload)
		if err != nil {
			return nil, err
		}
		out = append(out, sig)
	}
	return out, nil
}

func (s Signer) sign(payload []byte) (Signature, error) {
	if s.Key == nil {
		return Signature{}, errors.New("cardsig: signer without a key")
	}
	alg, kid := s.Key.alg, s.Key.id
	if s.Algorithm != "" {
		alg = s.Algorithm
	}
	if s.KeyID != "" {
		kid = s.KeyID
	}
	signing := jose.SigningKey{Algorithm: jose.SignatureAlgorithm(alg), Key: s.Key.priv}
	switch {
	case s.Unsecured:
		return s.unsecured(kid)
	case s.Secret != nil:
		signing = jose.SigningKey{Algorithm: jose.HS256, Key: s.Secret}
	case alg != s.Key.alg && !(s.Key.rsa() && (alg == RS256 || alg == PS256)):
		return Signature{}, fmt.Errorf("cardsig: a %s key cannot sign %s", s.Key.alg, alg)
	}
	opts := (&jose.SignerOptions{}).WithType(JOSEType).WithHeader("kid", kid)
	if s.JKU != "" {
		opts = opts.WithHeader("jku", s.JKU)
	}
	for name, v := range s.Header {
		opts = opts.WithHeader(jose.HeaderKey(name), v)
	}
	signer, err := jose.NewSigner(signing, opts)
	if err != nil {
		return Signature{}, fmt.Errorf("cardsig: %s signer: %w", alg, err)
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		return Signature{}, fmt.Errorf("cardsig: sign with %s: %w", kid, err)
	}
	compact, err := jws.DetachedCompactSerialize()
	if err != nil {
		return Signature{}, fmt.Errorf("cardsig: serialize: %w", err)
	}
	// Detached compact form: protected..signature (RFC 7515 appendix F).
	parts := strings.Split(compact, ".")
	if len(parts) != 3 || parts[1] != "" {
		return Signature{}, fmt.Errorf("cardsig: unexpected detached JWS form")
	}
	return Signature{Protected: parts[0], Signature: parts[2]}, nil
}

// unsecured is the alg "none" JWS: go-jose makes none, so its header is
// encoded here; there is nothing to sign.
func (s Signer) unsecured(kid string) (Signature, error) {
	h := map[string]any{"alg": AlgNone, "kid": kid, "typ": JOSEType}
	if s.JKU != "" {
		h["jku"] = s.JKU
	}
	for name, v := range s.Header {
		h[name] = v
	}
	doc, err := json.Marshal(h)
	if err != nil {
		return Signature{}, fmt.Errorf("cardsig: encode header: %w", err)
	}
	return Signature{Protected: base64.RawURLEncoding.EncodeToString(doc)}, nil
}

// PublicKeyPEM is the PEM form of a public key's SubjectPublicKeyInfo:
// the bytes a key-confusion attacker keys HS256 with (Signer.Secret).
func PublicKeyPEM(key jose.JSONWebKey) ([]byte, error) {
	der, err := x509.MarshalPKIXPublicKey(key.Key)
	if err != nil {
		return nil, fmt.Errorf("cardsig: key %q: %w", key.KeyID, err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}), nil
}

// Attach appends sigs to the card's `signatures`. A card without that
// member keeps its bytes and gains the member at its end; otherwise the
// top-level members are rewritten in sorted order.
func Attach(card []byte, sigs ...Signature) ([]byte, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(card, &top); err != nil || top == nil {
		return nil, fmt.Errorf("cardsig: card is not a JSON object: %v", err)
	}
	existing, present := top[signaturesMember]
	if present {
		var old []Signature
		if err := json.Unmarshal(existing, &old); err != nil {
			return nil, fmt.Errorf("cardsig: the card's signatures: %w", err)
		}
		sigs = append(old, sigs...)
	}
	list, err := marshal(sigs)
	if err != nil {
		return nil, err
	}
	if present {
		top[signaturesMember] = list
		return marshal(top)
	}
	body := bytes.TrimRight(card, " \t\r\n")
	body = body[:len(body)-1] // the closing brace, checked by Unmarshal
	var out bytes.Buffer
	out.Write(body)
	if len(top) > 0 {
		out.WriteByte(',')
	}
	out.WriteString(`"` + signaturesMember + `":`)
	out.Write(list)
	out.WriteByte('}')
	return out.Bytes(), nil
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("cardsig: encode: %w", err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
