package scenarios

import "github.com/a2a-conform/a2a-conform/mockpeer"

// A certificate is the server's only if it names the host the client
// dialed (RFC 9110 §4.3.4, RFC 6125): one the trust root issued to another
// host proves only that the trust root knows that host.
var _ = register(flawedCertificate(Scenario{
	ID:    "certificate-other-host",
	Rank:  171,
	Title: "the card's origin presents a certificate its trust root issued for another host",
	Description: "As `impostor-certificate`, but the impostor's certificate was issued by the run's CA, the client's trust " +
		"root: after a first task completes under A's genuine certificate, A presents one that names only another host " +
		"(`elsewhere.invalid`, `192.0.2.1`), none of A's, valid now and for server authentication, and every connection " +
		"open to A is ended. The impostor would serve the card and complete the task.",
}, mockpeer.FlawOtherHost, [4]said{
	{"TLS-009", "The client MUST NOT send any request (HTTP or gRPC) to a server whose certificate, though its trust root issued " +
		"it, names another host and not the one dialed."},
	{"TLS-010", "The client MUST NOT send any credential to a server whose certificate, though its trust root issued it, names " +
		"another host and not the one dialed."},
	{"TLS-011", "The client MUST report the second task failed with reason transport-error, having refused the TLS handshake with " +
		"the server presenting another host's certificate (the journal shows the client's alert, or the client hanging up on the certificate)."},
	{"TLS-012", "The client MUST complete the first task, while the card's origin presents its genuine certificate (the positive control)."},
}))
