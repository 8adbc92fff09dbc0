package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// A peer that gives no validator offers no cheap way to ask "is my contract
// still current?". The client treats the card as immutable for the task's
// lifetime and relies on task-level errors.
var _ = register(bearerPeer(Scenario{
	ID:     "no-validator",
	Family: FamilyValidators, Rank: 10,
	Title: "the card has no validator and changes mid-task",
	Description: "The card comes without ETag, Last-Modified or Cache-Control. The contract changes " +
		"while the task runs (bearer → API key); the peer honours the contract of the send.",
	Requirements: []Requirement{
		whileRunning(mustNotCancel("NOVAL-001", "The client MUST NOT cancel the task when a card without validators changes mid-task.",
			"contract-model §3 rule 4")),
		mustComplete("NOVAL-002", "The client MUST report outcome completed.", "contract-model §3 rule 4"),
		whileRunning(shouldNotFetchAfterSend("NOVAL-003", "The client SHOULD NOT fetch a card without validators again after the send.",
			"contract-model §3 rule 4")),
	},
}, mockpeer.PeerSpec{
	Cards:         []mockpeer.CardFunc{bearerCard("A").Build, apiKeyCard("A").Version("1.1.0").Build},
	Caching:       mockpeer.Caching{NoETag: true, NoLastModified: true},
	Rotations:     rotateToV2(mockpeer.AtTaskStep, 2),
	GraceRequests: -1,
	Task:          mockpeer.TaskScript{Steps: workThenComplete(1, 25, 50, 75), StepInterval: mockpeer.DefaultStepInterval},
}))
