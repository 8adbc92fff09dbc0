package scenarios

// The gap the catalog had: a client that skips TLS verification passes
// every other scenario, and rule 6 (an origin, a TLS principal) means
// nothing unless the server is verified. Between the tasks the card's own
// origin is taken over by an impostor: the same address, a certificate
// from a CA the client was never given, and no connection verified before
// it left open. The client must refuse the handshake, so it sends nothing
// and no credential there, and the task fails on the transport.
var _ = register(bearerPeer(Scenario{
	ID:     "impostor-certificate",
	Family: FamilyAuthority, Rank: 170,
	Title: "the card's origin presents a certificate the client must not trust",
	Description: "The card is served on origin A with A's genuine certificate, issued by the run's CA. The " +
		"client's first task completes there (the positive control). Between the tasks, A starts presenting " +
		"a certificate for the same names from another CA, which the client was never given (an impostor on " +
		"the same origin), and every connection open to A is ended, so nothing verified before carries over. " +
		"The impostor would serve the card and complete the task.",
	Tasks: controlThen(PresentImpostor("A")),
	Requirements: impostorRefused(2, 1, [4]said{
		{"TLS-001", "The client MUST NOT send any request (HTTP or gRPC) to a server whose certificate does not verify against its trust root."},
		{"TLS-002", "The client MUST NOT send any credential to a server whose certificate does not verify against its trust root."},
		{"TLS-003", "The client MUST report the second task failed with reason transport-error, having refused the TLS " +
			"handshake with the impostor (the journal shows the client's alert, or the client hanging up on the certificate)."},
		{"TLS-004", "The client MUST complete the first task, while the card's origin presents its genuine certificate (the positive control)."},
	}),
}, freshPeer(bearerCard("A").Build)))
