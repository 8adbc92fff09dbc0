package builtin

import (
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The impostor's CA is named as the run's CA is: the reference refuses
// its certificate, whose signature the trust root did not make;
// issuer-name-chain, which follows issuer names, sends it the task. A
// renewal under an intermediate of the run's CA both take.
func TestIssuerNameTLS(t *testing.T) {
	renewed := func(f *mockpeer.Farm) error { return f.Peer("A").PresentViaIntermediate() }
	for _, tc := range []struct {
		name, client string
		change       func(*mockpeer.Farm) error
		completes    bool
	}{
		{"reference/impostor", Reference, presentImpostor, false},
		{"cheat/impostor", IssuerNameTLS, presentImpostor, true},
		{"reference/intermediate", Reference, renewed, true},
		{"cheat/intermediate", IssuerNameTLS, renewed, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			playCertificateChange(t, tc.client, tc.change, tc.completes)
		})
	}
}
