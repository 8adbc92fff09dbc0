package agent

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// GRPCService is the gRPC binding for a grpc.Server the caller runs
// itself (grpc.Server.Serve on its own connections): ServeNative serves
// one call that server's unknown-service handler took, through the same
// operation table, version check, Admit and Handler as NewGRPCHandler's,
// from the request message's wire bytes.
type GRPCService struct{ svc *grpcService }

// NewGRPCService is the gRPC binding of h for a caller's own grpc.Server.
func NewGRPCService(h Handler) *GRPCService {
	return &GRPCService{svc: &grpcService{handler: h}}
}

// ServeNative serves the call r stands for (its path the method, its
// headers the call's metadata, its context the stream's) on ss, whose one
// request message is raw (or recvErr, the error receiving it). A unary
// call's answer is returned, not sent: the caller journals the call, then
// sends it, then ends the call with err. A stream's events are sent as
// they come. The Call in r's context is filled as NewGRPCHandler fills it.
func (g *GRPCService) ServeNative(r *http.Request, ss grpc.ServerStream, raw []byte, recvErr error) (reply any, err error) {
	r, call := prepare(r, wire.BindingGRPC)
	call.Transcript = &Transcript{}
	method, known := grpcMethod(r.URL.Path)
	call.Op = method
	if !known {
		reject(call, wire.ErrMethodNotFound, quote(r.URL.Path)+" is not a method of "+grpcServiceName)
		call.ErrorCode = wire.ErrMethodNotFound.RPCCode
		return nil, unknownMethod(r.URL.Path)
	}
	if recvErr != nil {
		return nil, recvErr
	}
	ctx := context.WithValue(ss.Context(), requestKey{}, r)
	dec := func(v any) error {
		if err := proto.Unmarshal(raw, v.(proto.Message)); err != nil {
			// grpc.Server's words for a request its codec refused.
			return status.Errorf(codes.Internal, "grpc: error unmarshalling request: %v", err)
		}
		return nil
	}
	for i := range grpcpb.A2AService_ServiceDesc.Methods {
		if m := &grpcpb.A2AService_ServiceDesc.Methods[i]; m.MethodName == method {
			return m.Handler(g.svc, ctx, dec, nil)
		}
	}
	for i := range grpcpb.A2AService_ServiceDesc.Streams {
		if s := &grpcpb.A2AService_ServiceDesc.Streams[i]; s.StreamName == method {
			return nil, s.Handler(g.svc, &nativeStream{ServerStream: ss, ctx: ctx, dec: dec})
		}
	}
	return nil, unknownMethod(r.URL.Path)
}

// unknownMethod is grpc.Server's status for a path no service of it has.
func unknownMethod(path string) error {
	sm := strings.TrimPrefix(path, "/")
	pos := strings.LastIndex(sm, "/")
	if pos < 0 {
		return status.Errorf(codes.Unimplemented, "malformed method name: %q", path)
	}
	service, method := sm[:pos], sm[pos+1:]
	if service != grpcServiceName {
		return status.New(codes.Unimplemented, fmt.Sprintf("unknown service %v", service)).Err()
	}
	return status.New(codes.Unimplemented, fmt.Sprintf("unknown method %v for service %v", method, service)).Err()
}

// nativeStream is a server stream whose one request message was already
// received (raw), in the context the handlers find the request in.
type nativeStream struct {
	grpc.ServerStream
	ctx  context.Context
	dec  func(any) error
	done bool
}

func (s *nativeStream) Context() context.Context { return s.ctx }

func (s *nativeStream) RecvMsg(m any) error {
	if s.done {
		return s.ServerStream.RecvMsg(m)
	}
	s.done = true
	return s.dec(m)
}
