package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The positive control of rotation-during-send: the card changes between
// fetch and send, but only in capability fields. A client that aborts here
// is as useless as one that never revalidates is unsafe.
var _ = register(beforeSend(Scenario{
	ID:     "capability-drift-before-send",
	Family: FamilyContract, Rank: 20,
	Title: "only capability fields change between fetch and send",
	Description: "Same shape as rotation-during-send: a first task, then the peer arms a rotation that " +
		"fires right after the client's next card response or right before its next send. But v1 changes " +
		"only capability fields: skills reordered and one unrelated skill dropped, input modes changed, " +
		"version bumped. The contract hash is unchanged.",
	Requirements: []Requirement{
		{
			ID: "DRIFT-001", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST send the second task: a change of capability fields alone is no reason to abort.",
			Ref:   "contract-model §3 rule 1",
			Task:  2,
			Check: taskSent,
		},
		mustNotCancel("DRIFT-002", "The client MUST NOT cancel the task because capability fields changed.", "contract-model §3 rule 1"),
		atTask(2, mustComplete("DRIFT-003", "The client MUST report the second task completed.", "contract-model §3 rule 1")),
	},
}, driftedCard.Build, mockpeer.PeerSpec{Task: mockpeer.TaskScript{Steps: completingSteps()}}))

// driftedCard is A's OAuth card changed in capability fields alone.
var driftedCard = oauthCard("A").
	Skills(standardSkills()[1], standardSkills()[0]). // reordered, "classify" dropped
	InputModes("text/plain", "application/pdf").
	Version("1.1.0")
