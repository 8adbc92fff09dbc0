package scenarios

import (
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// onConn: the request came on the connection journaled as #seq.
func onConn(seq int64) exOpt { return func(ex *journal.Exchange) { ex.ConnSeq = seq } }

func onlyOnFirstConnectionCases() []checkCase {
	const want = "no request to peer B (https://127.0.0.2:4432) but on the first connection it saw"
	return []checkCase{
		{"nothing at B", journalOf(fetch("A")), passed()},
		{"a probe, then the second connection refused", journalOf(fetch("A"), connection("B", journal.HandshakeComplete, 0),
			connection("B", journal.HandshakeFailed, 0)), passed()},
		{"the task sent on the connection probed", journalOf(connection("B", journal.HandshakeComplete, 500, handled(1)),
			send("B", onConn(1))), passed()},
		{"a probe, then the task on another connection", journalOf(connection("B", journal.HandshakeComplete, 0),
			connection("B", journal.HandshakeComplete, 500, handled(1)), send("B", onConn(2))),
			failed(want, "2 on another connection, first a connection, a TLS handshake, then 500 bytes, on connection #2 (the first was #1)", 2, 3)},
		{"a request naming no connection", journalOf(connection("B", journal.HandshakeComplete, 0), send("B")),
			failed(want, "1 on another connection, first POST /a2a/jsonrpc, on connection #0 (the first was #1)", 2)},
	}
}

func onlyOnFirstConnectionCredentialCases() []checkCase {
	const want = "no credential sent to peer B (https://127.0.0.2:4432) but on the first connection it saw"
	return []checkCase{
		{"the token on the connection probed", journalOf(connection("B", journal.HandshakeComplete, 500, handled(1),
			func(ex *journal.Exchange) { ex.Auth.Presented = []string{journal.CredBearer} }),
			send("B", onConn(1), presenting(journal.CredBearer))), passed()},
		{"a probe, then a request with no credential elsewhere", journalOf(connection("B", journal.HandshakeComplete, 0),
			connection("B", journal.HandshakeComplete, 300, handled(1)), send("B", onConn(2))), passed()},
		{"a probe, then the token on another connection", journalOf(connection("B", journal.HandshakeComplete, 0),
			connection("B", journal.HandshakeComplete, 500, handled(1), func(ex *journal.Exchange) { ex.Auth.Presented = []string{journal.CredBearer} }),
			send("B", onConn(2), presenting(journal.CredBearer))),
			failed(want, "2 on another connection, first a connection, a TLS handshake, then 500 bytes, on connection #2 (the first was #1)", 2, 3)},
	}
}
