package mockpeer

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/go-jose/go-jose/v4"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
)

// keyring holds the card signing keys of one run: who signs with what, and
// what every peer publishes. Private keys never leave it.
type keyring struct {
	signers map[string][]cardsig.Signer // by signing peer
	jwks    map[string][]byte           // rendered JWKS, by every peer
	// late is the JWKS of a LatePublication peer once its late keys are
	// published.
	late map[string][]byte
	// withdrawn is the JWKS of each peer whose Signing withdraws its keys,
	// once it has: the successors in place of the signing keys.
	withdrawn map[string][]byte
}

// newKeyring makes the keys every peer's Signing asks for. origins must
// know every port (jku headers carry them). Peers of one key group (see
// FarmSpec.KeyGroup) share their keys, each under its own kids.
func newKeyring(peers []PeerSpec, origins Origins, group func(peer string) string) (*keyring, error) {
	kr := &keyring{signers: map[string][]cardsig.Signer{}, jwks: map[string][]byte{}, late: map[string][]byte{},
		withdrawn: map[string][]byte{}}
	published := map[string][]jose.JSONWebKey{}
	latePublished := map[string][]jose.JSONWebKey{}
	afterWithdrawal := map[string][]jose.JSONWebKey{} // by withdrawing peer
	made := map[string]*cardsig.Key{}                 // by group and slot
	fresh := freshKeys(sharedRSA.Load())
	generate := func(peer, slot, alg, kid string) (*cardsig.Key, error) {
		g := ""
		if group != nil {
			g = group(peer)
		}
		if g == "" {
			return fresh(alg, kid)
		}
		k := g + "\x00" + slot
		if key := made[k]; key != nil {
			return key.WithID(kid), nil
		}
		key, err := fresh(alg, kid)
		made[k] = key
		return key, err
	}
	for _, ps := range peers {
		s := ps.Signing
		if s == nil {
			continue
		}
		publisher := s.publisher(ps.Name)
		jku := ""
		if s.JKU {
			jku = JWKSURL(origins(publisher))
		}
		for i, alg := range s.algorithms() {
			kid := ps.Name + "-" + strings.ToLower(alg) + "-" + strconv.Itoa(i+1)
			slot := strconv.Itoa(i)
			key, err := generate(ps.Name, slot, alg, kid)
			if err != nil {
				return nil, fmt.Errorf("mockpeer: peer %q: %w", ps.Name, err)
			}
			signer := cardsig.Signer{Key: key, JKU: jku}
			var decoy *cardsig.Key
			if s.Fault == WrongKID || s.Fault == UnknownKey || s.Fault == EmbeddedKey {
				if decoy, err = generate(ps.Name, slot+"-decoy", alg, kid+"-decoy"); err != nil {
					return nil, fmt.Errorf("mockpeer: peer %q: %w", ps.Name, err)
				}
				published[publisher] = append(published[publisher], decoy.Public())
			}
			if err := forge(&signer, s.Fault, alg, decoy); err != nil {
				return nil, fmt.Errorf("mockpeer: peer %q: %w", ps.Name, err)
			}
			switch {
			case i < s.Retired:
			case s.Fault == UnknownKey, s.Fault == EmbeddedKey:
			case s.Fault == LatePublication:
				latePublished[publisher] = append(latePublished[publisher], key.Public())
			default:
				published[publisher] = append(published[publisher], key.Public())
			}
			if s.WithdrawnFrom > 0 {
				next, err := generate(ps.Name, slot+"-next", alg, kid+"-next")
				if err != nil {
					return nil, fmt.Errorf("mockpeer: peer %q: %w", ps.Name, err)
				}
				afterWithdrawal[ps.Name] = append(afterWithdrawal[ps.Name], next.Public())
				if decoy != nil {
					afterWithdrawal[ps.Name] = append(afterWithdrawal[ps.Name], decoy.Public())
				}
			}
			kr.signers[ps.Name] = append(kr.signers[ps.Name], signer)
		}
	}
	for _, ps := range peers {
		doc, err := cardsig.JWKS(published[ps.Name]...)
		if err != nil {
			return nil, fmt.Errorf("mockpeer: peer %q: %w", ps.Name, err)
		}
		kr.jwks[ps.Name] = doc
		if late := latePublished[ps.Name]; late != nil {
			if kr.late[ps.Name], err = cardsig.JWKS(append(published[ps.Name], late...)...); err != nil {
				return nil, fmt.Errorf("mockpeer: peer %q: %w", ps.Name, err)
			}
		}
		if keys, ok := afterWithdrawal[ps.Name]; ok {
			if kr.withdrawn[ps.Name], err = cardsig.JWKS(keys...); err != nil {
				return nil, fmt.Errorf("mockpeer: peer %q: %w", ps.Name, err)
			}
		}
	}
	return kr, nil
}

// freshKeys makes the keys of one keyring, each distinct from the others:
// generated, or with pool (ReuseRSAKeys) an RSA key the pool's next.
func freshKeys(pool *rsaKeyPool) func(alg, kid string) (*cardsig.Key, error) {
	taken := 0
	return func(alg, kid string) (*cardsig.Key, error) {
		if pool == nil || alg != cardsig.RS256 && alg != cardsig.PS256 {
			return cardsig.GenerateKey(alg, kid)
		}
		priv, err := pool.key(taken)
		if err != nil {
			return nil, err
		}
		taken++
		return cardsig.KeyOf(alg, kid, priv)
	}
}

// critical is the crit extension of UnknownCritical: no verifier knows it.
const critical = "urn:a2a-conform:must-understand"

// forge sets up signer to make the fault's signatures; decoy is the
// published key of WrongKID, UnknownKey and EmbeddedKey.
func forge(signer *cardsig.Signer, fault SignatureFault, alg string, decoy *cardsig.Key) error {
	switch fault {
	case WrongKID:
		signer.KeyID = decoy.ID()
	case AlgMismatch:
		signer.Algorithm = otherRSAAlgorithm(alg)
	case Unsecured:
		signer.Unsecured = true
	case HMACKeyConfusion:
		secret, err := cardsig.PublicKeyPEM(signer.Key.Public())
		if err != nil {
			return err
		}
		signer.Secret = secret
	case UnknownCritical:
		signer.Header = map[string]any{"crit": []string{critical}, critical: true}
	case EmbeddedKey:
		signer.Key = signer.Key.WithID(signer.Key.ID() + "-unpublished")
		signer.Header = map[string]any{"jwk": signer.Key.Public()}
	}
	return nil
}

func otherRSAAlgorithm(alg string) string {
	if alg == cardsig.PS256 {
		return cardsig.RS256
	}
	return cardsig.PS256
}
