package scenarios

import (
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The field report: the card rotated from oauth2 to mTLS-only between the
// client's fetch and its send. The send under the old token succeeded
// (the peer's grace window); a later GetTask showed the task stuck in
// TASK_STATE_AUTH_REQUIRED demanding a client certificate, and CancelTask
// demanded mTLS too. The client held no certificate: the task was stuck.
var _ = register(beforeSend(Scenario{
	ID:     "rotation-during-send",
	Family: FamilyContract, Rank: 10,
	Title: "security rotates between fetch and send",
	Description: "Card v0 requires oauth2 client-credentials (max-age=300, ETag). The client's first task " +
		"completes under it (the positive control). Then the peer arms the rotation to v1, mTLS only: it " +
		"fires right after the client's next card response, or right before its next send if that comes " +
		"first. A send under the old token is still accepted within a grace window of 3 requests or 2 s; the " +
		"task then goes TASK_STATE_AUTH_REQUIRED on a later poll, demanding a client certificate, and CancelTask " +
		"demands mTLS while v1 is in force. The client holds oauth2 credentials and no certificate.",
	Requirements: []Requirement{
		{
			ID: "ROT-001", Level: verdict.Must, Profile: verdict.ProfileCore,
			Text:  "The client MUST abort before send: no task-creating request once the card's contract changed.",
			Ref:   "contract-model §3 rule 2",
			Check: noSendAfterContractChange,
		},
		mustNotCancel("ROT-002", "The client MUST NOT send CancelTask (never send-then-cancel).", "contract-model §3 rule 2"),
		atTask(2, mustAbort("ROT-003", "The client MUST report the second task aborted with reason contract-changed, having been served the changed card.",
			"contract-model §3 rule 2; docs/driver-contract.md", driver.ReasonContractChanged)),
		revalidateBeforeSecondSend("ROT-004",
			"The client MUST revalidate the card with a conditional request carrying the ETag it was given, and no validator it was not given, "+
				"right before the send of the second task.",
			"contract-model §3 rule 2; A2A v1.0 spec §8.6", revalidatedWithETag("A")),
		controlTask("ROT-005", verdict.ProfileCore, 1, "The client MUST complete the first task, sent before any rotation (the positive control).",
			"contract-model §3 rule 2"),
	},
}, mtlsCard("A").Version("1.1.0").Build, rotationToMTLS()))

// rotationToMTLS is A's spec in rotation-during-send and its twins, less
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
