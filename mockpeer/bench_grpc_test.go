package mockpeer

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// BenchmarkGRPCGetTask: a gRPC GetTask poll of the completed task, the
// peer against a bare grpc-go server on its own listener, under the
// peer's TLS configuration, that answers every GetTask with the message
// the peer answered: the same bytes on the wire, since the task holds no
// map (whose key order protobuf would not fix).
func BenchmarkGRPCGetTask(b *testing.B) {
	benchSides(b, func(b *testing.B, rig *benchRig, side string) {
		peer := rig.grpcClient(b, GRPCTarget(rig.peer.Origin()))
		ctx := metadata.AppendToOutgoingContext(b.Context(), "a2a-version", wire.ProtocolVersion)
		want, err := peer.GetTask(ctx, &grpcpb.GetTaskRequest{Id: "task-1"})
		if err != nil || want.GetStatus().GetState() != grpcpb.TaskState_TASK_STATE_COMPLETED {
			b.Fatalf("GetTask over gRPC: %v, %v; want the completed task", want, err)
		}
		client := peer
		if side == "bare" {
			client = rig.grpcClient(b, startBareGRPC(b, rig, want))
		}
		benchParallel(b, rig, side, func() error {
			got, err := client.GetTask(ctx, &grpcpb.GetTaskRequest{Id: "task-1"})
			if err == nil && !proto.Equal(got, want) {
				err = fmt.Errorf("GetTask answered %v, want %v", got, want)
			}
			return err
		})
	})
}

// grpcClient dials target with the rig's TLS client configuration (the
// farm CA), over one connection, as a gRPC client does.
func (rig *benchRig) grpcClient(b *testing.B, target string) grpcpb.A2AServiceClient {
	cfg := rig.client.Transport.(*http.Transport).TLSClientConfig.Clone()
	conn, err := grpc.NewClient(target, grpc.WithTransportCredentials(credentials.NewTLS(cfg)))
	if err != nil {
		b.Fatalf("grpc.NewClient(%s): %v", target, err)
	}
	b.Cleanup(func() { _ = conn.Close() })
	return grpcpb.NewA2AServiceClient(conn)
}

// startBareGRPC serves task to every GetTask over the peer's TLS
// configuration and returns the server's host:port. It does what any
// gRPC server must (decode the request, encode the answer) and nothing
// else: no version check, no credentials, no journal.
func startBareGRPC(b *testing.B, rig *benchRig, task *grpcpb.Task) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatalf("bare gRPC listener: %v", err)
	}
	srv := grpc.NewServer(grpc.Creds(credentials.NewTLS(rig.farm.pki.serverConfig("A"))))
	grpcpb.RegisterA2AServiceServer(srv, bareTasks{task: task})
	go func() { _ = srv.Serve(l) }()
	b.Cleanup(srv.Stop)
	return l.Addr().String()
}

// bareTasks answers GetTask with one task; every other method is
// unimplemented.
type bareTasks struct {
	grpcpb.UnimplementedA2AServiceServer
	task *grpcpb.Task
}

func (s bareTasks) GetTask(context.Context, *grpcpb.GetTaskRequest) (*grpcpb.Task, error) {
	return s.task, nil
}
