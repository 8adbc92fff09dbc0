package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// A certificate from the trust root that names another host, has expired,
// or is a client's: the reference refuses the handshake and sends nothing;
// chain-only-tls, which checks only the chain, sends the task there.
// Another CA's impostor both refuse.
func TestChainOnlyTLS(t *testing.T) {
	flawed := func(flaw mockpeer.CertFlaw) func(*mockpeer.Farm) error {
		return func(f *mockpeer.Farm) error { return f.Peer("A").PresentFlawed(flaw) }
	}
	for _, tc := range []struct {
		name   string
		change func(*mockpeer.Farm) error
		cheat  bool // chain-only-tls takes it
	}{
		{"another host", flawed(mockpeer.FlawOtherHost), true},
		{"expired", flawed(mockpeer.FlawExpired), true},
		{"clientAuth only", flawed(mockpeer.FlawClientAuthOnly), true},
		{"another CA", presentImpostor, false},
	} {
		for _, client := range []string{Reference, ChainOnlyTLS} {
			t.Run(tc.name+"/"+client, func(t *testing.T) {
				playCertificateChange(t, client, tc.change, client == ChainOnlyTLS && tc.cheat)
			})
		}
	}
}
