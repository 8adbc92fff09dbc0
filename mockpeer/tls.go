package mockpeer

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// ClientCertCN is the subject CN of the client certificate of every run.
const ClientCertCN = "a2a-conform-client"

// Files written to FarmSpec.Dir.
const (
	caFileName         = "ca.pem"
	clientCertFileName = "client-cert.pem"
	clientKeyFileName  = "client-key.pem"
)

// certLifetime is how long every certificate of a run is valid, from an
// hour before it is made: a demo peer may serve for weeks, and 397 days is
// the longest lifetime any client's policy accepts for a server certificate.
const certLifetime = 397 * 24 * time.Hour

// pki is the per-run certificate authority and everything it signed. The
// CA key lives in memory only and dies with the farm.
type pki struct {
	caCert  *x509.Certificate
	caKey   *ecdsa.PrivateKey
	caPEM   []byte
	pool    *x509.CertPool
	issued  time.Time              // the certificates' clock
	servers map[string]*serverCert // by identity
	// intermediate is a CA the run's CA signed, made on first use
	// (PresentViaIntermediate).
	intermediate struct {
		once sync.Once
		cert *x509.Certificate
		der  []byte
		key  *ecdsa.PrivateKey
		err  error
	}
	// client is the client certificate of the run. It is written to files
	// only when granted (writeClientFiles): a certificate the scenario does
	// not grant must not sit where the client can find it.
	client tls.Certificate

	caFile, clientCertFile, clientKeyFile string
}

// newPKI creates the CA and the client certificate, and writes the CA
// file to dir. The server certificate of each identity (hosts lists the
// listen hosts of the peers sharing it) is made on its first handshake.
func newPKI(dir string, identities map[string][]string) (*pki, error) {
	// Certificates use the real clock: a scripted FarmSpec.Now in the past
	// must not make them invalid for real clients.
	now := time.Now()
	caCert, caDER, key, err := newCA("a2a-conform", now)
	if err != nil {
		return nil, err
	}
	p := &pki{
		caCert:  caCert,
		caKey:   key,
		caPEM:   pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		pool:    x509.NewCertPool(),
		issued:  now,
		servers: map[string]*serverCert{},
	}
	p.pool.AddCert(caCert)
	for id, hosts := range identities {
		p.servers[id] = &serverCert{identity: id, hosts: hosts}
	}
	if p.client, err = p.leaf(&x509.Certificate{
		Subject:     pkix.Name{CommonName: ClientCertCN, Organization: []string{"a2a-conform"}},
		NotBefore:   now.Add(-time.Hour),
		NotAfter:    now.Add(certLifetime),
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}); err != nil {
		return nil, err
	}
	p.caFile = filepath.Join(dir, caFileName)
	if err := os.WriteFile(p.caFile, p.caPEM, 0o644); err != nil {
		return nil, fmt.Errorf("mockpeer: write %s: %w", caFileName, err)
	}
	return p, nil
}

// serverCert is the certificate of one server identity, made on first
// use: a key and a CA signature cost about half a millisecond, so a farm of
// thousands of peers would spend most of its start on certificates no
// client may ever ask for.
type serverCert struct {
	identity string
	hosts    []string
	once     sync.Once
	cert     *tls.Certificate
	err      error
}

// server is the certificate of identity, made once.
func (p *pki) server(identity string) (*tls.Certificate, error) {
	sc := p.servers[identity]
	if sc == nil {
		return nil, fmt.Errorf("mockpeer: no server certificate for identity %q", identity)
	}
	sc.once.Do(func() {
		cert, err := p.serverCert(sc.identity, sc.hosts, p.issued)
		sc.cert, sc.err = &cert, err
	})
	return sc.cert, sc.err
}

func (p *pki) serverCert(identity string, hosts []string, now time.Time) (tls.Certificate, error) {
	return p.leaf(serverTemplate(identity, hosts, now))
}

// serverTemplate is the server certificate of identity for hosts.
func serverTemplate(identity string, hosts []string, now time.Time) *x509.Certificate {
	tmpl := &x509.Certificate{
		Subject:     pkix.Name{CommonName: identity, Organization: []string{"a2a-conform peer"}},
		NotBefore:   now.Add(-time.Hour),
		NotAfter:    now.Add(certLifetime),
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:    []string{"localhost"},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil && !containsIP(tmpl.IPAddresses, ip) {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		}
	}
	return tmpl
}

// leaf signs tmpl with the CA under a fresh key.
func (p *pki) leaf(tmpl *x509.Certificate) (tls.Certificate, error) {
	return leafOf(tmpl, p.caCert, p.caKey)
}

// leafOf signs tmpl with issuer under a fresh key; the chain sent with it
// is the leaf, then chain.
func leafOf(tmpl, issuer *x509.Certificate, issuerKey *ecdsa.PrivateKey, chain ...[]byte) (tls.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("mockpeer: leaf key: %w", err)
	}
	cert, der, err := sign(tmpl, &key.PublicKey, issuer, issuerKey)
	if err != nil {
		return tls.Certificate{}, err
	}
	return tls.Certificate{Certificate: append([][]byte{der}, chain...), PrivateKey: key, Leaf: cert}, nil
}

// serverCertViaIntermediate is serverCert issued by the run's intermediate
// CA and sent with it: the trust root is the same, the issuer another.
func (p *pki) serverCertViaIntermediate(identity string, hosts []string, now time.Time) (tls.Certificate, error) {
	in := &p.intermediate
	in.once.Do(func() {
		in.cert, in.der, in.key, in.err = makeCA("intermediate", caTemplate(
			pkix.Name{CommonName: "a2a-conform run intermediate CA", Organization: []string{"a2a-conform"}}, 0, now),
			p.caCert, p.caKey)
	})
	if in.err != nil {
		return tls.Certificate{}, in.err
	}
	tmpl := serverTemplate(identity, hosts, now)
	return leafOf(tmpl, in.cert, in.key, in.der)
}

// writeClientFiles writes the client certificate and its key to dir.
func (p *pki) writeClientFiles(dir string) error {
	keyDER, err := x509.MarshalPKCS8PrivateKey(p.client.PrivateKey)
	if err != nil {
		return fmt.Errorf("mockpeer: client key: %w", err)
	}
	certFile, keyFile := filepath.Join(dir, clientCertFileName), filepath.Join(dir, clientKeyFileName)
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: p.client.Certificate[0]}), 0o644); err != nil {
		return fmt.Errorf("mockpeer: write %s: %w", clientCertFileName, err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		return fmt.Errorf("mockpeer: write %s: %w", clientKeyFileName, err)
	}
	p.clientCertFile, p.clientKeyFile = certFile, keyFile
	return nil
}

// newCA makes a run's certificate authority, valid from an hour before now
// for certLifetime.
func newCA(organization string, now time.Time) (*x509.Certificate, []byte, *ecdsa.PrivateKey, error) {
	subject := pkix.Name{CommonName: "a2a-conform run CA", Organization: []string{organization}}
	// One intermediate below it at most (PresentViaIntermediate).
	return makeCA(organization, caTemplate(subject, 1, now), nil, nil)
}

// caTemplate is a CA named subject, valid from an hour before now for
// certLifetime, with at most maxPathLen CAs below it.
func caTemplate(subject pkix.Name, maxPathLen int, now time.Time) *x509.Certificate {
	return &x509.Certificate{
		Subject:               subject,
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(certLifetime),
		IsCA:                  true,
		BasicConstraintsValid: true,
		MaxPathLen:            maxPathLen,
		MaxPathLenZero:        maxPathLen == 0,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
	}
}

// makeCA makes the CA tmpl under a fresh key, signed by parent with
// parentKey, or self-signed when parent is nil; what names it in errors.
func makeCA(what string, tmpl, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, []byte, *ecdsa.PrivateKey, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("mockpeer: %s CA key: %w", what, err)
	}
	if parent == nil {
		parentKey = key
	}
	cert, der, err := sign(tmpl, &key.PublicKey, parent, parentKey)
	if err != nil {
		return nil, nil, nil, err
	}
	return cert, der, key, nil
}

// serverConfig is the TLS configuration of a peer presenting identity.
func (p *pki) serverConfig(identity string) *tls.Config {
	return &tls.Config{
		MinVersion:     tls.VersionTLS12,
		GetCertificate: func(*tls.ClientHelloInfo) (*tls.Certificate, error) { return p.server(identity) },
		ClientAuth:     tls.VerifyClientCertIfGiven,
		ClientCAs:      p.pool,
	}
}

func sign(tmpl *x509.Certificate, pub *ecdsa.PublicKey, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, []byte, error) {
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, nil, fmt.Errorf("mockpeer: serial: %w", err)
	}
	tmpl.SerialNumber = serial
	if parent == nil {
		parent = tmpl
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, parentKey)
	if err != nil {
		return nil, nil, fmt.Errorf("mockpeer: sign %q: %w", tmpl.Subject.CommonName, err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, fmt.Errorf("mockpeer: parse %q: %w", tmpl.Subject.CommonName, err)
	}
	return cert, der, nil
}

func containsIP(list []net.IP, ip net.IP) bool {
	for _, x := range list {
		if x.Equal(ip) {
			return true
		}
	}
	return false
}
