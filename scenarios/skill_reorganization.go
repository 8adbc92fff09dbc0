package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// The field report: the agent moved a skill into a sub-agent while a task
// for it ran; a client that re-read the card on every transition saw the
// skill gone and cancelled work that was about to complete.
var _ = register(bearerPeer(Scenario{
	ID:     "skill-reorganization",
	Family: FamilyContract, Rank: 50,
	Title: "the target skill moves to a sub-agent while the task runs",
	Description: "The client sends for skill summarize; the task works through 20→100 % over several " +
		"polls or stream events (paced every 50 ms for streams and blocking sends). When the task reaches " +
		"80 % the card drops summarize from skills (moved to a sub-agent skill); the contract is unchanged.",
	Requirements: []Requirement{
		whileRunning(mustNotCancel("REORG-001",
			"The client MUST NOT cancel a running task because its skill is no longer listed (never cancel on capability drift).",
			"contract-model §3 rules 1 and 3")),
		mustComplete("REORG-002", "The client MUST report outcome completed, with the task's artifact.", "contract-model §3 rule 3"),
	},
}, mockpeer.PeerSpec{
	Cards: []mockpeer.CardFunc{
		bearerCard("A").Build,
		bearerCard("A").Skills(
			skill(skillTranslate, "Translates text between languages."),
			skill("documents", "Sub-agent for document work: summaries, outlines, extraction."),
			skill("classify", "Classifies a document by topic."),
		).Version("2.0.0").Build,
	},
	Caching:   mockpeer.Caching{CacheControl: "max-age=300"},
	Rotations: rotateToV2(mockpeer.AtTaskStep, 3), // entering 80 %
	Task:      mockpeer.TaskScript{Steps: workThenComplete(0, 20, 40, 60, 80), StepInterval: mockpeer.DefaultStepInterval},
}))
