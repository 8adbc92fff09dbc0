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
	return redirectedTo(s, redirect, workingPeer("C", "127.0.0.3", bearerCard))
}

// redirectedTo is redirectedToC with C placed as c says: on the card's own
// host at another port (card-redirect-cross-origin-same-host), or serving
// its card at a path of its own (card-redirect-cross-origin-moved-path),
// so that no gate that looks at the host alone, or at the path, passes
// for an origin check.
func redirectedTo(s Scenario, redirect mockpeer.Redirect, c mockpeer.PeerSpec) *Scenario {
	s.Grants = mockpeer.Grants{Bearer: true}
	return routing(s, mockpeer.PeerSpec{
		Cards:    []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Version("1.1.0").Build},
		Redirect: &redirect,
	}, c)
}

// redirectRefusedLater is the requirements of card-redirect-cross-origin's
// shape, the redirect to peer C served in the second task: refusedRedirect's
// three, no contact at all with C (r[3]), the first task completed (r[4]).
func redirectRefusedLater(r [5]said) []Requirement {
	return append(refusedRedirect("C", 2, [3]said{r[0], r[1], r[2]}),
		Requirement{
			ID: r[3].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[3].text,
			Ref: "contract-model §3 rule 6 and §4", Check: nothingReaches("C"),
		},
		controlTask(r[4].id, verdict.ProfileCore, 1, r[4].text, "contract-model §3 rule 6"),
	)
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

// movedCardPeer is workingPeer serving its card at summarizerCardPath, the
// well-known card path unmatched.
func movedCardPeer(name, host string) mockpeer.PeerSpec {
	return with(workingPeer(name, host, bearerCard), func(p *mockpeer.PeerSpec) { p.CardPath = summarizerCardPath })
}
