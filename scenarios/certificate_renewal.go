package scenarios

// The positive control of impostor-certificate's refusal: a certificate
// is verified against the trust root, not against the key seen before.
// Between the tasks the card's origin renews its certificate, the same
// names under a new key from the same CA, as servers routinely do. A
// client that pinned the first key it saw refuses a genuine server; one
// that pinned it instead of verifying took the impostor of
// impostor-certificate-first-contact for the agent already.
var _ = register(renewedBetweenTasks(Scenario{
	ID:     "certificate-renewal",
	Family: FamilyAuthority, Rank: 175,
	Title: "the card's origin renews its certificate under a new key",
	Description: "The card is served on origin A with A's genuine certificate, issued by the run's CA, and the " +
		"client's first task completes there. Between the tasks the run's CA issues A another certificate for the " +
		"same names under a new key, and every connection open to A is ended. A client that verifies the server " +
		"against its trust root completes the second task; one that pinned the key it saw first refuses it.",
	Requirements: bothTasksComplete([2]said{
		{"TLS-005", "The client MUST complete the first task, while the card's origin presents its first certificate (the positive control)."},
		{"TLS-006", "The client MUST complete the second task, once the card's origin presents a renewed certificate: another one its " +
			"trust root issued for the same names, under a new key. A certificate is verified against the trust root, not " +
			"against the key seen before (the positive control of TLS-001 to TLS-003)."},
	}),
}, PresentOwnKey("A")))
