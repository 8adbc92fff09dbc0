package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// A peer that gives no validator offers no cheap way to ask "is my contract
// still current?". The client treats the card as immutable for the task's
// lifetime and relies on task-level errors.
var _ = register(&Scenario{
	ID:    "no-validator",
	Title: "the card has no validator and changes mid-task",
	Description: "The card comes without ETag, Last-Modified or Cache-Control. The contract changes " +
		"while the task runs (bearer → API key); the peer honours the contract of the send.",
	Skill:   skillSummarize,
	Message: "Summarize the meeting notes.",
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
		Caching:       mockpeer.Caching{NoETag: true, NoLastModified: true},
		Rotations:     []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 2}, To: 1}},
		GraceRequests: -1,
		Task: mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
			{State: wire.TaskStateSubmitted},
			{State: wire.TaskStateWorking, Progress: 25},
			{State: wire.TaskStateWorking, Progress: 50},
			{State: wire.TaskStateWorking, Progress: 75},
			{State: wire.TaskStateCompleted, Progress: 100},
		}},
	}},
	Requirements: []Requirement{
		{
			ID: "NOVAL-001", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT cancel the task when a card without validators changes mid-task.",
			Ref:   "contract-model §2 rule 4",
			Check: noCancel,
		},
		{
			ID: "NOVAL-002", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report outcome completed.",
			Ref:   "contract-model §2 rule 4",
			Check: completedWithArtifact,
		},
		{
			ID: "NOVAL-003", Level: Should, Profile: ProfileCore,
			Text:  "The client SHOULD NOT fetch a card without validators again after the send.",
			Ref:   "contract-model §2 rule 4",
			Check: noCardFetchAfterSend,
		},
	},
})
