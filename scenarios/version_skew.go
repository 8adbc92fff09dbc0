package scenarios

import (
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// An interface that speaks another protocol version is outside the 1.0
// contract calculus: sending 1.0 requests to it is a guess.
var _ = register(bearerPeer(Scenario{
	ID:     "version-skew",
	Family: FamilyVersions, Rank: 10,
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
			Check: onlyLabelled("2.0"),
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

// A minor version above 1.0 is another protocol version too: spec §3.6
// identifies a version by Major.Minor, and only the patch number is
// ignored when versions are negotiated. A client that reads 1.1 as "1.x,
// close enough" (a2a-go's same-major fallback sends it A2A-Version: 1.0)
// passes version-skew's 2.0 and fails here.
var _ = register(bearerPeer(Scenario{
	ID:     "version-skew-minor",
	Family: FamilyVersions, Rank: 20,
	Title: "every interface of the card speaks protocol 1.1",
	Description: "As `version-skew`, one minor version up. The client's first task runs under a card whose interfaces " +
		"speak 1.0 (the positive control). Between the tasks the card changes: every interface it lists (JSON-RPC, " +
		"HTTP+JSON, gRPC) declares protocolVersion \"1.1\", which shares 1.0's major version but is not 1.0.",
	Tasks: controlThen(RotateTo("A", 1)),
	Requirements: []Requirement{
		{
			ID: "SKEW-004", Level: Must, Profile: ProfileCore,
			Text: "The client MUST NOT send a request labelled A2A 1.0 (or unlabelled) to an interface that declares protocol " +
				"version 1.1: the version is Major.Minor, and a shared major version is no licence to guess.",
			Ref:   "contract-model §3 rule 5; A2A v1.0 spec §3.6, §3.6.2; https://github.com/a2aproject/a2a-dotnet/issues/331",
			Task:  2,
			Check: onlyLabelled("1.1"),
		},
		{
			ID: "SKEW-005", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report the second task aborted with reason version-unsupported, having been served the 1.1 card.",
			Ref:   "contract-model §3 rule 5; docs/driver-contract.md",
			Task:  2,
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonVersionUnsupported),
		},
		controlTask("SKEW-006", ProfileCore, 1, "The client MUST complete the first task, under the card whose interfaces speak 1.0 (the positive control).",
			"contract-model §3 rule 5"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{bearerCard("A").Build,
		bearerCard("A").ProtocolVersion("1.1").Version("1.1.0").Build},
	Caching: mockpeer.Caching{CacheControl: "max-age=300"},
	Task:    mockpeer.TaskScript{Steps: completingSteps()},
}))

// onlyLabelled: every A2A request (and every request to a path no A2A
// peer serves) is labelled with the version the card's interfaces
// declare: none went out as A2A 1.0, or unlabelled, which a server reads
// as 0.3. A cut label was longer than any version, so it fails.
func onlyLabelled(version string) func(*Evidence) Judgement {
	return func(ev *Evidence) Judgement {
		if calls := ev.Select(func(ex mockpeer.Exchange) bool {
			return (ex.Route == mockpeer.RouteA2A || ex.Route == mockpeer.RouteUnmatched) && ex.A2AVersion != version
		}); len(calls) > 0 {
			return failed("no A2A 1.0 request to a "+version+" interface",
				fmt.Sprintf("%d request(s), first #%d %s %s (A2A-Version %q%s)", len(calls), calls[0].Seq,
					calls[0].Method, calls[0].Path, clip(calls[0].A2AVersion, 64), cutNote(calls[0], "a2aVersion")), seqs(calls)...)
		}
		return passed()
	}
}
