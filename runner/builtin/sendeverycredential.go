package builtin

import (
	"context"
	"net/http"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// sendEveryCredential is adversarial (gallery.go): the reference, with the
// client configuration many SDKs offer, default headers for every
// credential configured. Every A2A request, over every binding, carries
// its bearer token (a second Authorization value) and its API key
// (X-API-Key) beside the credential the card names. The peers admit it:
// the named credential is there too. Only credential-scope's CRED-004
// sees what else went out.
func sendEveryCredential(cfg *refclient.Config) {
	extra := everyStaticCredential(cfg.Credentials)
	cfg.UnsafeA2ATransport = func(next http.RoundTripper) http.RoundTripper {
		return roundTripFunc(func(req *http.Request) (*http.Response, error) {
			req = req.Clone(req.Context())
			for _, h := range extra {
				req.Header.Add(h.name, h.value)
			}
			return next.RoundTrip(req)
		})
	}
	withExtra := func(ctx context.Context) context.Context {
		for _, h := range extra {
			ctx = metadata.AppendToOutgoingContext(ctx, h.grpcName, h.value)
		}
		return ctx
	}
	cfg.UnsafeGRPCOptions = append(cfg.UnsafeGRPCOptions,
		grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
			return invoker(withExtra(ctx), method, req, reply, cc, opts...)
		}),
		grpc.WithChainStreamInterceptor(func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
			return streamer(withExtra(ctx), desc, cc, method, opts...)
		}),
	)
}

// staticCredential is one header a configured credential goes in.
type staticCredential struct{ name, grpcName, value string }

// everyStaticCredential is the bearer token and API key c holds, as
// headers.
func everyStaticCredential(c driver.Credentials) []staticCredential {
	var out []staticCredential
	if c.BearerToken != "" {
		out = append(out, staticCredential{"Authorization", "authorization", "Bearer " + c.BearerToken})
	}
	if c.APIKey != "" {
		out = append(out, staticCredential{"X-API-Key", "x-api-key", c.APIKey})
	}
	return out
}
