package mockpeer

import (
	"crypto/tls"
	"crypto/x509"
	"strings"
	"testing"
)

// Each flawed certificate chains to the run's CA and is refused by a
// client that verifies the server, for its flaw alone: the chain, checked
// with nothing else, verifies. PresentGenuine undoes it.
func TestPresentFlawed(t *testing.T) {
	for _, tc := range []struct {
		flaw CertFlaw
		want string // in crypto/tls's verification error
	}{
		{FlawOtherHost, "certificate is valid for 192.0.2.1, not 127.0.0.1"},
		{FlawExpired, "certificate has expired"},
		{FlawClientAuthOnly, "incompatible key usage"},
	} {
		t.Run(tc.flaw.String(), func(t *testing.T) {
			f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
			a := f.Peer("A")
			pool := farmRoots(f)
			dial := func(conf *tls.Config) (*tls.Conn, error) {
				conf.ServerName = "127.0.0.1"
				return tls.Dial("tcp", a.listener.Addr().String(), conf)
			}
			for range 2 { // the second call changes nothing
				if err := a.PresentFlawed(tc.flaw); err != nil {
					t.Fatalf("PresentFlawed: %v", err)
				}
			}
			if !a.Impostor() {
				t.Error("Impostor() = false after PresentFlawed")
			}
			_, err := dial(&tls.Config{RootCAs: pool})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("a verifying client's handshake: %v, want %q", err, tc.want)
			}
			var chained []*x509.Certificate
			conn, err := dial(&tls.Config{InsecureSkipVerify: true, VerifyPeerCertificate: func(raw [][]byte, _ [][]*x509.Certificate) error {
				leaf, err := x509.ParseCertificate(raw[0])
				if err != nil {
					return err
				}
				chained = append(chained, leaf)
				_, err = leaf.Verify(x509.VerifyOptions{Roots: pool, CurrentTime: leaf.NotBefore, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}})
				return err
			}})
			if err != nil {
				t.Fatalf("the chain alone does not verify: %v", err)
			}
			conn.Close()
			if err := a.PresentGenuine(); err != nil {
				t.Fatal(err)
			}
			conn, err = dial(&tls.Config{RootCAs: pool})
			if err != nil {
				t.Fatalf("the genuine certificate after PresentGenuine: %v", err)
			}
			conn.Close()
		})
	}
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}}})
	if err := f.Peer("A").PresentFlawed(0); err == nil || f.Peer("A").Impostor() {
		t.Errorf("PresentFlawed(0): %v, impostor %v; want an error and no switch", err, f.Peer("A").Impostor())
	}
}
