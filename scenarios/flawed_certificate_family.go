package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// certificate-other-host, certificate-expired and
// certificate-client-auth-only: impostor-certificate's session, with an
// impostor whose certificate the run's own CA issued. Its chain reaches the
// trust root the client was given; its names, its validity period or its
// key usage make it no certificate of the server. A client that checks only
// the chain (chain-only-tls) refuses impostor-certificate's impostor,
// whose CA it was never given, and takes these.

// PresentFlawed makes peer an impostor on its own origin with a
// certificate from the run's CA that is flawed by flaw, between two tasks,
// every connection open to it ended (mockpeer.Peer.PresentFlawed).
func PresentFlawed(peer string, flaw mockpeer.CertFlaw) func(*mockpeer.Farm) error {
	return onPeer(peer, func(p *mockpeer.Peer) error { return p.PresentFlawed(flaw) })
}

// flawedCertificate completes a scenario of the family: the client holds a
// bearer token, A serves one card fresh for five minutes, the first task
// completes under A's genuine certificate, and before the second A
// presents the certificate flawed by flaw; r are impostorRefused's
// requirements.
func flawedCertificate(s Scenario, flaw mockpeer.CertFlaw, r [4]said) *Scenario {
	s.Family = FamilyAuthority
	s.Tasks = controlThen(PresentFlawed("A", flaw))
	s.Requirements = impostorRefused(2, 1, r)
	return bearerPeer(s, freshPeer(bearerCard("A").Build))
}
