package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
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
	Requirements: refusedTwice(nothingReaches, "B", verdict.ProfileCore, "contract-model §3 rule 6",
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
