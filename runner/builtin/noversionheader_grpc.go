package builtin

import (
	"context"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// versionlessGRPC is noVersionHeader over gRPC: every call goes out
// without the a2a-version metadata, and one the peer refuses with
// VersionNotSupportedError is made again with it.
func versionlessGRPC() []grpc.DialOption {
	return []grpc.DialOption{
		grpc.WithChainUnaryInterceptor(func(ctx context.Context, method string, req, reply any, cc *grpc.ClientConn, invoker grpc.UnaryInvoker, opts ...grpc.CallOption) error {
			err := invoker(withoutVersion(ctx), method, req, reply, cc, opts...)
			if refusedVersion(err) {
				return invoker(ctx, method, req, reply, cc, opts...)
			}
			return err
		}),
		grpc.WithChainStreamInterceptor(func(ctx context.Context, desc *grpc.StreamDesc, cc *grpc.ClientConn, method string, streamer grpc.Streamer, opts ...grpc.CallOption) (grpc.ClientStream, error) {
			open := func(ctx context.Context) (grpc.ClientStream, error) { return streamer(ctx, desc, cc, method, opts...) }
			s, err := open(withoutVersion(ctx))
			if err != nil {
				return nil, err
			}
			return &retryingStream{ClientStream: s, reopen: func() (grpc.ClientStream, error) { return open(ctx) }}, nil
		}),
	}
}

// withoutVersion is ctx with its outgoing metadata minus a2a-version.
func withoutVersion(ctx context.Context) context.Context {
	md, _ := metadata.FromOutgoingContext(ctx)
	md = md.Copy()
	md.Delete(strings.ToLower(wire.HeaderVersion))
	return metadata.NewOutgoingContext(ctx, md)
}

// refusedVersion: err is the peer's VersionNotSupportedError.
func refusedVersion(err error) bool {
	st, ok := status.FromError(err)
	if !ok || err == nil || st.Code() != codes.FailedPrecondition {
		return false
	}
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok && info.GetReason() == wire.ErrVersionNotSupported.Reason {
			return true
		}
	}
	return false
}

// retryingStream is a server stream opened without a2a-version. A server
// stream's refusal arrives on its first receive: then it is opened again
// with the version, the request sent again, and read from there.
type retryingStream struct {
	grpc.ClientStream
	reopen  func() (grpc.ClientStream, error)
	sent    []any
	retried bool
}

func (s *retryingStream) SendMsg(m any) error {
	s.sent = append(s.sent, m)
	return s.ClientStream.SendMsg(m)
}

func (s *retryingStream) RecvMsg(m any) error {
	err := s.ClientStream.RecvMsg(m)
	if s.retried || !refusedVersion(err) {
		return err
	}
	s.retried = true
	again, err := s.reopen()
	if err != nil {
		return err
	}
	for _, sent := range s.sent {
		if err := again.SendMsg(sent); err != nil {
			return err
		}
	}
	if err := again.CloseSend(); err != nil {
		return err
	}
	s.ClientStream = again
	return again.RecvMsg(m)
}
