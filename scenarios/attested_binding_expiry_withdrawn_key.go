package scenarios

// The same, the endpoint unchanged but the key withdrawn: once the TTL has
// passed, A's JWKS publishes successors of its keys, and the card, still
// signed by the old ones, no longer speaks for B.
var _ = register(expiring(Scenario{
	ID:     "attested-binding-expiry-withdrawn-key",
	Family: FamilyAuthority, Rank: 190,
	Title: "a signed card's binding to another origin outlives its TTL and the signing key is withdrawn",
	Description: expiryShape + " Before task 4 A withdraws the keys that sign the card: its JWKS publishes a " +
		"successor of each instead, and the card, re-served signed by the old keys, no longer verifies; B is unchanged. " +
		"A client that re-attests fetches A's keys again and refuses B; one that trusts its first attestation sends B " +
		"the task and its token.",
	Requirements: expiryRequirements([6]said{
		{"EXPIRY-007", "Once the TTL of a signed card's binding to an endpoint on another origin has passed, the client MUST " +
			"attest the endpoint again before it sends there, and have no contact with it at all, the card's signature " +
			"verifying with no key its origin publishes."},
		{"EXPIRY-008", "The client MUST NOT send any credential to an endpoint whose expired attestation no longer holds."},
		{"EXPIRY-009", "The client MUST report the task aborted with reason untrusted-endpoint, having attested the endpoint " +
			"again: the journal shows it fetching the card origin's key set again in this task."},
		{"EXPIRY-010", "The client MUST complete the first task at the endpoint the signed card binds on another origin of the " +
			"same TLS principal (the positive control)."},
		{"EXPIRY-011", "The client MUST complete the second task there too, inside the card's max-age: it may reuse its " +
			"attestation or make it again (the positive control)."},
		{"EXPIRY-012", "The client MUST complete the third task there, once the card's TTL has passed and the attestation still " +
			"holds: an expired attestation is made again, not refused (the positive control)."},
	}, nothingReaches, refetchedKeys("A")),
}, 3, RotateTo("A", 2), 2))
