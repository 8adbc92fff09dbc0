package builtin

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"os"
	"slices"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// issuerNameTLS is adversarial (gallery.go): the reference, but a server's
// chain is trusted when its issuer names lead to the trust root's subject,
// no signature checked, as a verifier that builds the chain by name and
// never verifies it does. A verified server is one whose certificate
// chains to the trust root (contract-model §3 rule 6): a chain is made of
// signatures, not names. impostor-certificate's impostor CA was named
// "a2a-conform impostor", so it refused it, and a renewed or
// intermediate-issued certificate names the run's CA: it passed every
// requirement of the catalog in both modes until the impostor's CA took
// the run CA's subject and key identifier (mockpeer.lookalikeCA).
func issuerNameTLS(cfg *refclient.Config) {
	var rootSubjects [][]byte
	if pemBytes, err := os.ReadFile(cfg.CAFile); err == nil {
		for {
			var b *pem.Block
			b, pemBytes = pem.Decode(pemBytes)
			if b == nil {
				break
			}
			if c, err := x509.ParseCertificate(b.Bytes); err == nil {
				rootSubjects = append(rootSubjects, c.RawSubject)
			}
		}
	}
	cfg.UnsafeTLS = func(conf *tls.Config) {
		conf.InsecureSkipVerify = true
		conf.VerifyPeerCertificate = func(raw [][]byte, _ [][]*x509.Certificate) error {
			certs, err := parseCerts(raw)
			if err != nil {
				return err
			}
			issuer := certs[0].RawIssuer
			for hops := 0; hops < 4; hops++ {
				if slices.ContainsFunc(rootSubjects, func(s []byte) bool { return bytes.Equal(s, issuer) }) {
					return nil
				}
				i := slices.IndexFunc(certs[1:], func(c *x509.Certificate) bool { return bytes.Equal(c.RawSubject, issuer) })
				if i < 0 {
					break
				}
				issuer = certs[1+i].RawIssuer
			}
			return errors.New("builtin: issuer-name-chain: the chain names no trusted issuer")
		}
	}
}
