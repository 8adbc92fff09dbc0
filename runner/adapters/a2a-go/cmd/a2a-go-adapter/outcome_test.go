package main

import (
	"fmt"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// a2agrpc turns a gRPC UNAVAILABLE into an ErrInternalError that keeps only
// grpc-go's message: a refused certificate is a transport error all the
// same, while a peer's own INTERNAL answer stays a peer error.
func TestReasonOfGRPCErrorsAsA2AGoReportsThem(t *testing.T) {
	for _, c := range []struct {
		err  error
		want driver.Reason
	}{
		{a2a.NewError(a2a.ErrInternalError, `connection error: desc = "transport: authentication handshake failed: tls: failed to verify certificate: x509: certificate signed by unknown authority"`),
			driver.ReasonTransportError},
		{fmt.Errorf("sending: %w", a2a.NewError(a2a.ErrInternalError, `connection error: desc = "transport: Error while dialing: dial tcp 127.0.0.1:1: connect: connection refused"`)),
			driver.ReasonTransportError},
		{a2a.NewError(a2a.ErrInternalError, "the peer's own failure"), driver.ReasonPeerError},
		{a2a.NewError(a2a.ErrTaskNotFound, "connection error: a peer's words"), driver.ReasonPeerError},
	} {
		if got := reasonOf(c.err); got != c.want {
			t.Errorf("reasonOf(%q) = %s, want %s", c.err, got, c.want)
		}
	}
}
