package builtin

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// A client certificate granted, a card requiring the bearer token alone:
// the reference presents the certificate in no handshake, though the peer
// asks for one in each; client-cert-everywhere presents it in every one
// (CRED-018). Both complete with the bearer token.
func TestClientCertEverywhere(t *testing.T) {
	for _, tc := range []struct {
		name, client string
		presents     bool
	}{
		{"reference", Reference, false},
		{"cheat", ClientCertEverywhere, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, j := play(t, tc.client, mockpeer.Grants{Bearer: true, ClientCert: true}, mockpeer.PeerSpec{
				Name:  "A",
				Cards: []mockpeer.CardFunc{card("A", "A", requireBearer)},
			})
			wantOutcome(t, out, driver.OutcomeCompleted, "")
			conns := at(j, "A", journal.RouteConnection, "")
			if len(conns) == 0 {
				t.Fatal("no connection journaled")
			}
			for _, c := range conns {
				if got := slices.Contains(c.Auth.Presented, journal.CredClientCert); got != tc.presents {
					t.Errorf("connection #%d presented the client certificate: %v, want %v", c.Seq, got, tc.presents)
				}
			}
		})
	}
}
