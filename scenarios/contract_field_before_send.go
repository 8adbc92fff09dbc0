package scenarios

// Each contract field alone, between fetch and send (field_before_send_family.go):
// the contract hashes differ, so each later task must abort before its send.
var _ = register(fieldsBeforeSend(Scenario{
	ID:     "contract-field-before-send",
	Family: FamilyContract, Rank: 30,
	Title: "each contract field alone changes between fetch and send",
	Description: "The card lists JSON-RPC, HTTP+JSON and gRPC, and a second entry to the JSON-RPC endpoint under " +
		"tenant \"secondary\"; it offers OAuth, bearer and an API key (required card-wide), and the " +
		"frozen-contract extension. The client's first task completes under it (the positive control). Before " +
		"each later task the peer puts that card back in force and arms a change of one contract field, fired " +
		"right after the client's next card response or right before its next send: the first interface's " +
		"tenant, the second's protocolBinding, the first's protocolVersion, the interfaces' order, the " +
		"extension becoming required, the skill's own security, the OAuth tokenUrl and scopes, the API key's " +
		"name and location. Whether each change is a contract change is the contract hash's answer.",
}, said{"FIELD-001", "The client MUST complete the first task, under the card before any change (the positive control)."}, contractFieldRequirements))

// contractFieldRequirements are the session's tasks after the control, one per
// contract field, in task order (task 2 first).
var contractFieldRequirements = []fieldRequirement{
	{"FIELD-002", "tenant", "The client MUST abort task 2 before its send when the first interface's tenant changes between its " +
		"look at the card and its send (the contract hashes differ): no task-creating request under the changed card, no " +
		"CancelTask, and aborted/contract-changed."},
	{"FIELD-003", "protocol-binding", "The client MUST abort task 3 before its send when the second interface's protocolBinding " +
		"changes between its look at the card and its send (the contract hashes differ): no task-creating request under the " +
		"changed card, no CancelTask, and aborted/contract-changed."},
	{"FIELD-004", "protocol-version", "The client MUST abort task 4 before its send when the first interface's protocolVersion " +
		"changes between its look at the card and its send (the contract hashes differ): no task-creating request under the " +
		"changed card, no CancelTask, and aborted/contract-changed."},
	{"FIELD-005", "interface-order", "The client MUST abort task 5 before its send when the order of the interfaces (the first and " +
		"the secondary entry swapped) changes between its look at the card and its send (the contract hashes differ): no " +
		"task-creating request under the changed card, no CancelTask, and aborted/contract-changed."},
	{"FIELD-006", "extension-required", "The client MUST abort task 6 before its send when an extension becoming required changes " +
		"between its look at the card and its send (the contract hashes differ): no task-creating request under the changed " +
		"card, no CancelTask, and aborted/contract-changed."},
	{"FIELD-007", "skill-security", "The client MUST abort task 7 before its send when the target skill's own securityRequirements " +
		"changes between its look at the card and its send (the contract hashes differ): no task-creating request under the " +
		"changed card, no CancelTask, and aborted/contract-changed."},
	{"FIELD-008", "oauth-token-url", "The client MUST abort task 8 before its send when the OAuth scheme's tokenUrl changes between " +
		"its look at the card and its send (the contract hashes differ): no task-creating request under the changed card, no " +
		"CancelTask, and aborted/contract-changed."},
	{"FIELD-009", "oauth-scopes", "The client MUST abort task 9 before its send when the OAuth scheme's scopes changes between its " +
		"look at the card and its send (the contract hashes differ): no task-creating request under the changed card, no " +
		"CancelTask, and aborted/contract-changed."},
	{"FIELD-010", "apikey-name", "The client MUST abort task 10 before its send when the API-key scheme's name changes between its " +
		"look at the card and its send (the contract hashes differ): no task-creating request under the changed card, no " +
		"CancelTask, and aborted/contract-changed."},
	{"FIELD-011", "apikey-location", "The client MUST abort task 11 before its send when the API-key scheme's location changes " +
		"between its look at the card and its send (the contract hashes differ): no task-creating request under the changed " +
		"card, no CancelTask, and aborted/contract-changed."},
}
