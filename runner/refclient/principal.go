package refclient

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"net"
	"net/url"
)

// Principal names the TLS identity a server presents: the SHA-256 of its
// leaf certificate's SubjectPublicKeyInfo ("sha256/<base64>", the form of
// HPKP pins). Origins presenting the same key are one principal; "" means
// the answer did not come over TLS.
type Principal string

// PrincipalOf is the principal of a leaf certificate.
func PrincipalOf(cert *x509.Certificate) Principal {
	sum := sha256.Sum256(cert.RawSubjectPublicKeyInfo)
	return Principal("sha256/" + base64.StdEncoding.EncodeToString(sum[:]))
}

func principalOfState(cs *tls.ConnectionState) Principal {
	if cs == nil || len(cs.PeerCertificates) == 0 {
		return ""
	}
	return PrincipalOf(cs.PeerCertificates[0])
}

// pinTo is a tls.Config.VerifyConnection that refuses, after the usual
// chain verification, every server but the one presenting pin. It runs
// before any request byte is written.
func pinTo(pin Principal) func(tls.ConnectionState) error {
	return func(cs tls.ConnectionState) error {
		if got := principalOfState(&cs); got != pin {
			return fmt.Errorf("%w: the endpoint presents TLS principal %s, the card's origin %s", ErrUntrustedEndpoint, got, pin)
		}
		return nil
	}
}

// presentedPrincipal completes a TLS handshake with the endpoint's host,
// verified against the client's roots, and returns the principal it
// presents. The connection is closed without writing a byte of HTTP.
func (c *Client) presentedPrincipal(ctx context.Context, endpoint *url.URL) (Principal, error) {
	host, port := endpoint.Hostname(), endpoint.Port()
	if port == "" {
		port = "443"
	}
	conf := &tls.Config{RootCAs: c.roots, MinVersion: tls.VersionTLS12, ServerName: host}
	if c.cfg.UnsafeTLS != nil {
		c.cfg.UnsafeTLS(conf)
	}
	d := tls.Dialer{Config: conf}
	conn, err := d.DialContext(ctx, "tcp", net.JoinHostPort(host, port))
	if err != nil {
		return "", transportError("TLS handshake with "+OriginOf(endpoint).String(), err)
	}
	defer conn.Close()
	cs := conn.(*tls.Conn).ConnectionState()
	return principalOfState(&cs), nil
}
