package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/cardsig"
	"github.com/a2a-conform/a2a-conform/mockpeer"
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
	s.Grants = mockpeer.Grants{OAuth: true}
	b := workingPeer("B", "127.0.0.2", oauthCard)
	b.Identity = bIdentity
	return routing(s, mockpeer.PeerSpec{
		Cards:   []mockpeer.CardFunc{oauthCard("A").Build, oauthCard("A").Endpoint("B").Version("1.1.0").Build},
		Caching: mockpeer.Caching{CacheControl: "max-age=300"},
		Signing: &signing,
	}, b)
}

// rotatingKeys sign with two keys at once, as during a key rotation.
var rotatingKeys = []string{cardsig.ES256, cardsig.RS256}
