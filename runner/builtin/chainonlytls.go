package builtin

import (
	"crypto/tls"
	"crypto/x509"
	"errors"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// chainOnlyTLS is adversarial (gallery.go): the reference, but its check
// of a server's certificate is only that the chain reaches the trust root:
// not the names (the host dialed), not the validity period (the chain is
// checked as of the leaf's NotBefore), not the key usage (any will do). An
// origin and a TLS principal are those of a verified server, one whose
// certificate chains to the trust root and names the host (contract-model
// §3 rule 6), valid now and for server authentication (RFC 5280). Every
// peer's certificate named 127.0.0.1, ::1, localhost and its own host, was
// valid and for serverAuth, and impostor-certificate's impostor chains to
// another CA, so it passed every requirement of the catalog in both modes
// until the flawed-certificate scenarios (certificate-other-host,
// certificate-expired, certificate-client-auth-only), whose impostor holds
// a certificate from the run's own CA.
func chainOnlyTLS(cfg *refclient.Config) {
	cfg.UnsafeTLS = func(conf *tls.Config) {
		roots := conf.RootCAs
		conf.InsecureSkipVerify = true
		conf.VerifyPeerCertificate = func(raw [][]byte, _ [][]*x509.Certificate) error {
			certs, err := parseCerts(raw)
			if err != nil {
				return err
			}
			inter := x509.NewCertPool()
			for _, c := range certs[1:] {
				inter.AddCert(c)
			}
			_, err = certs[0].Verify(x509.VerifyOptions{Roots: roots, Intermediates: inter,
				CurrentTime: certs[0].NotBefore, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}})
			return err
		}
	}
}

// parseCerts parses the certificates a server sent, leaf first.
func parseCerts(raw [][]byte) ([]*x509.Certificate, error) {
	if len(raw) == 0 {
		return nil, errors.New("no certificate")
	}
	var certs []*x509.Certificate
	for _, r := range raw {
		c, err := x509.ParseCertificate(r)
		if err != nil {
			return nil, err
		}
		certs = append(certs, c)
	}
	return certs, nil
}
