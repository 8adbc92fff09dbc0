package refclient

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	grpccreds "google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// grpcBinding is the gRPC binding: lf.a2a.v1.A2AService over TLS to the
// interface's host:port, with the service parameters and credentials the
// other bindings send as headers sent as metadata.
type grpcBinding struct {
	conn     *grpc.ClientConn
	client   grpcpb.A2AServiceClient
	tenant   string
	decorate func(*http.Request)
}

// newGRPCBinding dials u's host with tlsConf (roots, client certificate,
// pin): grpc.NewClient connects lazily, at the first call. The target is
// spelled dns:///host:port, so that grpc-go cannot read the host judged by
// the origin gate as a resolver scheme ("unix:5000" would be a socket).
func newGRPCBinding(u *url.URL, tenant string, tlsConf *tls.Config, decorate func(*http.Request), unsafe []grpc.DialOption) (*grpcBinding, error) {
	opts := append([]grpc.DialOption{grpc.WithTransportCredentials(grpccreds.NewTLS(tlsConf))}, unsafe...)
	conn, err := grpc.NewClient("dns:///"+u.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("%w: gRPC target %s: %w", ErrConfig, u.Host, err)
	}
	return &grpcBinding{conn: conn, client: grpcpb.NewA2AServiceClient(conn), tenant: tenant, decorate: decorate}, nil
}

// outgoing carries, as metadata, the headers decorate sets: A2A-Version,
// A2A-Extensions and the credentials (gRPC keys are lower case).
func (g *grpcBinding) outgoing(ctx context.Context) context.Context {
	req := &http.Request{Header: http.Header{}, URL: &url.URL{}}
	g.decorate(req)
	md := metadata.MD{}
	for k, vs := range req.Header {
		md[strings.ToLower(k)] = vs
	}
	return metadata.NewOutgoingContext(ctx, md)
}

func (g *grpcBinding) sendMessage(ctx context.Context, req *wire.SendMessageRequest) (*wire.SendMessageResponse, error) {
	in := &grpcpb.SendMessageRequest{}
	if err := toGRPC(req, in); err != nil {
		return nil, err
	}
	in.Tenant = g.tenant
	res, err := g.client.SendMessage(g.outgoing(ctx), in)
	if err != nil {
		return nil, grpcError(ctx, wire.MethodSendMessage, err)
	}
	var out wire.SendMessageResponse
	if err := fromGRPC(wire.MethodSendMessage, res, &out); err != nil {
		return nil, err
	}
	return checkSendResponse(&out)
}

func (g *grpcBinding) getTask(ctx context.Context, id string) (*wire.Task, error) {
	zero := int32(0)
	res, err := g.client.GetTask(g.outgoing(ctx), &grpcpb.GetTaskRequest{Tenant: g.tenant, Id: id, HistoryLength: &zero})
	return g.task(ctx, wire.MethodGetTask, res, err)
}

func (g *grpcBinding) cancelTask(ctx context.Context, id string) (*wire.Task, error) {
	res, err := g.client.CancelTask(g.outgoing(ctx), &grpcpb.CancelTaskRequest{Tenant: g.tenant, Id: id})
	return g.task(ctx, wire.MethodCancelTask, res, err)
}

func (g *grpcBinding) task(ctx context.Context, op string, res *grpcpb.Task, err error) (*wire.Task, error) {
	if err != nil {
		return nil, grpcError(ctx, op, err)
	}
	var out wire.Task
	if err := fromGRPC(op, res, &out); err != nil {
		return nil, err
	}
	return checkTask(op, &out)
}

func (g *grpcBinding) sendStreaming(ctx context.Context, req *wire.SendMessageRequest) (*eventStream, error) {
	in := &grpcpb.SendMessageRequest{}
	if err := toGRPC(req, in); err != nil {
		return nil, err
	}
	in.Tenant = g.tenant
	return g.stream(ctx, wire.MethodSendStreamingMessage, func(ctx context.Context) (grpc.ServerStreamingClient[grpcpb.StreamResponse], error) {
		return g.client.SendStreamingMessage(ctx, in)
	})
}

func (g *grpcBinding) subscribe(ctx context.Context, id string) (*eventStream, error) {
	in := &grpcpb.SubscribeToTaskRequest{Tenant: g.tenant, Id: id}
	return g.stream(ctx, wire.MethodSubscribeToTask, func(ctx context.Context) (grpc.ServerStreamingClient[grpcpb.StreamResponse], error) {
		return g.client.SubscribeToTask(ctx, in)
	})
}

// stream opens a server stream; its events are read by eventStream.next,
// and a status other than OK there is the peer's error.
func (g *grpcBinding) stream(ctx context.Context, op string, open func(context.Context) (grpc.ServerStreamingClient[grpcpb.StreamResponse], error)) (*eventStream, error) {
	ctx, cancel := context.WithCancel(ctx)
	s, err := open(g.outgoing(ctx))
	if err != nil {
		cancel()
		return nil, grpcError(ctx, op, err)
	}
	recv := func() (*wire.StreamResponse, error) {
		ev, err := s.Recv()
		if errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		if err != nil {
			return nil, grpcError(ctx, op, err)
		}
		var out wire.StreamResponse
		if err := fromGRPC(op, ev, &out); err != nil {
			return nil, err
		}
		return &out, nil
	}
	return &eventStream{op: op, cancel: cancel, recv: recv}, nil
}

// getExtendedCard over gRPC: the AgentCard, in ProtoJSON.
func (g *grpcBinding) getExtendedCard(ctx context.Context) ([]byte, error) {
	res, err := g.client.GetExtendedAgentCard(g.outgoing(ctx), &grpcpb.GetExtendedAgentCardRequest{Tenant: g.tenant})
	if err != nil {
		return nil, grpcError(ctx, opExtendedCard, err)
	}
	raw, err := protojson.Marshal(res)
	if err != nil {
		return nil, malformed(opExtendedCard, err)
	}
	return raw, nil
}

func (g *grpcBinding) close() { _ = g.conn.Close() }

// toGRPC fills m from a wire request through ProtoJSON, which both speak.
func toGRPC(v any, m proto.Message) error {
	raw, err := json.Marshal(v)
	if err == nil {
		err = protojson.Unmarshal(raw, m)
	}
	if err != nil {
		return fmt.Errorf("%w: encoding %s: %w", ErrConfig, proto.MessageName(m), err)
	}
	return nil
}

// fromGRPC decodes a gRPC answer into its wire type.
func fromGRPC(op string, m proto.Message, out any) error {
	raw, err := protojson.Marshal(m)
	if err == nil {
		err = json.Unmarshal(raw, out)
	}
	if err != nil {
		return malformed(op, err)
	}
	return nil
}

// grpcError classifies a failed call: the client's own deadline, a
// connection that failed, or the peer's google.rpc.Status.
func grpcError(ctx context.Context, op string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%w: %s: %w", ErrTransport, op, ctx.Err())
	}
	st := status.Convert(err)
	if st.Code() == codes.Unavailable {
		return fmt.Errorf("%w: %s: %s", ErrTransport, op, st.Message())
	}
	e := &PeerError{Op: op, Status: codeName(st.Code()), Message: st.Message()}
	for _, d := range st.Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			e.Reason = info.GetReason()
			e.Challenge = info.GetMetadata()["www-authenticate"]
		}
	}
	return e
}

// codeName is the google.rpc.Code name ("NOT_FOUND" for NotFound).
func codeName(c codes.Code) string {
	var b strings.Builder
	prevLower := false
	for _, r := range c.String() {
		lower := 'a' <= r && r <= 'z'
		if !lower && prevLower {
			b.WriteByte('_')
		}
		b.WriteString(strings.ToUpper(string(r)))
		prevLower = lower
	}
	return b.String()
}
