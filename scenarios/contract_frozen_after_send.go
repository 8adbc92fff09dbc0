package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// On many peers a card fetch during a task is a negotiation event. A client
// that treats the contract captured at send as frozen never triggers it.
var _ = register(bearerPeer(Scenario{
	ID:     "contract-frozen-after-send",
	Family: FamilyContract, Rank: 60,
	Title: "the contract rotates right after the send",
	Description: "The task is held in SUBMITTED for a few polls; the contract rotates right after the " +
		"send (bearer → API key). A card fetch while the task is not terminal is taken as renegotiation " +
		"and moves the task to TASK_STATE_REJECTED. Otherwise the frozen contract is honoured.",
	Requirements: []Requirement{
		whileRunning(mustNotCancel("FROZEN-001", "The client MUST NOT cancel a task because the card changed after the send.",
			"contract-model §3 rule 3")),
		mustComplete("FROZEN-002",
			"The client MUST report outcome completed: the contract captured at send holds for the task's lifetime.",
			"contract-model §3 rule 3"),
		whileRunning(shouldNotFetchAfterSend("FROZEN-003", "The client SHOULD NOT fetch the card between the send and the task's terminal state.",
			"contract-model §3 rule 3")),
	},
}, mockpeer.PeerSpec{
	Cards:         []mockpeer.CardFunc{bearerCard("A").Build, apiKeyCard("A").Version("1.1.0").Build},
	Caching:       mockpeer.Caching{CacheControl: "max-age=300"},
	Rotations:     rotateToV2(mockpeer.AfterSend, 1),
	GraceRequests: -1, // the frozen contract is honoured for the task's lifetime
	Task: mockpeer.TaskScript{
		Steps: []mockpeer.TaskStep{
			{State: wire.TaskStateSubmitted},
			{State: wire.TaskStateSubmitted},
			{State: wire.TaskStateSubmitted},
			{State: wire.TaskStateWorking, Progress: 50},
			{State: wire.TaskStateCompleted, Progress: 100},
		},
		StepInterval: mockpeer.DefaultStepInterval,
	},
	Hooks: mockpeer.Hooks{OnCardFetch: mockpeer.RejectRunningTasks()},
}))
