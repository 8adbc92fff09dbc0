package cardsig

import (
	"bytes"
	"encoding/json"
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
}

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
	if alg != s.Key.alg && !(s.Key.rsa() && (alg == RS256 || alg == PS256)) {
		return Signature{}, fmt.Errorf("cardsig: a %s key cannot sign %s", s.Key.alg, alg)
	}
	opts := (&jose.SignerOptions{}).WithType(JOSEType).WithHeader("kid", kid)
	if s.JKU != "" {
		opts = opts.WithHeader("jku", s.JKU)
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.SignatureAlgorithm(alg), Key: s.Key.priv}, opts)
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
