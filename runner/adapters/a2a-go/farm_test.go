package a2ago

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
)

// The farm side of the compatibility tests (one peer, its card, what its
// journal must show) is mockpeer/peertest, shared with the JS SDK's test in
// mockpeer/sdkcompat_test.go. Only the SDK's HTTP client is set up here.

// httpClient trusts the farm CA and nothing else.
func httpClient(t *testing.T, farm *mockpeer.Farm) *http.Client {
	t.Helper()
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(farm.CAPEM()) {
		t.Fatal("the farm CA PEM holds no certificate")
	}
	transport := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}
	t.Cleanup(transport.CloseIdleConnections)
	return &http.Client{Transport: transport, Timeout: 30 * time.Second}
}
