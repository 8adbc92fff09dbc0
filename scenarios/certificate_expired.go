package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// A certificate is verified at the time of the handshake (RFC 5280
// §6.1.3): one whose validity period is over vouches for nothing now,
// whoever issued it.
var _ = register(flawedCertificate(Scenario{
	ID:    "certificate-expired",
	Rank:  172,
	Title: "the card's origin presents an expired certificate from its trust root",
	Description: "As `impostor-certificate`, but the impostor's certificate was issued by the run's CA, the client's trust " +
		"root: after a first task completes under A's genuine certificate, A presents one for A's names, for server " +
		"authentication, whose validity period ended before the run began, and every connection open to A is ended. " +
		"The impostor would serve the card and complete the task.",
}, mockpeer.FlawExpired, [4]said{
	{"TLS-013", "The client MUST NOT send any request (HTTP or gRPC) to a server whose certificate, though its trust root issued " +
		"it for the host dialed, has expired."},
	{"TLS-014", "The client MUST NOT send any credential to a server whose certificate, though its trust root issued it for the " +
		"host dialed, has expired."},
	{"TLS-015", "The client MUST report the second task failed with reason transport-error, having refused the TLS handshake with " +
		"the server presenting an expired certificate (the journal shows the client's alert, or the client hanging up on the certificate)."},
	{"TLS-016", "The client MUST complete the first task, while the card's origin presents its genuine certificate (the positive control)."},
}))
