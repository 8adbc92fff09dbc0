package mockpeer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// The gRPC binding joins the table every binding test runs over.
func init() {
	bindings = append(bindings, binding{wire.BindingGRPC, grpcCall, grpcStream})
}

// sseBindings are the bindings the pacing helpers speak (raw HTTP and SSE).
func sseBindings() []binding {
	var out []binding
	for _, b := range bindings {
		if b.name != wire.BindingGRPC {
			out = append(out, b)
		}
	}
	return out
}

// grpcClient dials p's gRPC target with c's TLS configuration (the farm
// CA, and the client certificate when c presents it).
func grpcClient(t *testing.T, c *http.Client, p *Peer) grpcpb.A2AServiceClient {
	t.Helper()
	return grpcpb.NewA2AServiceClient(grpcConn(t, c, p))
}

// grpcConn is the connection grpcClient uses.
func grpcConn(t *testing.T, c *http.Client, p *Peer) *grpc.ClientConn {
	t.Helper()
	cfg := c.Transport.(*http.Transport).TLSClientConfig.Clone()
	conn, err := grpc.NewClient(GRPCTarget(p.Origin()), grpc.WithTransportCredentials(credentials.NewTLS(cfg)))
	if err != nil {
		t.Fatalf("grpc.NewClient: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// grpcContext carries a2a-version 1.0 and the extra metadata.
func grpcContext(t *testing.T, extra ...string) context.Context {
	return grpcContextVersion(t, "1.0", extra...)
}

// grpcContextVersion carries a2a-version version and the extra metadata.
func grpcContextVersion(t *testing.T, version string, extra ...string) context.Context {
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	t.Cleanup(cancel)
	return metadata.AppendToOutgoingContext(ctx, append([]string{"a2a-version", version}, extra...)...)
}

// toProto fills m from params, a ProtoJSON object.
func toProto(t *testing.T, params map[string]any, m proto.Message) {
	t.Helper()
	raw, _ := json.Marshal(params)
	if err := protojson.Unmarshal(raw, m); err != nil {
		t.Fatalf("params %s as %s: %v", raw, proto.MessageName(m), err)
	}
}

// fromProto renders m as compact ProtoJSON.
func fromProto(t *testing.T, m proto.Message) json.RawMessage {
	t.Helper()
	raw, err := protojson.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	_ = json.Compact(&buf, raw)
	return buf.Bytes()
}

func grpcCall(t *testing.T, c *http.Client, p *Peer, op string, params map[string]any) (json.RawMessage, int) {
	t.Helper()
	client, ctx := grpcClient(t, c, p), grpcContext(t)
	var (
		res proto.Message
		err error
	)
	switch op {
	case wire.MethodSendMessage:
		in := &grpcpb.SendMessageRequest{}
		toProto(t, params, in)
		res, err = client.SendMessage(ctx, in)
	case wire.MethodGetTask:
		in := &grpcpb.GetTaskRequest{}
		toProto(t, params, in)
		res, err = client.GetTask(ctx, in)
	case wire.MethodCancelTask:
		in := &grpcpb.CancelTaskRequest{}
		toProto(t, params, in)
		res, err = client.CancelTask(ctx, in)
	case wire.MethodListTasks:
		in := &grpcpb.ListTasksRequest{}
		toProto(t, params, in)
		res, err = client.ListTasks(ctx, in)
	case wire.MethodGetExtendedAgentCard:
		res, err = client.GetExtendedAgentCard(ctx, &grpcpb.GetExtendedAgentCardRequest{})
	case wire.MethodSendStreamingMessage, wire.MethodSubscribeToTask:
		_, err = grpcEvents(t, client, ctx, op, params)
	default:
		t.Fatalf("no gRPC call for %s", op)
	}
	if err != nil {
		return nil, a2aCode(t, err)
	}
	if res == nil {
		return nil, 0
	}
	return fromProto(t, res), 0
}

func grpcStream(t *testing.T, c *http.Client, p *Peer, op string, params map[string]any) []wire.StreamResponse {
	t.Helper()
	events, err := grpcEvents(t, grpcClient(t, c, p), grpcContext(t), op, params)
	if err != nil {
		t.Fatalf("%s over gRPC: %v", op, err)
	}
	return events
}

// grpcEvents reads a server stream to its end: the events, and the status
// it ended with (nil for OK).
func grpcEvents(t *testing.T, client grpcpb.A2AServiceClient, ctx context.Context, op string, params map[string]any) ([]wire.StreamResponse, error) {
	t.Helper()
	var (
		stream grpc.ServerStreamingClient[grpcpb.StreamResponse]
		err    error
	)
	if op == wire.MethodSubscribeToTask {
		in := &grpcpb.SubscribeToTaskRequest{}
		toProto(t, params, in)
		stream, err = client.SubscribeToTask(ctx, in)
	} else {
		in := &grpcpb.SendMessageRequest{}
		toProto(t, params, in)
		stream, err = client.SendStreamingMessage(ctx, in)
	}
	if err != nil {
		return nil, err
	}
	var out []wire.StreamResponse
	for {
		ev, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		var w wire.StreamResponse
		if err := json.Unmarshal(fromProto(t, ev), &w); err != nil {
			t.Fatalf("stream event: %v", err)
		}
		out = append(out, w)
	}
}

// errorInfo is the google.rpc.ErrorInfo detail of a gRPC error, or nil.
func errorInfo(err error) *errdetails.ErrorInfo {
	for _, d := range status.Convert(err).Details() {
		if info, ok := d.(*errdetails.ErrorInfo); ok {
			return info
		}
	}
	return nil
}

// a2aCode maps a gRPC error back to its JSON-RPC code: by ErrorInfo
// reason, else by status code for the standard errors.
func a2aCode(t *testing.T, err error) int {
	t.Helper()
	st := status.Convert(err)
	if info := errorInfo(err); info != nil {
		if info.Domain != wire.ErrorDomain {
			t.Errorf("ErrorInfo domain %q, want %q", info.Domain, wire.ErrorDomain)
		}
		for _, k := range []wire.ErrorKind{
			wire.ErrTaskNotFound, wire.ErrTaskNotCancelable, wire.ErrPushNotSupported, wire.ErrUnsupportedOperation,
			wire.ErrExtendedCardNotConfigured, wire.ErrExtensionSupportRequired, wire.ErrVersionNotSupported,
			wire.ErrUnauthenticated, wire.ErrPermissionDenied,
		} {
			if info.Reason == k.Reason {
				return k.RPCCode
			}
		}
	}
	switch st.Code() {
	case codes.InvalidArgument:
		return wire.ErrInvalidParams.RPCCode
	case codes.Unimplemented:
		return wire.ErrMethodNotFound.RPCCode
	case codes.Internal:
		return wire.ErrInternal.RPCCode
	}
	return -1
}
