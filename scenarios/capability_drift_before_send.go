package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The positive control of rotation-during-send: the card changes between
// fetch and send, but only in capability fields. A client that aborts here
// is as useless as one that never revalidates is unsafe.
var _ = register(&Scenario{
	ID:    "capability-drift-before-send",
	Title: "only capability fields change between fetch and send",
	Description: "Same shape as rotation-during-send, but v2 changes only capability fields: skills " +
		"reordered and one unrelated skill dropped, input modes changed, version bumped. The contract " +
		"hash is unchanged.",
	Skill:   skillSummarize,
	Message: "Summarize the quarterly report.",
	Grants:  mockpeer.Grants{OAuth: true},
	Peers: []mockpeer.PeerSpec{{
		Name:  "A",
		Skill: skillSummarize,
		Cards: []mockpeer.CardFunc{
			func(o mockpeer.Origins) wire.AgentCard {
				return agentCard(o, "A", cardOpts{schemes: oauthScheme(o, "A"), requirements: oauthRequirement(), skills: standardSkills()})
			},
			func(o mockpeer.Origins) wire.AgentCard {
				s := standardSkills()
				return agentCard(o, "A", cardOpts{schemes: oauthScheme(o, "A"), requirements: oauthRequirement(),
					skills:     []wire.AgentSkill{s[1], s[0]}, // reordered, "classify" dropped
					inputModes: []string{"text/plain", "application/pdf"}, version: "1.1.0"})
			},
		},
		Caching:   mockpeer.Caching{CacheControl: "max-age=300"},
		Rotations: []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: mockpeer.AfterCardResponses, N: 1}, To: 1}},
		Task:      mockpeer.TaskScript{Steps: completingSteps()},
	}},
	Requirements: []Requirement{
		{
			ID: "DRIFT-001", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST send the task: a change of capability fields alone is no reason to abort.",
			Ref:   "contract-model §2 rule 1",
			Check: taskSent,
		},
		{
			ID: "DRIFT-002", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST NOT cancel the task because capability fields changed.",
			Ref:   "contract-model §2 rule 1",
			Check: noCancel,
		},
		{
			ID: "DRIFT-003", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report outcome completed.",
			Ref:   "contract-model §2 rule 1",
			Check: completedWithArtifact,
		},
	},
})
