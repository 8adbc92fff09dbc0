package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// On many peers a card fetch during a task is a negotiation event. A client
// that treats the contract captured at send as frozen never triggers it.
var _ = register(&Scenario{
	ID:    "contract-frozen-after-send",
	Title: "the contract rotates right after the send",
	Description: "The task is held in SUBMITTED for a few polls; the contract rotates right after the " +
		"send (bearer → API key). A card fetch while the task is not terminal is taken as renegotiation " +
		"and moves the task to TASK_STATE_REJECTED. Otherwise the frozen contract is honoured.",
	Skill:   skillSummarize,
	Message: "Summarize the incident timeline.",
	Grants:  mockpeer.Grants{Bearer: true},
	Peers: []mockpeer.PeerSpec{{
		Name:  "A",
		Skill: skillSummarize,
		Cards: []mockpeer.CardFunc{
			func(o mockpeer.Origins) wire.AgentCard {
				return agentCard(o, "A", requireBearer(cardOpts{}))
			},
			func(o mockpeer.Origins) wire.AgentCard {
				return agentCard(o, "A", cardOpts{schemes: apiKeyScheme(), requirements: []wire.SecurityRequirement{wire.Require("apikey")},
					skills: standardSkills(), version: "1.1.0"})
			},
		},
		Caching:       mockpeer.Caching{CacheControl: "max-age=300"},
		Rotations:     []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterSend, N: 1}, To: 1}},
		GraceRequests: -1, // the frozen contract is honoured for the task's lifetime
		Task: mockpeer.TaskScript{
			Steps: []mockpeer.TaskStep{
				{State: wire.TaskStateSubmitted},
				{State: wire.TaskStateSubmitted},
				{State: wire.TaskStateSubmitted},
				{State: wire.TaskStateWorking, Progress: 50},
				{State: wire.TaskStateCompleted, Progress: 100},
			},
		},
		Hooks: mockpeer.Hooks{OnCardFetch: mockpeer.RejectRunningTasks()},
	}},
	Requirements: []Requirement{
		{
			ID: "FROZEN-001", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT cancel a task because the card changed after the send.",
			Ref:   "contract-model §2 rule 3",
			Check: noCancel,
		},
		{
			ID: "FROZEN-002", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report outcome completed: the contract captured at send holds for the task's lifetime.",
			Ref:   "contract-model §2 rule 3",
			Check: completedWithArtifact,
		},
		{
			ID: "FROZEN-003", Level: Should, Profile: ProfileCore,
			Text:  "The client SHOULD NOT fetch the card between the send and the task's terminal state.",
			Ref:   "contract-model §2 rule 3",
			Check: noCardFetchAfterSend,
		},
	},
})
