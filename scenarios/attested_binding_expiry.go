package scenarios

// Attested bindings expire (rule 6, §6): a client may reuse what it
// attested of a signed card's endpoint on another origin (the signature
// by a key the card's origin publishes, the endpoint's TLS principal) only
// while the card that carried it is fresh by its cache headers. The card's
// freshness runs out on the peer's scripted clock (an Age past its
// max-age), never on the wall clock: no verdict waits on time passing.
//
// Four tasks under one card whose interfaces are all on B, which presents
// A's TLS principal: the first attests; the second, inside the card's
// max-age, may reuse the attestation; before the third the card's TTL has
// passed and B is unchanged, so a client that re-attests goes on; before
// the fourth B starts presenting a key of its own (in the withdrawn-key
// twin: A withdraws the keys that sign the card), and a client that
// re-attests refuses B.
var _ = register(expiring(Scenario{
	ID:     "attested-binding-expiry",
	Family: FamilyAuthority, Rank: 180,
	Title: "a signed card's binding to another origin outlives its TTL and the endpoint changes hands",
	Description: expiryShape + " Before task 4 B presents a certificate the run's CA issued for B under a key of its " +
		"own, another TLS principal, every connection open to it ended: a client that re-attests refuses B; one that " +
		"trusts its first attestation sends B the task and its token.",
	Requirements: expiryRequirements([6]said{
		{"EXPIRY-001", "Once the TTL of a signed card's binding to an endpoint on another origin has passed, the client MUST " +
			"attest the endpoint again before it sends there, and send it nothing (a handshake at most) when it presents " +
			"another TLS principal than the card's origin."},
		{"EXPIRY-002", "The client MUST NOT send any credential to an endpoint whose expired attestation no longer holds."},
		{"EXPIRY-003", "The client MUST report the task aborted with reason untrusted-endpoint, having attested the endpoint " +
			"again: the journal shows its TLS handshake with the endpoint in this task."},
		{"EXPIRY-004", "The client MUST complete the first task at the endpoint the signed card binds on another origin of the " +
			"same TLS principal (the positive control)."},
		{"EXPIRY-005", "The client MUST complete the second task there too, inside the card's max-age: it may reuse its " +
			"attestation or make it again (the positive control)."},
		{"EXPIRY-006", "The client MUST complete the third task there, once the card's TTL has passed and the attestation still " +
			"holds: an expired attestation is made again, not refused (the positive control)."},
	}, noRequestAt, reattested("B")),
}, 2, PresentOwnKey("B"), 0))
