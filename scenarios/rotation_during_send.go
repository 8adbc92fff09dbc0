package scenarios

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
	Requirements: rotatedBeforeSend(revalidatedWithETag("A"), "contract-model §3 rule 2; A2A v1.0 spec §8.6", [5]said{
		{"ROT-001", "The client MUST abort before send: no task-creating request once the card's contract changed."},
		{"ROT-002", "The client MUST NOT send CancelTask (never send-then-cancel)."},
		{"ROT-003", "The client MUST report the second task aborted with reason contract-changed, having been served the changed card."},
		{"ROT-004", "The client MUST revalidate the card with a conditional request carrying the ETag it was given, and no validator it " +
			"was not given, right before the send of the second task."},
		{"ROT-005", "The client MUST complete the first task, sent before any rotation (the positive control)."},
	}),
}, mtlsCard("A").Version("1.1.0").Build, rotationToMTLS()))
