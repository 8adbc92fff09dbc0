package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A rejected card is never cached as trusted (google/adk-python#6901: a
// client kept the card it had just refused, and its next task ran on it
// unchecked). The session's first card is one the client must refuse; the
// second task is served the very same card again (same bytes, same
// validators, so a conditional request is answered 304) with a day's
// max-age, which tempts a cache to reuse what it decided about it; the
// third task gets an honest card, which must be accepted: a client that
// caches its refusal instead fails that (the positive control). The
// first-contact scenarios hold the honest card second; only here is a
// refused card served twice, so only here does a client that skips its
// checks on a card it has seen before show.

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
func refusedTwice(contact func(string) func(*Evidence) Judgement, peer string, profile Profile, ref string, r [5]said) []Requirement {
	ref += "; https://github.com/google/adk-python/issues/6901"
	return []Requirement{
		{ID: r[0].id, Level: Must, Profile: profile, Text: r[0].text, Ref: ref, Check: contact(peer)},
		{ID: r[1].id, Level: Must, Profile: profile, Text: r[1].text, Ref: ref, Check: noCredentialAt(peer)},
		{
			ID: r[2].id, Level: Must, Profile: profile, Text: r[2].text,
			Ref:   ref + "; docs/driver-contract.md",
			Task:  1,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint),
		},
		{
			ID: r[3].id, Level: Must, Profile: profile, Text: r[3].text,
			Ref:   ref + "; docs/driver-contract.md",
			Task:  2,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint),
		},
		rejectedThenHonest(r[4], profile, ref),
	}
}

// rejectedThenHonest is the positive control of a rejected-card session:
// the third task, under the honest card served after the refused one,
// completes at the card's own origin, A. A client that caches its refusal
// (or the refused card, by its max-age) fails it; one that completes the
// task on the refused card's endpoint fails it too.
func rejectedThenHonest(r said, profile Profile, ref string) Requirement {
	return Requirement{ID: r.id, Level: Must, Profile: profile, Text: r.text, Ref: ref, Task: 3, Check: completedAt("A"), Control: true}
}

// The card points at another origin (repointed-endpoint's bad card).
var _ = register(rejectedTwice(routing(Scenario{
	ID:     "rejected-card-not-cached",
	Family: FamilyRejected, Rank: 10,
	Title: "a card the client refused is served again, fresh for a day",
	Description: "The card is served on origin A with `Cache-Control: " + longMaxAge + "`. The session's first card " +
		"lists every interface url on origin B, on the card's own host (127.0.0.1) at another port, with another TLS " +
		"identity. The second task is served the same card again (same ETag: a conditional request gets 304). Between " +
		"the second and the third task the card is repaired: its interfaces are on A, and the third task runs under " +
		"it (the positive control). B is a working A2A peer that would complete the task.",
	Grants: mockpeer.Grants{Bearer: true},
	Requirements: refusedTwice(nothingReaches, "B", ProfileCore, "contract-model §3 rule 6",
		[5]said{
			{"REJECT-001", "The client MUST NOT contact, in any task of the session, the endpoint on another origin of a card it " +
				"refused, however often, and however fresh, the same card is served again."},
			{"REJECT-002", "The client MUST NOT send any credential, in any task of the session, to the endpoint of a card it " +
				"refused."},
			{"REJECT-003", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served the " +
				"card that points elsewhere."},
			{"REJECT-004", "The client MUST report the second task aborted with reason untrusted-endpoint, having looked at the " +
				"card again in that task (a fetch, or a revalidation answered 304) and been served the same card, still fresh " +
				"by its max-age: a card it refused is judged again, never reused as trusted, and a refusal from memory judges " +
				"nothing."},
			{"REJECT-005", "The client MUST complete the third task at the card's own origin, under the honest card served after " +
				"the one it refused twice (the positive control): a refusal is about a card, not a verdict on the agent to " +
				"cache."},
		}),
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{bearerCard("A").Build, bearerCard("A").Endpoint("B").Version("1.1.0").Build},
}, workingPeer("B", "127.0.0.1", bearerCard))))

// The signed card was repointed after signing (repointed-endpoint-bad-
// signature's): no signature verifies, so the card is advisory for B.
var _ = register(rejectedTwice(signedRepoint(Scenario{
	ID:     "rejected-card-not-cached-bad-signature",
	Family: FamilyRejected, Rank: 20,
	Title: "a card with a broken signature is served again, fresh for a day",
	Description: "As `rejected-card-not-cached`, with `repointed-endpoint-bad-signature`'s cards: the card was signed " +
		"with its interfaces on A and then changed to point at B, so no signature verifies over the card as served. " +
		"It is served for the first two tasks, the second time unchanged (304 to a conditional request); the third " +
		"task runs under the honest signed card. B presents the same TLS certificate as A and would complete the task.",
	Requirements: refusedTwice(nothingReaches, "B", ProfileSignatures,
		"contract-model §3 rule 6 and §6 condition 1; A2A v1.0 spec §8.4.3",
		[5]said{
			{"REJECT-006", "The client MUST NOT contact, in any task of the session, the endpoint on another origin of a card " +
				"whose signature did not verify, however often, and however fresh, the same card is served again."},
			{"REJECT-007", "The client MUST NOT send any credential, in any task of the session, to the endpoint of a card it " +
				"refused."},
			{"REJECT-008", "The client MUST report the first task aborted with reason untrusted-endpoint, having been served the " +
				"card that points elsewhere."},
			{"REJECT-009", "The client MUST report the second task aborted with reason untrusted-endpoint, having looked at the " +
				"card again in that task (a fetch, or a revalidation answered 304) and been served the same card, still fresh " +
				"by its max-age: a card it refused is judged again, never reused as trusted, and a refusal from memory judges " +
				"nothing."},
			{"REJECT-010", "The client MUST complete the third task at the card's own origin, under the honest card served after " +
				"the one it refused twice (the positive control): a refusal is about a card, not a verdict on the agent to " +
				"cache."},
		}),
}, mockpeer.Signing{Algorithms: rotatingKeys, JKU: true, Fault: mockpeer.TamperedPayload}, "A")))

// The card's interfaces speak protocol 2.0 (version-skew's second card).
var _ = register(rejectedTwice(bearerPeer(Scenario{
	ID:     "rejected-card-not-cached-version-skew",
	Family: FamilyRejected, Rank: 30,
	Title: "a card whose interfaces speak another version is served again, fresh for a day",
	Description: "The card is served on origin A with `Cache-Control: " + longMaxAge + "`. The session's first card " +
		"lists every interface (JSON-RPC, HTTP+JSON, gRPC) with protocolVersion \"2.0\"; the second task is served the " +
		"same card again (304 to a conditional request). Between the second and the third task the card's interfaces " +
		"go back to 1.0, and the third task runs under it (the positive control).",
	Requirements: []Requirement{
		{
			ID: "REJECT-011", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT send A2A 1.0 requests in the first task to the interfaces of a card that declare protocol version 2.0.",
			Ref:   "contract-model §3 rule 5",
			Task:  1,
			Check: onlyLabelled("2.0"),
		},
		{
			ID: "REJECT-012", Level: Must, Profile: ProfileCore,
			Text: "The client MUST NOT send A2A 1.0 requests in the second task to the 2.0 interfaces of the card it refused in " +
				"the first, served again unchanged and still fresh by its max-age.",
			Ref:   "contract-model §3 rule 5; https://github.com/google/adk-python/issues/6901",
			Task:  2,
			Check: onlyLabelled("2.0"),
		},
		{
			ID: "REJECT-013", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report the first task aborted with reason version-unsupported, having been served the 2.0 card.",
			Ref:   "contract-model §3 rule 5; docs/driver-contract.md",
			Task:  1,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonVersionUnsupported),
		},
		{
			ID: "REJECT-014", Level: Must, Profile: ProfileCore,
			Text: "The client MUST report the second task aborted with reason version-unsupported, having looked at the card again " +
				"in that task (a fetch, or a revalidation answered 304) and been served the same 2.0 card: a card it refused is " +
				"judged again, never reused as trusted, and a refusal from memory judges nothing.",
			Ref:   "contract-model §3 rule 5; docs/driver-contract.md; https://github.com/google/adk-python/issues/6901",
			Task:  2,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonVersionUnsupported),
		},
		rejectedThenHonest(said{"REJECT-015", "The client MUST complete the third task at the card's own origin, under the honest card served " +
			"after the one it refused twice (the positive control): a refusal is about a card, not a verdict on the agent to cache."},
			ProfileCore, "contract-model §3 rule 5; https://github.com/google/adk-python/issues/6901"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{bearerCard("A").Build,
		bearerCard("A").ProtocolVersion("2.0").Version("2.0.0").Build},
	Task: mockpeer.TaskScript{Steps: completingSteps()},
})))
