package mockpeer

import (
	"net/http"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/agent"
)

// GRPCTarget is the gRPC interface url of the peer at origin: its
// "host:port", the form a gRPC client dials (spec §10 and the proto's
// AgentInterface.url comment since v1.0.1; grpc-go's NewClient, used by
// a2a-go, and @grpc/grpc-js, used by @a2a-js/sdk, take targets, not
// https URLs). The service is served on the peer's own TLS listener.
func GRPCTarget(origin string) string {
	if _, hostPort, ok := strings.Cut(origin, "://"); ok {
		return hostPort
	}
	return origin
}

// AllBindings are the three bindings of A2A v1.0, in the order the farm
// lists them on a card: JSON-RPC, HTTP+JSON, then gRPC.
var AllBindings = []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC}

// offers reports whether the peer serves binding (see PeerSpec.Bindings).
func (p *Peer) offers(binding string) bool {
	return p.spec.Bindings == nil || slices.Contains(p.spec.Bindings, binding)
}

// bindingAt names the binding whose interface path is path on a peer
// serving the HTTP bindings at paths, "" for none.
func bindingAt(path string, at a2aPaths) string {
	switch {
	case path == at.jsonrpc:
		return wire.BindingJSONRPC
	case path == at.rest, strings.HasPrefix(path, at.restBelow):
		return wire.BindingHTTPJSON
	case strings.HasPrefix(path, agent.GRPCPathPrefix):
		return wire.BindingGRPC
	}
	return ""
}

// serveGRPC serves one gRPC call and puts its ProtoJSON transcript where
// the journal takes a body and a response from, in place of binary frames.
// The farm secrets were already named from the frames as they were read.
func (p *Peer) serveGRPC(in *arrival, r *http.Request) {
	if nc := nativeOf(r.Context()); nc != nil {
		// A call the peer's grpc.Server took (grpc_native.go): answered on
		// its stream once it is journaled, a unary answer included.
		in.rec.WriteHeader(http.StatusOK)
		nc.reply, nc.err = p.native.Load().svc.ServeNative(r, nc.ss, nc.raw, nc.recvErr)
		nc.ran = true
	} else {
		p.grpc.ServeHTTP(&in.rec, r)
	}
	call := agent.CallFrom(r.Context())
	if call == nil || call.Transcript == nil {
		return
	}
	if req := call.Transcript.Request(); req != "" {
		in.tap.journalAs(req)
	}
	if resp := call.Transcript.Response(); resp != "" {
		in.rec.body.Reset()
		in.rec.body.WriteString(resp[:min(len(resp), in.rec.limit)])
		in.rec.cut = len(resp) > in.rec.limit
	}
}

// stopGRPC releases the peers' gRPC servers once nothing is in flight.
func stopGRPC(peers []*Peer) {
	for _, p := range peers {
		if s, ok := p.grpc.(interface{ Stop() }); ok {
			s.Stop()
		}
	}
}
