package a2ago

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	// The farm and the SDK both register lf.a2a.v1 with protobuf.
	_ "github.com/a2a-conform/a2a-conform/runner/adapters/a2a-go/internal/protoconflict"
)

// The farm side of the compatibility tests (one peer, its card, what its
// journal must show) is mockpeer/peertest, shared with the JS SDK's test in
// mockpeer/sdkcompat_test.go. Only the SDK's HTTP and gRPC clients are set
// up here.

// tlsConfig trusts the farm CA and nothing else.
func tlsConfig(t *testing.T, farm *mockpeer.Farm) *tls.Config {
	t.Helper()
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(farm.CAPEM()) {
		t.Fatal("the farm CA PEM holds no certificate")
	}
	return &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
}

// httpClient is the SDK's HTTP client, with tlsConfig.
func httpClient(t *testing.T, farm *mockpeer.Farm) *http.Client {
	t.Helper()
	transport := &http.Transport{TLSClientConfig: tlsConfig(t, farm)}
	t.Cleanup(transport.CloseIdleConnections)
	return &http.Client{Transport: transport, Timeout: 30 * time.Second}
}

// grpcTLS is the dial option a2agrpc.WithGRPCTransport needs for the farm:
// grpc.NewClient has no transport security by default.
func grpcTLS(t *testing.T, farm *mockpeer.Farm) grpc.DialOption {
	t.Helper()
	return grpc.WithTransportCredentials(credentials.NewTLS(tlsConfig(t, farm)))
}
