// Package grpcpb is the Go code protoc generates from proto/a2a.proto: the
// messages and the lf.a2a.v1.A2AService client and server of the A2A v1.0
// gRPC binding. It is a leaf package; the peers serve it (mockpeer/agent)
// and clients of the suite may dial it. Regenerate with `make proto`;
// `make proto-check` (part of `make test`) fails when it is stale.
package grpcpb
