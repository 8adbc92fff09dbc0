package mockpeer

import "github.com/a2a-conform/a2a-conform/mockpeer/journal"

// The causes the farm journals for a client that refused the impostor's
// certificate (journal.Exchange.HandshakeRefusedByClient reads them).
const (
	// remoteAlert is how crypto/tls words an alert the other side sent.
	remoteAlert = journal.RemoteAlert
	// hungUp is in the cause journaled for a client that closed a
	// connection to the impostor without an alert and without a request.
	hungUp = journal.HungUp

	hungUpDuring = "TLS handshake failed: " + hungUp + " during the handshake, without an alert"
	hungUpAfter  = "TLS handshake refused after the fact: " + hungUp + " right after the handshake, without a request"
)
