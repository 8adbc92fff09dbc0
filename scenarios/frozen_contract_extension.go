package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The optional frozen-contract extension makes the contract explicit on the
// wire: the client sends the hash it agreed to, and rejects any later peer
// message that implies another.
var _ = register(&Scenario{
	ID:     "frozen-contract-extension",
	Family: FamilyExtension, Rank: 10,
	Title: "the peer diverges from the frozen contract mid-task",
	Description: "The peer declares the frozen-contract extension and announces its contract hash in every " +
		"status. The client's first task completes (the positive control). Between the tasks the card changes " +
		"only in capability fields; mid-way through the second task the peer rotates its contract and sends an " +
		"AUTH_REQUIRED status whose metadata carries the new, different contract hash.",
	Grants: mockpeer.Grants{Bearer: true},
	Tasks:  controlThen(RotateTo("A", 1)),
	Peers: []mockpeer.PeerSpec{{
		Name: "A",
		Cards: []mockpeer.CardFunc{
			bearerCard("A").Extensions(frozenContractExtension).Build,
			bearerCard("A").Extensions(frozenContractExtension).Version("1.0.1").Build, // capability change only
			mtlsCard("A").Extensions(frozenContractExtension).Version("1.1.0").Build,
		},
		Caching: mockpeer.Caching{CacheControl: "max-age=300"},
		// Only the second task's script reaches step 2.
		Rotations:     []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 2}, To: 2}},
		GraceRequests: -1,
		Hooks:         mockpeer.Hooks{StepMetadata: mockpeer.AnnounceContractHash()},
		Task: mockpeer.TaskScript{
			Steps: completingSteps(),
			ByVersion: map[int][]mockpeer.TaskStep{1: {
				{State: wire.TaskStateWorking, Progress: 25},
				{State: wire.TaskStateWorking, Progress: 50},
				{State: wire.TaskStateAuthRequired,
					Message: "The agent's security changed: re-authenticate with a client certificate to continue."},
			}},
			StepInterval: mockpeer.DefaultStepInterval,
		},
	}},
	Requirements: []Requirement{
		{
			ID: "EXT-001", Level: verdict.Should, Profile: verdict.ProfileExtension,
			Text:  "The client SHOULD send the contract hash of the card it sends under, in the frozen-contract extension's metadata.",
			Ref:   "contract-model §3 rule 7 and §2",
			Check: sendCarriesContractHash,
		},
		{
			ID: "EXT-002", Level: verdict.Should, Profile: verdict.ProfileExtension,
			Text:  "The client SHOULD reject a peer message whose contract hash differs from the frozen one, reporting failed/contract-diverged.",
			Ref:   "contract-model §3 rule 7",
			Task:  2,
			Check: outcomeIs(driver.OutcomeFailed, driver.ReasonContractDiverged),
		},
		controlTask("EXT-003", verdict.ProfileExtension, 1, "The client MUST complete the first task, before the peer diverges (the positive control).",
			"contract-model §3 rule 7"),
	},
})

// frozenContractExtension declares the extension, not required: a client
// that does not speak it can still delegate.
var frozenContractExtension = wire.AgentExtension{
	URI:         mockpeer.FrozenContractExtension,
	Description: "The client may freeze the contract hash of a task; the agent echoes the hash it holds.",
}
