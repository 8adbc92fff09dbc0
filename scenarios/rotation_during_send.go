package scenarios

import (
	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The field report: the card rotated from oauth2 to mTLS-only between the
// client's fetch and its send; old tokens still passed for a while, so the
// task was accepted, went AUTH_REQUIRED demanding a certificate the client
// did not have, and CancelTask demanded mTLS too. The task was stuck.
var _ = register(&Scenario{
	ID:    "rotation-during-send",
	Title: "security rotates between fetch and send",
	Description: "Card v1 requires oauth2 client-credentials (max-age=300, ETag). Right after serving it, " +
		"the peer publishes v2: mTLS only. Old tokens are still accepted, a task sent under v1 goes " +
		"TASK_STATE_AUTH_REQUIRED demanding a client certificate, and CancelTask demands mTLS too. " +
		"The client holds oauth2 credentials and no certificate.",
	Skill:   skillSummarize,
	Message: "Summarize the quarterly report.",
	Grants:  mockpeer.Grants{OAuth: true},
	Peers: []mockpeer.PeerSpec{{
		Name:          "A",
		Skill:         skillSummarize,
		Cards:         []mockpeer.CardFunc{oauthCard("A").Build, mtlsCard("A").Version("1.1.0").Build},
		Caching:       mockpeer.Caching{CacheControl: "max-age=300"},
		Rotations:     rotateToV2(mockpeer.AfterCardResponses, 1),
		GraceRequests: -1,
		Task: mockpeer.TaskScript{
			Steps: []mockpeer.TaskStep{{State: wire.TaskStateAuthRequired,
				Message: "This agent now requires mutual TLS: present a client certificate issued by its CA."}},
		},
		Hooks: mockpeer.Hooks{Admit: mockpeer.CancelRequiresMTLS()},
	}},
	Requirements: []Requirement{
		{
			ID: "ROT-001", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST abort before send: no task-creating request once the card's contract changed.",
			Ref:   "contract-model §3 rule 2",
			Check: noSendAfterContractChange,
		},
		mustNotCancel("ROT-002", "The client MUST NOT send CancelTask (never send-then-cancel).", "contract-model §3 rule 2"),
		{
			ID: "ROT-003", Level: Must, Profile: ProfileCore,
			Text:  "The client MUST report outcome aborted with reason contract-changed before its deadline.",
			Ref:   "contract-model §3 rule 2; docs/driver-contract.md",
			Check: outcomeIs(driver.OutcomeAborted, driver.ReasonContractChanged),
		},
		{
			ID: "ROT-004", Level: Should, Profile: ProfileCore,
			Text:  "The client SHOULD revalidate the card with a conditional request carrying the ETag it was given, right before the send.",
			Ref:   "contract-model §3 rule 2; A2A v1.0 spec §8.6",
			Check: revalidatedWithETag("A"),
		},
	},
})
