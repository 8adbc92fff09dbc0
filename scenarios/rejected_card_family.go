package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// longMaxAge is the freshness the bad card is served with: far longer
// than the session, so a cache that honours it reuses the card (and what
// it decided about it) for every later task.
const longMaxAge = "max-age=86400"

// rejectedTwice turns s, a scenario whose card peer serves the honest card
// then the bad one, around like firstContact, and plays three tasks: the
// bad card twice (tasks 1 and 2), then, put in force between tasks 2 and
// 3, the honest one.
func rejectedTwice(s *Scenario) *Scenario {
	s = firstContact(s)
	a := &s.Peers[s.CardPeerIndex()]
	a.Caching = mockpeer.Caching{CacheControl: longMaxAge}
	s.Tasks = []Task{{}, {}, {Before: RotateTo(s.CardPeerName(), 1)}}
	return s
}

// refusedTwice is the requirements of a session whose first two cards
// point at peer, an endpoint they are not authoritative for, in the order
// of r: nothing reaches it in the session (contact), no credential does,
// the client reports the first and the second task aborted /
// untrusted-endpoint, and the third task, under the honest card,
// completes on the card's own origin (the positive control).
func refusedTwice(contact func(string) func(*Evidence) verdict.Judgement, peer string, profile verdict.Profile, ref string, r [5]said) []Requirement {
	ref += "; https://github.com/google/adk-python/issues/6901"
	return []Requirement{
		{ID: r[0].id, Level: verdict.Must, Profile: profile, Text: r[0].text, Ref: ref, Check: contact(peer)},
		{ID: r[1].id, Level: verdict.Must, Profile: profile, Text: r[1].text, Ref: ref, Check: noCredentialAt(peer)},
		inProfile(profile, atTask(1, mustAbort(r[2].id, r[2].text, ref+"; docs/driver-contract.md", driver.ReasonUntrustedEndpoint))),
		inProfile(profile, atTask(2, mustAbort(r[3].id, r[3].text, ref+"; docs/driver-contract.md", driver.ReasonUntrustedEndpoint))),
		rejectedThenHonest(r[4], profile, ref),
	}
}

// rejectedThenHonest is the positive control of a rejected-card session:
// the third task, under the honest card served after the refused one,
// completes at the card's own origin, A. A client that caches its refusal
// (or the refused card, by its max-age) fails it; one that completes the
// task on the refused card's endpoint fails it too.
func rejectedThenHonest(r said, profile verdict.Profile, ref string) Requirement {
	return Requirement{ID: r.id, Level: verdict.Must, Profile: profile, Text: r.text, Ref: ref, Task: 3, Check: completedAt("A"), Control: true}
}
