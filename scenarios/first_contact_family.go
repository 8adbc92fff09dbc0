package scenarios

import (
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// First contact. Every authority scenario of the routing family shows the
// honest card first and the bad one second, so a client that trusts
// whatever its session met first and afterwards only watches for changes
// (trust on first use: "did the urls change?") cannot be told from one
// that judges each card on its own ("is this url authoritative?"). The
// first-contact scenarios play the same farms the other way round: the
// session's first card is the bad one (or the card URL redirects, or the
// origin presents an impostor's certificate), with no earlier card to
// compare it with, and the honest one comes second, as the positive
// control. In one-shot mode the first task's process is the first the
// state directory has seen: nothing before it was trusted.

// firstContact turns a scenario of the routing family around: the same
// peers and cards, with the card peer's two versions in the other order.
// The session's first card is the one the card is not authoritative for;
// the honest one, put in force between the tasks (routing's RotateTo),
// is the second task's.
func firstContact(s *Scenario) *Scenario {
	a := &s.Peers[s.CardPeerIndex()]
	a.Cards = slices.Clone(a.Cards)
	slices.Reverse(a.Cards)
	return s
}

// untrustedOnFirstContact is untrustedEndpoint for a session whose first
// card is advisory for peer, in the order of r: no request of any kind
// reaches peer in the session, no credential does, the client reports the
// first task aborted / untrusted-endpoint, and the second task, under the
// honest card, completes (the positive control). All four are MUSTs citing
// ref; the outcome also cites the driver contract.
func untrustedOnFirstContact(peer string, profile verdict.Profile, ref string, r [4]said) []Requirement {
	return refusedIn(nothingReaches, peer, profile, ref, r, 1, 2)
}

// probedOnFirstContact is untrustedOnFirstContact for an endpoint the card
// could make authoritative (a validly signed binding): a bare TLS handshake
// there, to learn its principal, is allowed (probedEndpoint).
func probedOnFirstContact(peer string, profile verdict.Profile, ref string, r [4]said) []Requirement {
	return refusedIn(noRequestAt, peer, profile, ref, r, 1, 2)
}

// PresentGenuine undoes PresentImpostor between two tasks: peer presents
// its genuine certificate again, and every connection open to it is ended
// (mockpeer.Peer.PresentGenuine).
func PresentGenuine(peer string) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.PresentGenuine() })
}
