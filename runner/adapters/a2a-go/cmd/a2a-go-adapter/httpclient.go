package main

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"os"
)

// httpClient is the client an application hands the SDK: it trusts the
// system roots plus the farm CA and presents the client certificate when
// one is granted.
func httpClient(t task) (*http.Client, error) {
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if t.caFile != "" {
		pem, err := os.ReadFile(t.caFile)
		if err != nil {
			return nil, fmt.Errorf("a2a-go-adapter: CA file: %w", err)
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("a2a-go-adapter: CA file %s holds no certificate", t.caFile)
		}
	}
	cfg := &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	if c := t.creds; c.clientCertFile != "" && c.clientKeyFile != "" {
		cert, err := tls.LoadX509KeyPair(c.clientCertFile, c.clientKeyFile)
		if err != nil {
			return nil, fmt.Errorf("a2a-go-adapter: client certificate: %w", err)
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg, ForceAttemptHTTP2: true}}, nil
}
