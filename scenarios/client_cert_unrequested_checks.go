package scenarios

import (
	"slices"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// noClientCertificate (CRED-018): no connection, nor request, of the
// session presented the client certificate. A connection part of which
// could not be scanned fails closed, as every credential check does.
func noClientCertificate(ev *Evidence) verdict.Judgement {
	bad := slices.DeleteFunc(credentialContacts(ev), func(ex journal.Exchange) bool {
		return !slices.Contains(ex.Auth.Presented, journal.CredClientCert) && !unknownCredentials(ex)
	})
	if len(bad) == 0 {
		return passed()
	}
	return credentialFailure("the client certificate in no handshake", bad,
		func(journal.Exchange) string { return "the client certificate presented" })
}
