package scenarios

// impostor-certificate on first contact: the first server the session
// meets on the card's origin is the impostor. A client that verifies a
// certificate only against the one it saw before (trust on first use, as
// SSH does) has nothing to compare it with and takes it for the agent.
var _ = register(bearerPeer(Scenario{
	ID:     "impostor-certificate-first-contact",
	Family: FamilyFirstContact, Rank: 80,
	Title: "the card's origin presents a certificate the client must not trust, on first contact",
	Description: "As `impostor-certificate`, the other way round: from the start of the first task, A presents a " +
		"certificate for its names from a CA the client was never given (an impostor on the card's own origin), " +
		"which would serve the card and complete the task. Between the tasks A presents its genuine certificate, " +
		"issued by the run's CA, again, every connection open to it ended, and the second task runs there (the " +
		"positive control).",
	Tasks: []Task{{Before: PresentImpostor("A")}, {Before: PresentGenuine("A")}},
	Requirements: impostorRefused(1, 2, [4]said{
		{"FIRST-029", "The client MUST NOT send any request (HTTP or gRPC) to a server whose certificate does not verify against " +
			"its trust root, when it is the first server of the session too."},
		{"FIRST-030", "The client MUST NOT send any credential to a server whose certificate does not verify against its trust root, " +
			"when it is the first server of the session too."},
		{"FIRST-031", "The client MUST report the first task failed with reason transport-error, having refused the TLS handshake " +
			"with the impostor it met first (the journal shows the client's alert, or the client hanging up on the certificate)."},
		{"FIRST-032", "The client MUST complete the second task, once the card's origin presents its genuine certificate (the positive control)."},
	}),
}, freshPeer(bearerCard("A").Build)))
