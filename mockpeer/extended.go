package mockpeer

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// ExtendedCard scripts the authenticated extended agent card (spec §3.1.11,
// §13.3) a peer answers GetExtendedAgentCard with, on every binding. It is
// the agent's full card: once scripted, the peer enforces the target
// skill's security and routing on it for every A2A call but
// GetExtendedAgentCard itself, which is admitted by the public card's
// card-wide securityRequirements (the schemes the public card names).
// Every exchange is journaled as any other; a GetExtendedAgentCard
// exchange carries the card version in force, whose extended card it got.
type ExtendedCard struct {
	// Cards[v] is the extended card served while public card version v is
	// in force; versions past the end serve the last.
	Cards []CardFunc
	// Unsigned serves the extended card without signatures, even when the
	// peer signs its public cards.
	Unsigned bool
	// Tampered, on a signing peer, spoils every signature of the extended
	// card as Signing.Fault TamperedPayload does (signed with its interfaces
	// on the peer's own origin, served as its CardFunc says).
	Tampered bool
}

// validateExtended checks the ExtendedCard of every peer: a spoiled
// signature needs a signing peer, and a card is unsigned or tampered, not
// both.
func validateExtended(spec FarmSpec) error {
	for _, ps := range spec.Peers {
		ext := ps.Extended
		switch {
		case ext == nil:
		case len(ext.Cards) == 0:
			return invalid("peer %q: an extended card script with no cards", ps.Name)
		case ext.Tampered && ps.Signing == nil:
			return invalid("peer %q: a tampered extended card needs a signing peer (PeerSpec.Signing)", ps.Name)
		case ext.Tampered && ext.Unsigned:
			return invalid("peer %q: an extended card is unsigned or tampered, not both", ps.Name)
		}
	}
	return nil
}

// buildExtended freezes the extended card of public card version i, nil
// when the peer scripts none.
func buildExtended(spec PeerSpec, i int, o Origins, signers []cardsig.Signer, lazy bool) (*cardVersion, error) {
	ext := spec.Extended
	if ext == nil || len(ext.Cards) == 0 {
		return nil, nil
	}
	card := ext.Cards[min(i, len(ext.Cards)-1)](o)
	raw, err := freezeCard(spec, card)
	if err != nil {
		return nil, fmt.Errorf("mockpeer: peer %q extended card %d: %w", spec.Name, i, err)
	}
	if spec.Signing != nil && !ext.Unsigned {
		signing := *spec.Signing
		if ext.Tampered {
			signing.Fault = TamperedPayload
		}
		spec.Signing = &signing
		if raw, err = signCard(spec, card, raw, o, signers); err != nil {
			return nil, fmt.Errorf("mockpeer: peer %q extended card %d: %w", spec.Name, i, err)
		}
	}
	v := &cardVersion{n: i, raw: raw, skill: spec.Skill}
	if !lazy {
		if err := v.derivedNow().err; err != nil {
			return nil, fmt.Errorf("mockpeer: peer %q extended card %d: %w", spec.Name, i, err)
		}
	}
	return v, nil
}

// enforced is the card whose security and routing the peer enforces for
// op: the extended card, when one is scripted, for every call but the one
// that fetches it.
func (v *cardVersion) enforced(op string) *cardVersion {
	if v.extended != nil && op != wire.MethodGetExtendedAgentCard {
		return v.extended
	}
	return v
}

// ExtendedCardBytes returns the frozen extended card served with card
// version v, nil if the peer scripts none or there is no such version.
func (p *Peer) ExtendedCardBytes(v int) []byte {
	if v < 0 || v >= len(p.versions) || p.versions[v].extended == nil {
		return nil
	}
	return append([]byte(nil), p.versions[v].extended.raw...)
}

// ExtendedContractHash is the contract hash, for the peer's skill, of the
// extended card served with card version v; "" if there is none.
func (p *Peer) ExtendedContractHash(v int) string {
	if v < 0 || v >= len(p.versions) || p.versions[v].extended == nil {
		return ""
	}
	return p.versions[v].extended.contractHash()
}

// ArmExtended arms the peer to put card version to in force right after
// its next GetExtendedAgentCard answer, or right before its next
// task-creating request is judged if that comes first: the change of the
// extended card meets the client between its look at it and its send,
// whatever it does (Arm is the same for the public card).
func (p *Peer) ArmExtended(to int) error { return p.arm(to, true) }
