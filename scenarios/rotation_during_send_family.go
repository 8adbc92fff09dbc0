package scenarios

import (
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// rotation-during-send and its Last-Modified twin: the same rotation from
// OAuth to mTLS between the client's look at the card and its send, judged
// by the same requirements; the cards differ only in the validator they
// carry, and so in how the revalidation before the send is judged.

// rotationToMTLS is A's spec in rotation-during-send and its twin, less
// what beforeSend fixes: the send under the old token is admitted within
// a grace window of 3 requests or 2 s, the task then demands a client
// certificate, and so does CancelTask while the mTLS card is in force.
func rotationToMTLS() mockpeer.PeerSpec {
	return mockpeer.PeerSpec{
		GraceRequests: 3,
		GraceWindow:   2 * time.Second,
		Task: mockpeer.TaskScript{
			Steps: completingSteps(),
			ByVersion: map[int][]mockpeer.TaskStep{1: {
				{State: wire.TaskStateWorking, Progress: 10},
				{State: wire.TaskStateAuthRequired,
					Message: "This agent now requires mutual TLS: present a client certificate issued by its CA."},
			}},
			StepInterval: mockpeer.DefaultStepInterval,
		},
		Hooks: mockpeer.Hooks{Admit: mockpeer.CancelRequiresMTLSWhenCardDoes()},
	}
}

// rotatedBeforeSend is the requirements of rotation-during-send and its
// twin, in the order of r: no task-creating request once the card's
// contract changed, no CancelTask, the second task reported aborted /
// contract-changed, the card revalidated right before the second task's
// send as revalidated judges (citing revalidationRef), the first task
// completed (the positive control). All are MUSTs (core) citing rule 2;
// the outcome also cites the driver contract.
func rotatedBeforeSend(revalidated func(*Evidence) verdict.Judgement, revalidationRef string, r [5]said) []Requirement {
	const ref = "contract-model §3 rule 2"
	return []Requirement{
		{ID: r[0].id, Level: verdict.Must, Profile: verdict.ProfileCore, Text: r[0].text, Ref: ref, Check: noSendAfterContractChange},
		mustNotCancel(r[1].id, r[1].text, ref),
		atTask(2, mustAbort(r[2].id, r[2].text, ref+"; docs/driver-contract.md", driver.ReasonContractChanged)),
		revalidateBeforeSecondSend(r[3].id, r[3].text, revalidationRef, revalidated),
		controlTask(r[4].id, verdict.ProfileCore, 1, r[4].text, ref),
	}
}
