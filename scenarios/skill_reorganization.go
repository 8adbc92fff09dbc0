package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The field report: the agent moved a skill into a sub-agent while a task
// for it ran; a client that re-read the card on every transition saw the
// skill gone and cancelled work that was about to complete.
var _ = register(&Scenario{
	ID:    "skill-reorganization",
	Title: "the target skill moves to a sub-agent while the task runs",
	Description: "The client sends for skill summarize; the task works through 0→100 % over several " +
		"polls or stream events. Once it is WORKING the card drops summarize from skills (moved to a " +
		"sub-agent skill); the contract is unchanged.",
	Skill:   skillSummarize,
	Message: "Summarize the design document.",
	Grants:  mockpeer.Grants{Bearer: true},
	Peers: []mockpeer.PeerSpec{{
		Name:  "A",
		Skill: skillSummarize,
		Cards: []mockpeer.CardFunc{
			func(o mockpeer.Origins) wire.AgentCard {
				return agentCard(o, "A", requireBearer(cardOpts{}))
			},
			func(o mockpeer.Origins) wire.AgentCard {
				return agentCard(o, "A", requireBearer(cardOpts{skills: []wire.AgentSkill{
					skill(skillTranslate, "Translates text between languages."),
					skill("documents", "Sub-agent for document work: summaries, outlines, extraction."),
					skill("classify", "Classifies a document by topic."),
				}, version: "2.0.0"}))
			},
		},
		Caching:   mockpeer.Caching{CacheControl: "max-age=300"},
		Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AtTaskStep, N: 1}, To: 1}},
		Task: mockpeer.TaskScript{Steps: []mockpeer.TaskStep{
			{State: wire.TaskStateSubmitted},
			{State: wire.TaskStateWorking, Progress: 0},
			{State: wire.TaskStateWorking, Progress: 25},
			{State: wire.TaskStateWorking, Progress: 50},
			{State: wire.TaskStateWorking, Progress: 75},
			{State: wire.TaskStateCompleted, Progress: 100},
		}},
	}},
	Requirements: []Requirement{
		{
			ID: "REORG-001", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT cancel a running task because its skill is no longer listed (never cancel on capability drift).",
			Ref:   "contract-model §2 rules 1 and 3",
			Check: noCancel,
		},
		{
			ID: "REORG-002", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report outcome completed, with the task's artifact.",
			Ref:   "contract-model §2 rule 3",
			Check: completedWithArtifact,
		},
	},
})
