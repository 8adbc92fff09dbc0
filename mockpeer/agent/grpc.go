package agent

import (
	"context"
	"net/http"
	"strings"

	"google.golang.org/grpc"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// GRPCPathPrefix is the path of every method of the gRPC binding
// ("/lf.a2a.v1.A2AService/SendMessage"): a gRPC request is an HTTP/2 POST
// to /service/method.
const GRPCPathPrefix = "/" + grpcServiceName + "/"

const grpcServiceName = "lf.a2a.v1.A2AService"

var _ = func() bool {
	if grpcpb.A2AService_ServiceDesc.ServiceName != grpcServiceName {
		panic("agent: the generated service is " + grpcpb.A2AService_ServiceDesc.ServiceName + ", not " + grpcServiceName)
	}
	return true
}()

// NewGRPCHandler serves the gRPC binding (lf.a2a.v1.A2AService) to the
// HTTP/2 requests an http.Server routes to it, so it shares the origin,
// TLS configuration and client certificates of the other bindings. gRPC
// metadata arrives as request headers: A2A-Version, A2A-Extensions and
// credentials are read exactly as on HTTP. Errors are google.rpc.Status
// with a google.rpc.ErrorInfo detail for every A2A error. The handler has a
// Stop method, which ends the calls in flight and releases the server.
func NewGRPCHandler(h Handler, o Options) http.Handler {
	s := grpc.NewServer(grpc.MaxRecvMsgSize(int(o.maxBody())))
	grpcpb.RegisterA2AServiceServer(s, &grpcService{handler: h})
	return &grpcServer{server: s}
}

type grpcServer struct{ server *grpc.Server }

// Stop ends the calls still in flight and releases the server; the
// handler answers nothing after it.
func (g *grpcServer) Stop() { g.server.Stop() }

func (g *grpcServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	r, call := prepare(r, wire.BindingGRPC)
	call.Transcript = &Transcript{}
	method, known := grpcMethod(r.URL.Path)
	call.Op = method
	switch {
	case r.ProtoMajor != 2:
		reject(call, wire.ErrInvalidRequest, "gRPC needs HTTP/2, got "+r.Proto)
	case !known:
		reject(call, wire.ErrMethodNotFound, quote(r.URL.Path)+" is not a method of "+grpcServiceName)
		call.ErrorCode = wire.ErrMethodNotFound.RPCCode
	}
	// grpc.Server answers the refusals above itself (HTTP 400 for HTTP/1,
	// UNIMPLEMENTED for an unknown method); the handlers find r in ctx.
	g.server.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestKey{}, r)))
}

// grpcMethod is the method a gRPC path names, and whether the service has it.
func grpcMethod(path string) (string, bool) {
	method, ok := strings.CutPrefix(path, GRPCPathPrefix)
	if !ok {
		return "", false
	}
	for _, m := range grpcpb.A2AService_ServiceDesc.Methods {
		if m.MethodName == method {
			return method, true
		}
	}
	for _, s := range grpcpb.A2AService_ServiceDesc.Streams {
		if s.StreamName == method {
			return method, true
		}
	}
	return method, false
}

// requestKey is the context key of the *http.Request a gRPC call came in:
// the Handler takes it for headers, TLS state and the peer's context.
type requestKey struct{}

// requestOf returns the request and Call a gRPC handler serves.
func requestOf(ctx context.Context) (*http.Request, *Call) {
	r := ctx.Value(requestKey{}).(*http.Request)
	return r, CallFrom(r.Context())
}
