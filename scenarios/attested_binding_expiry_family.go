package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// expiryShape is what both expiry scenarios share.
const expiryShape = "The card is served on origin A with `Cache-Control: max-age=300`; every interface url is on origin " +
	"B, which presents A's TLS certificate, and the card carries valid signatures by keys A publishes (`jku` on A). " +
	"Task 1 attests B and completes there; task 2 runs inside the card's max-age, the card unchanged (the client may " +
	"reuse its attestation). Before task 3 the card's TTL has passed: A answers every card request with `Age: 600`, " +
	"the same card, and B is unchanged (the client re-attests and completes)."

// expiring completes an expiry scenario: versions card versions of one
// card (their contracts the same; ES256 signs each afresh), every later
// one aged past max-age; the keys withdrawn from card version withdrawnFrom
// on (0: never); change before the last task.
func expiring(s Scenario, versions int, change func(*mockpeer.Farm) error, withdrawnFrom int) *Scenario {
	cards := make([]mockpeer.CardFunc, versions)
	for i := range cards {
		cards[i] = oauthCard("A").Endpoint("B").Build
	}
	s.Grants = mockpeer.Grants{OAuth: true}
	s.CardPeer = "A"
	s.Tasks = []Task{{}, {}, {Before: RotateTo("A", 1)}, {Before: change}}
	s.Peers = []mockpeer.PeerSpec{{
		Name: "A", Host: "127.0.0.1",
		Cards: cards,
		Caching: mockpeer.Caching{CacheControl: "max-age=300",
			Aged: mockpeer.Aging{FromVersion: 1, Seconds: expiredAge}},
		Signing: &mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, WithdrawnFrom: withdrawnFrom},
		Task:    mockpeer.TaskScript{Steps: completingSteps()},
	}, sameKeyAs("A", workingPeer("B", "127.0.0.2", oauthCard))}
	return &s
}

// expiredAge is the Age that puts the card past its max-age=300.
const expiredAge = 600

const expiryRef = "contract-model §3 rule 6, §6 (attestations expire); RFC 9111 §4.2, §5.1"

func sameKeyAs(identity string, ps mockpeer.PeerSpec) mockpeer.PeerSpec {
	ps.Identity = identity
	return ps
}

// expiryRequirements: r are the last task's contact, credential and
// outcome requirements, then the three tasks' positive controls; contact
// judges the endpoint B in the last task, outcome the report and its
// evidence that the client attested B again.
func expiryRequirements(r [6]said, contact func(string) func(*Evidence) verdict.Judgement, outcome func(*Evidence) verdict.Judgement) []Requirement {
	control := func(r said, task int) Requirement {
		return atTask(task, Requirement{ID: r.id, Level: verdict.Must, Profile: verdict.ProfileSignatures, Text: r.text, Ref: expiryRef,
			Check: completedAt("B"), Control: true})
	}
	return []Requirement{
		atTask(4, Requirement{ID: r[0].id, Level: verdict.Must, Profile: verdict.ProfileSignatures, Text: r[0].text, Ref: expiryRef, Check: contact("B")}),
		atTask(4, Requirement{ID: r[1].id, Level: verdict.Must, Profile: verdict.ProfileSignatures, Text: r[1].text, Ref: expiryRef, Check: noCredentialAt("B")}),
		atTask(4, Requirement{ID: r[2].id, Level: verdict.Must, Profile: verdict.ProfileSignatures, Text: r[2].text,
			Ref: expiryRef + "; docs/driver-contract.md", Check: outcome}),
		control(r[3], 1),
		control(r[4], 2),
		control(r[5], 3),
	}
}
