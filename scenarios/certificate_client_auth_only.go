package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// A server's certificate must be one for server authentication (RFC 5280
// §4.2.1.12, RFC 9110 §4.3.4): a certificate whose only extended key usage
// is clientAuth is a client's, which its holder may present to any server
// it talks to, and which no server may present as its own.
var _ = register(flawedCertificate(Scenario{
	ID:    "certificate-client-auth-only",
	Rank:  173,
	Title: "the card's origin presents a client certificate from its trust root",
	Description: "As `impostor-certificate`, but the impostor's certificate was issued by the run's CA, the client's trust " +
		"root: after a first task completes under A's genuine certificate, A presents one for A's names, valid now, whose " +
		"only extended key usage is clientAuth (a client's certificate, not a server's), and every connection open to A " +
		"is ended. The impostor would serve the card and complete the task.",
}, mockpeer.FlawClientAuthOnly, [4]said{
	{"TLS-017", "The client MUST NOT send any request (HTTP or gRPC) to a server whose certificate, though its trust root issued " +
		"it for the host dialed, is not for server authentication (its only extended key usage is clientAuth)."},
	{"TLS-018", "The client MUST NOT send any credential to a server whose certificate, though its trust root issued it for the " +
		"host dialed, is not for server authentication (its only extended key usage is clientAuth)."},
	{"TLS-019", "The client MUST report the second task failed with reason transport-error, having refused the TLS handshake with " +
		"the server presenting a client certificate (the journal shows the client's alert, or the client hanging up on the certificate)."},
	{"TLS-020", "The client MUST complete the first task, while the card's origin presents its genuine certificate (the positive control)."},
}))
