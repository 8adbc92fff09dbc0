package mockpeer

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// JWKSPath is where every peer serves the JSON Web Key Set of the card
// signing keys it publishes (an empty set when it publishes none).
const JWKSPath = "/.well-known/jwks.json"

// JWKSURL is the JWKS URL of the peer at origin.
func JWKSURL(origin string) string { return origin + JWKSPath }

// Signing says how a peer signs its cards, where the keys are published
// and what, if anything, is wrong with the signatures.
type Signing struct {
	// Algorithms makes one key per entry (cardsig.ES256, ES384, RS256,
	// PS256), each signing every card version: two or more are a key
	// rotation in progress. Empty means one ES256 key.
	Algorithms []string
	// Publisher names the peer whose JWKS publishes the keys; "" means this
	// peer. Another peer is the fault "key served from another origin".
	Publisher string
	// JKU puts the publisher's JWKS URL into every signature's jku header.
	// Without it a verifier looks where it sees fit (the reference client:
	// JWKSPath on the card's origin).
	JKU bool
	// Fault breaks every signature the same way.
	Fault SignatureFault
	// WithdrawnFrom, if positive, withdraws the signing keys once a card
	// version of at least this number is in force: the peer's JWKS then
	// publishes a successor of each instead (same algorithm, kid suffixed
	// "-next"), while the card stays signed by the old keys, which no
	// longer vouch for it. Only for keys the peer publishes itself.
	WithdrawnFrom int
	// Retired is how many of the first keys still sign every card but are
	// published no more: a key rotation completing, the old key's signature
	// still on the card, the JWKS holding only the keys after it. At least
	// one key stays published, and every signature is otherwise valid
	// (Fault NoFault): the card verifies by the keys left, as the spec asks
	// of a verifier (one signature that verifies, §8.4.3).
	Retired int
}

// SignatureFault is what is wrong with a peer's card signatures.
type SignatureFault int

// Signature faults. Each spoils every signature of the card, so that no
// valid one is left.
const (
	// NoFault signs correctly.
	NoFault SignatureFault = iota
	// TamperedPayload: the card was changed after it was signed. The
	// signatures cover the card with every interface url on this peer's own
	// origin; the card served points where its CardFunc says (the repointing
	// attack). When every url is on the peer's origin already, the
	// signatures cover another description instead.
	TamperedPayload
	// WrongKID: every signature's kid names another key of the same
	// algorithm that the publisher also publishes.
	WrongKID
	// UnknownKey: the card is signed by keys no JWKS publishes; the
	// publisher's JWKS holds other keys of the same algorithms.
	UnknownKey
	// AlgMismatch: every key signs with the other RSA algorithm (RS256 ↔
	// PS256) than the one its JWKS entry declares. RSA algorithms only.
	AlgMismatch
	// Unsecured: every signature is an unsecured JWS, alg "none" and no
	// signature (RFC 7515 §A.5), naming a key the publisher publishes.
	Unsecured
	// HMACKeyConfusion: every signature is an HS256 MAC keyed with the PEM
	// of the public key its kid names, which the publisher publishes (the
	// RS/HS key-confusion attack, RFC 8725 §2.1).
	HMACKeyConfusion
	// UnknownCritical: every signature is valid, but its protected header
	// lists in crit an extension no verifier understands (RFC 7515 §4.1.11:
	// the JWS must then be rejected).
	UnknownCritical
	// EmbeddedKey: the card is signed by keys no JWKS publishes, each under
	// a kid the publisher never published, with the public key embedded in
	// the protected header (jwk, RFC 7515 §4.1.3); the publisher's JWKS
	// holds other keys of the same algorithms.
	EmbeddedKey
	// NonCanonical: every signature covers the card's bytes as served (its
	// key order and spacing, without signatures), not the RFC 8785 form.
	NonCanonical
	// LatePublication: the keys are published only after the card was
	// fetched. The JWKS lacks them until the peer has served its last card
	// version and then one JWKS without them: a verifier that judges the
	// card by the keys of its own time refuses it, one that fetches the
	// keys again until they verify accepts it. The publisher must be the
	// peer itself.
	LatePublication
)

var faultNames = map[SignatureFault]string{
	NoFault: "none", TamperedPayload: "tampered-payload", WrongKID: "wrong-kid",
	UnknownKey: "unknown-key", AlgMismatch: "alg-mismatch", Unsecured: "unsecured", HMACKeyConfusion: "hmac-key-confusion",
	UnknownCritical: "unknown-critical", EmbeddedKey: "embedded-key", NonCanonical: "non-canonical",
	LatePublication: "late-publication",
}

func (f SignatureFault) String() string {
	if s, ok := faultNames[f]; ok {
		return s
	}
	return "SignatureFault(" + strconv.Itoa(int(f)) + ")"
}

func (s *Signing) algorithms() []string {
	if len(s.Algorithms) == 0 {
		return []string{cardsig.ES256}
	}
	return s.Algorithms
}

func (s *Signing) publisher(self string) string {
	if s.Publisher == "" {
		return self
	}
	return s.Publisher
}

// validateSigning checks the Signing of every peer.
func validateSigning(spec FarmSpec) error {
	names := map[string]bool{}
	for _, ps := range spec.Peers {
		names[ps.Name] = true
	}
	for _, ps := range spec.Peers {
		s := ps.Signing
		if s == nil {
			continue
		}
		if s.Publisher != "" && !names[s.Publisher] {
			return invalid("peer %q: keys published by unknown peer %q", ps.Name, s.Publisher)
		}
		if s.WithdrawnFrom > 0 && s.Publisher != "" && s.Publisher != ps.Name {
			return invalid("peer %q: keys published by peer %q cannot be withdrawn by %q's card versions", ps.Name, s.Publisher, ps.Name)
		}
		if s.WithdrawnFrom >= len(ps.Cards) && s.WithdrawnFrom > 0 {
			return invalid("peer %q: keys withdrawn from card version %d, but it has %d", ps.Name, s.WithdrawnFrom, len(ps.Cards))
		}
		if s.Retired < 0 || s.Retired > 0 && (s.Retired >= len(s.algorithms()) || s.Fault != NoFault) {
			return invalid("peer %q: %d retired keys of %d, fault %s: retire fewer keys than sign, of valid signatures only",
				ps.Name, s.Retired, len(s.algorithms()), s.Fault)
		}
		if _, ok := faultNames[s.Fault]; !ok {
			return invalid("peer %q: unknown signature fault %d", ps.Name, s.Fault)
		}
		if s.Fault == LatePublication && s.Publisher != "" && s.Publisher != ps.Name {
			return invalid("peer %q: the late-publication fault needs the keys published by the peer itself, not %q", ps.Name, s.Publisher)
		}
		for _, alg := range s.algorithms() {
			switch alg {
			case cardsig.ES256, cardsig.ES384:
				if s.Fault == AlgMismatch {
					return invalid("peer %q: the alg-mismatch fault needs RSA keys, not %s", ps.Name, alg)
				}
			case cardsig.RS256, cardsig.PS256:
			default:
				return invalid("peer %q: signing algorithm %q (want ES256, ES384, RS256 or PS256)", ps.Name, alg)
			}
		}
	}
	return nil
}

// signCard attaches the signatures of the peer's Signing to raw, the
// frozen bytes of card. Errors are cardsig's; the caller names the card.
func signCard(spec PeerSpec, card wire.AgentCard, raw []byte, o Origins, signers []cardsig.Signer) ([]byte, error) {
	covered := raw
	switch spec.Signing.Fault {
	case TamperedPayload:
		var err error
		if covered, err = freezeCard(spec, beforeTampering(card, o(spec.Name))); err != nil {
			return nil, err
		}
	case NonCanonical:
		sigs, err := cardsig.SignaturesOver(raw, signers...)
		if err != nil {
			return nil, err
		}
		return cardsig.Attach(raw, sigs...)
	}
	sigs, err := cardsig.Signatures(covered, signers...)
	if err != nil {
		return nil, err
	}
	return cardsig.Attach(raw, sigs...)
}

// beforeTampering is the card as its owner signed it: every interface url
// on origin (a gRPC one as origin's host:port), or, when they all are
// there, another description.
func beforeTampering(card wire.AgentCard, origin string) wire.AgentCard {
	card.SupportedInterfaces = slices.Clone(card.SupportedInterfaces)
	moved := false
	for i, iface := range card.SupportedInterfaces {
		if iface.ProtocolBinding == wire.BindingGRPC {
			if target := GRPCTarget(origin); iface.URL != target {
				card.SupportedInterfaces[i].URL, moved = target, true
			}
			continue
		}
		u, err := url.Parse(iface.URL)
		if err != nil || !u.IsAbs() {
			continue
		}
		if at := u.Scheme + "://" + u.Host; at != origin {
			card.SupportedInterfaces[i].URL = origin + strings.TrimPrefix(iface.URL, at)
			moved = true
		}
	}
	if !moved {
		card.Description += " (as signed)"
	}
	return card
}

// serveJWKS answers JWKSPath with the keys this peer publishes.
func (p *Peer) serveJWKS(w http.ResponseWriter, r *http.Request) {
	if !readOnly(w, r, "the JWKS") {
		return
	}
	p.mu.Lock()
	var body []byte
	if r.Method == http.MethodGet {
		body = slices.Clone(p.serveJWKSLocked())
	} else {
		body = slices.Clone(p.jwksLocked())
	}
	p.mu.Unlock()
	w.Header().Set("Content-Type", "application/jwk-set+json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(body)
	}
}

// JWKS is the JSON Web Key Set the peer serves at JWKSPath now.
func (p *Peer) JWKS() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.jwksLocked())
}

// serveJWKSLocked is the key set of one GET: under LatePublication the
// late keys join it once one response without them followed the last card
// version.
func (p *Peer) serveJWKSLocked() []byte {
	body := p.jwksLocked()
	last := len(p.versions) - 1
	if _, late := p.farm.keys.late[p.spec.Name]; late && last < len(p.state.served) && p.state.served[last] {
		p.state.latePublished = true
	}
	return body
}

func (p *Peer) jwksLocked() []byte {
	if s := p.spec.Signing; s != nil && s.WithdrawnFrom > 0 && p.state.version >= s.WithdrawnFrom {
		return p.farm.keys.withdrawn[p.spec.Name]
	}
	if late, ok := p.farm.keys.late[p.spec.Name]; ok && p.state.latePublished {
		return late
	}
	return p.farm.keys.jwks[p.spec.Name]
}
