package builtin

import (
	"crypto/tls"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// clientCertEverywhere is adversarial (gallery.go): the reference, but the
// client certificate, when held, is presented in every TLS handshake that
// asks for one, to whatever server: card origins, key sets, token
// endpoints, interfaces whose card names no mTLS scheme, as a client
// configured with one process-wide TLS identity does. A certificate is a
// credential, which goes only where a card names its scheme
// (contract-model §8 rules 1 and 2). No scenario granted a certificate
// where the card did not ask for mTLS, so it passed every requirement of
// the catalog in both modes until client-cert-unrequested.
func clientCertEverywhere(cfg *refclient.Config) {
	cr := cfg.Credentials
	if cr.ClientCertFile == "" {
		return
	}
	cert, err := tls.LoadX509KeyPair(cr.ClientCertFile, cr.ClientKeyFile)
	if err != nil {
		return
	}
	cfg.UnsafeTLS = func(conf *tls.Config) { conf.Certificates = []tls.Certificate{cert} }
}
