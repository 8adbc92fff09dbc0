package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// An interface that speaks another protocol version is outside the 1.0
// contract calculus: sending 1.0 requests to it is a guess.
var _ = register(bearerPeer(Scenario{
	ID:    "version-skew",
	Title: "every interface of the card speaks protocol 2.0",
	Description: "The client's first task runs under a card whose interfaces speak 1.0 (the positive control). " +
		"Between the tasks the card changes: every interface it lists (JSON-RPC, HTTP+JSON, gRPC) declares protocolVersion \"2.0\".",
	Tasks: controlThen(RotateTo("A", 1)),
	Requirements: []Requirement{
		{
			ID: "SKEW-001", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT send A2A 1.0 requests to an interface that declares another protocol version.",
			Ref:   "contract-model §3 rule 5",
			Task:  2,
			Check: noOneDotZeroCalls,
		},
		{
			ID: "SKEW-002", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report the second task aborted with reason version-unsupported, having been served the card.",
			Ref:   "contract-model §3 rule 5; docs/driver-contract.md",
			Task:  2,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonVersionUnsupported),
		},
		controlTask("SKEW-003", ProfileCore, 1, "The client MUST complete the first task, under the card whose interfaces speak 1.0 (the positive control).",
			"contract-model §3 rule 5"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{bearerCard("A").Build,
		bearerCard("A").ProtocolVersion("2.0").Version("2.0.0").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
	Task:    mockpeer.TaskScript{Steps: completingSteps()},
}))

func noOneDotZeroCalls(ev *Evidence) Judgement {
	if calls := ev.Select(func(ex mockpeer.Exchange) bool {
		return (ex.Route == mockpeer.RouteA2A || ex.Route == mockpeer.RouteUnmatched) && ex.A2AVersion != "2.0"
	}); len(calls) > 0 {
		return failed("no A2A 1.0 request to a 2.0 interface",
			fmt.Sprintf("%d request(s), first #%d %s %s (A2A-Version %q%s)", len(calls), calls[0].Seq,
				calls[0].Method, calls[0].Path, clip(calls[0].A2AVersion, 64), cutNote(calls[0], "a2aVersion")), seqs(calls)...)
	}
	return passed()
}
