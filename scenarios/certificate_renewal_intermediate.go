package scenarios

// certificate-renewal with a new issuer: the card's origin renews its
// certificate under an intermediate CA that the run's CA signed, sent with
// the certificate, as public CAs rotate their intermediates. The trust
// root the client was given is unchanged, and the chain verifies against
// it. A client that pinned the first issuer it saw (the first CA below the
// root, or the root's subject as the issuer) refuses a genuine server,
// and passes every refusal of impostor-certificate without verifying.
var _ = register(renewedBetweenTasks(Scenario{
	ID:     "certificate-renewal-intermediate",
	Family: FamilyAuthority, Rank: 177,
	Title: "the card's origin renews its certificate under an intermediate CA",
	Description: "The card is served on origin A with A's certificate, issued by the run's CA, and the client's first " +
		"task completes there. Between the tasks A presents a new certificate for the same names under a new key, " +
		"issued by an intermediate CA that the run's CA signed and sent with it, and every connection open to A is ended.",
	Requirements: bothTasksComplete([2]said{
		{"TLS-007", "The client MUST complete the first task, while the card's origin presents a certificate its trust root issued " +
			"directly (the positive control)."},
		{"TLS-008", "The client MUST complete the second task, once the card's origin presents a certificate for the same names " +
			"issued by an intermediate CA that chains to its trust root: a server is verified against the trust root, " +
			"not against the issuer seen before (the positive control of TLS-001 to TLS-003)."},
	}),
}, PresentViaIntermediate("A")))
