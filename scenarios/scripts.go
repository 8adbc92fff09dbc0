package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// completingSteps works once, at 50 %, and completes.
func completingSteps() []mockpeer.TaskStep { return workThenComplete(0, 50) }

// workThenComplete holds a task SUBMITTED for that many advance events,
// then WORKING at each progress point, then COMPLETED at 100 %: a task
// long enough for a scenario to change the card while it runs.
func workThenComplete(submitted int, progress ...int) []mockpeer.TaskStep {
	steps := make([]mockpeer.TaskStep, 0, submitted+len(progress)+1)
	for range submitted {
		steps = append(steps, mockpeer.TaskStep{State: wire.TaskStateSubmitted})
	}
	for _, p := range progress {
		steps = append(steps, mockpeer.TaskStep{State: wire.TaskStateWorking, Progress: p})
	}
	return append(steps, mockpeer.TaskStep{State: wire.TaskStateCompleted, Progress: 100})
}

// rotateToV2 switches a peer to its second card version (index 1) once
// the trigger fires: the one change most scenarios make.
func rotateToV2(kind mockpeer.TriggerKind, n int) []mockpeer.Rotation {
	return []mockpeer.Rotation{{On: mockpeer.Trigger{Kind: kind, N: n}, To: 1}}
}

// workingPeer is the peer on another origin that the routing scenarios
// point at: it serves card (built for itself) and would complete the task,
// so only the client's judgement keeps requests away from it.
func workingPeer(name, host string, card func(peer string) mockpeer.CardBuilder) mockpeer.PeerSpec {
	return mockpeer.PeerSpec{
		Name: name, Host: host, Skill: skillSummarize,
		Cards: []mockpeer.CardFunc{card(name).Build},
		Task:  mockpeer.TaskScript{Steps: completingSteps()},
	}
}
