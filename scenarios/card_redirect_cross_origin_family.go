package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// A card URL that redirects to another origin, C, whose card points at C
// itself: card-redirect-cross-origin after an honest first task, and its
// first-contact twin on the session's first look at the card. The farm and
// the refusal are the same; only when the redirect is served differs.

// redirectedToC completes a scenario of card-redirect-cross-origin's shape:
// routing's farm, A serving its honest card and then its v1.1.0, its card
// URL answering with redirect (to origin C) while the card versions it
// names are in force; C, on a host of its own, is a working A2A peer whose
// card points at C itself. The client holds a bearer token.
func redirectedToC(s Scenario, redirect mockpeer.Redirect) *Scenario {
	s.Grants = mockpeer.Grants{Bearer: true}
	return routing(s, mockpeer.PeerSpec{
		Cards:    []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Version("1.1.0").Build},
		Redirect: &redirect,
	}, workingPeer("C", "127.0.0.3", bearerCard))
}

// refusedRedirect is the requirements of a card URL that redirected the
// client to peer's origin in task refused, in the order of r: no
// task-creating request reaches peer, no credential does, the client
// reports the task aborted / untrusted-endpoint. All three are MUSTs
// (core) citing rule 6; the outcome also cites the driver contract.
func refusedRedirect(peer string, refused int, r [3]said) []Requirement {
	const ref = "contract-model §3 rule 6"
	return []Requirement{
		{ID: r[0].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[0].text, Ref: ref, Check: noTaskCreatingAt(peer)},
		{ID: r[1].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[1].text, Ref: ref, Check: noCredentialAt(peer)},
		atTask(refused, mustAbort(r[2].id, r[2].text, ref+"; docs/driver-contract.md", driver.ReasonUntrustedEndpoint)),
	}
}
