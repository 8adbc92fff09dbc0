package main

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net/http"
	"os"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// tlsConfig is the TLS an application sets up for the SDK, on HTTP and on
// gRPC alike: it trusts the system roots plus the farm CA and presents the
// client certificate when one is granted.
func tlsConfig(caFile string, creds driver.Credentials) (*tls.Config, error) {
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if caFile != "" {
		pem, err := os.ReadFile(caFile)
		if err != nil {
			return nil, fmt.Errorf("a2a-go-adapter: CA file: %w", err)
		}
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("a2a-go-adapter: CA file %s holds no certificate", caFile)
		}
	}
	cfg := &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	if c := creds; c.ClientCertFile != "" && c.ClientKeyFile != "" {
		cert, err := tls.LoadX509KeyPair(c.ClientCertFile, c.ClientKeyFile)
		if err != nil {
			return nil, fmt.Errorf("a2a-go-adapter: client certificate: %w", err)
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	return cfg, nil
}

// httpClient is the client an application hands the SDK's resolver and
// HTTP transports, with the TLS of tlsConfig.
func httpClient(cfg *tls.Config) *http.Client {
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg.Clone(), ForceAttemptHTTP2: true}}
}
