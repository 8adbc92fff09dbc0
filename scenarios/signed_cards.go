package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// signedRepoint completes a signature scenario; they share one farm
// shape, of the routing family: A serves an honest card for the first
// task, then a card whose interfaces are all on B (another loopback address
// and port); A signs every version as signing says; B presents bIdentity's
// TLS principal ("A": the same as A's; "": its own). B is a working peer
// that would complete the task.
//
// The cards use OAuth client credentials with a scope, so that nothing in
// them is an empty value: @a2a-js/sdk 1.3.0 canonicalizes empty values
// away and could not verify them (docs/contract-model.md §6, interop).
func signedRepoint(s Scenario, signing mockpeer.Signing, bIdentity string) *Scenario {
	return signedRepointOn(s, signing, bIdentity, "127.0.0.2")
}

// signedRepointOn is signedRepoint with B listening on bHost: on the card's
// own host, 127.0.0.1, at another port, in repointed-endpoint-foreign-key-
// same-host, so that a gate that takes any key set on the card's host for
// the card origin's does not pass for an origin check.
func signedRepointOn(s Scenario, signing mockpeer.Signing, bIdentity, bHost string) *Scenario {
	s.Grants = mockpeer.Grants{OAuth: true}
	b := workingPeer("B", bHost, oauthCard)
	b.Identity = bIdentity
	return routing(s, mockpeer.PeerSpec{
		Cards:   []mockpeer.CardFunc{oauthCard("A").Build, oauthCard("A").Endpoint("B").Version("1.1.0").Build},
		Caching: mockpeer.Caching{CacheControl: "max-age=300"},
		Signing: &signing,
	}, b)
}

// rotatingKeys sign with two keys at once, as during a key rotation.
var rotatingKeys = []string{cardsig.ES256, cardsig.RS256}

// The trust-root family (a2aproject/A2A#2096, PR #2099; a2a-go#368): each
// scenario is repointed-endpoint-bad-signature with another forgery, one
// way a signature the spec refuses could still make A's card speak for B.
// The card is signed by one ES256 key; B presents A's TLS certificate, so
// only the signature is wrong.
const trustRootThreads = "https://github.com/a2aproject/A2A/issues/2096; https://github.com/a2aproject/A2A/pull/2099; " +
	"https://github.com/a2aproject/a2a-go/issues/368"

// forgedSignature completes a trust-root scenario: signedRepoint signed as
// signing says, its requirements those of untrustedEndpoint with ids,
// citing rule 6's condition and the RFC sections of the forgery (refs).
func forgedSignature(s Scenario, signing mockpeer.Signing, condition, refs string, r [4]said) *Scenario {
	ref := "contract-model §3 rule 6 and §6 condition " + condition + "; A2A v1.0 spec §8.4.3; " + refs + "; " + trustRootThreads
	s.Requirements = append(untrustedEndpoint("B", verdict.ProfileSignatures, ref, r), s.Requirements...)
	return signedRepoint(s, signing, "A")
}
