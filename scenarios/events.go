package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// RotateTo puts card version v of peer in force, between two tasks: the
// next task meets v. A rotation armed for a send the client never made
// (it refused the task before sending to peer) is dropped, so that it
// does not fire in a later task.
func RotateTo(peer string, v int) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error {
		p.Disarm()
		return p.Rotate(v)
	})
}

// ArmRotation arms peer to put card version v in force right after its
// next card response, or right before its next task-creating request is
// judged if that comes first: the change meets the client whatever it
// does, between its look at the card and its send (mockpeer.Peer.Arm).
func ArmRotation(peer string, v int) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.Arm(v) })
}

// controlThen is the session of a scenario whose change comes after a
// positive control: a first task under the honest card, which a
// conformant client completes, then change, then the task the scenario is
// about.
func controlThen(change func(*mockpeer.Farm) error) []Task {
	return []Task{{}, {Before: change}}
}

// PresentImpostor makes peer an impostor on its own origin, between two
// tasks: a certificate from a CA the client was never given, and every
// connection open to it ended (mockpeer.Peer.PresentImpostor).
func PresentImpostor(peer string) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.PresentImpostor() })
}

// ArmExtendedRotation arms peer to put card version v in force right after
// its next GetExtendedAgentCard answer, or right before its next
// task-creating request is judged if that comes first: the extended card
// changes between the client's look at it and its send
// (mockpeer.Peer.ArmExtended).
func ArmExtendedRotation(peer string, v int) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.ArmExtended(v) })
}

// PresentOwnKey makes peer another TLS principal on its own origin, between
// two tasks: a certificate the run's CA issued under a key of its own, and
// every connection open to it ended (mockpeer.Peer.PresentOwnKey).
func PresentOwnKey(peer string) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.PresentOwnKey() })
}

// PresentViaIntermediate makes peer renew its certificate under an
// intermediate CA of the run's, between two tasks
// (mockpeer.Peer.PresentViaIntermediate).
func PresentViaIntermediate(peer string) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.PresentViaIntermediate() })
}

// ArmCardFault arms peer's card URL to fail with fault right after its
// next card response, and every card request after it, until the next
// task's change (mockpeer.Peer.ArmCardFault): it meets the client between
// its look at the card and its revalidation right before the send.
func ArmCardFault(peer string, fault mockpeer.CardFault) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.ArmCardFault(fault) })
}

// ClearCardFault makes peer's card URL serve the card again.
func ClearCardFault(peer string) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error {
		p.ClearCardFault()
		return nil
	})
}

// onPeer is a change between tasks made to peer, which the farm must have.
func onPeer(peer string, change func(*mockpeer.Peer) error) func(*mockpeer.Farm) error {
	return func(f *mockpeer.Farm) error {
		p := f.Peer(peer)
		if p == nil {
			return fmt.Errorf("scenarios: no peer %q", peer)
		}
		return change(p)
	}
}

// PresentOwnKeyAfterNextHandshake makes peer present its identity's key on
// its next handshake and a key of its own on every one after it, every
// connection open to it ended first
// (mockpeer.Peer.PresentOwnKeyAfterNextHandshake).
func PresentOwnKeyAfterNextHandshake(peer string) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.PresentOwnKeyAfterNextHandshake() })
}
