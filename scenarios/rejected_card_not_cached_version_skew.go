package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

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
		atTask(1, mustLabelOnly("REJECT-011", "The client MUST NOT send A2A 1.0 requests in the first task to the interfaces of a card that declare protocol version 2.0.",
			"contract-model §3 rule 5", "2.0")),
		atTask(2, mustLabelOnly("REJECT-012", "The client MUST NOT send A2A 1.0 requests in the second task to the 2.0 interfaces of the card it refused in "+
			"the first, served again unchanged and still fresh by its max-age.",
			"contract-model §3 rule 5; https://github.com/google/adk-python/issues/6901", "2.0")),
		atTask(1, mustAbort("REJECT-013", "The client MUST report the first task aborted with reason version-unsupported, having been served the 2.0 card.",
			"contract-model §3 rule 5; docs/driver-contract.md", driver.ReasonVersionUnsupported)),
		atTask(2, mustAbort("REJECT-014", "The client MUST report the second task aborted with reason version-unsupported, having looked at the card again "+
			"in that task (a fetch, or a revalidation answered 304) and been served the same 2.0 card: a card it refused is "+
			"judged again, never reused as trusted, and a refusal from memory judges nothing.",
			"contract-model §3 rule 5; docs/driver-contract.md; https://github.com/google/adk-python/issues/6901", driver.ReasonVersionUnsupported)),
		rejectedThenHonest(said{"REJECT-015", "The client MUST complete the third task at the card's own origin, under the honest card served " +
			"after the one it refused twice (the positive control): a refusal is about a card, not a verdict on the agent to cache."},
			verdict.ProfileCore, "contract-model §3 rule 5; https://github.com/google/adk-python/issues/6901"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{bearerCard("A").Build,
		bearerCard("A").ProtocolVersion("2.0").Version("2.0.0").Build},
	Task: mockpeer.TaskScript{Steps: completingSteps()},
})))
