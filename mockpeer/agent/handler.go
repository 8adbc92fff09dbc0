// Package agent is the A2A v1.0 protocol layer of a mock peer: it decodes
// JSON-RPC, HTTP+JSON and gRPC requests exactly as spec v1.0 defines them,
// enforces A2A-Version, answers malformed input with the spec's error,
// streams SSE and gRPC server streams, and hands every well-formed operation
// to a Handler. It knows nothing of scripts, cards or journals.
package agent

import (
	"context"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// Error is an A2A error a Handler returns; the server renders it for the
// binding in use (JSON-RPC error object or google.rpc.Status body).
type Error struct {
	Kind     wire.ErrorKind
	Detail   string            // appended to the kind's message
	Metadata map[string]string // ErrorInfo metadata
	// Challenge, if non-empty, is the WWW-Authenticate challenge of an
	// authentication failure (RFC 6750 §3): on HTTP bindings the response
	// carries it as that header, with HTTP 401; on every binding the
	// ErrorInfo metadata carries it under "www-authenticate".
	Challenge string
}

func (e *Error) Error() string { return e.Kind.Name + ": " + e.Kind.Message + " " + e.Detail }

// Errorf is a small constructor for handler errors.
func Errorf(kind wire.ErrorKind, detail string) *Error { return &Error{Kind: kind, Detail: detail} }

// Call describes one decoded request; it is passed to Admit and stored in
// the request context so the peer can journal what the protocol layer saw.
type Call struct {
	Op      string // JSON-RPC method name, also used for REST (e.g. "GetTask")
	Binding string // wire.BindingJSONRPC, wire.BindingHTTPJSON or wire.BindingGRPC
	RPCID   string // raw JSON of the JSON-RPC id ("" for REST)
	TaskID  string // task the call addresses, when it names one
	// Tenant is the tenant the request names (its tenant field, or the
	// HTTP+JSON path's leading segment); "" when it names none.
	Tenant     string
	Version    string // effective A2A-Version ("0.3" when missing)
	Extensions []string
	ErrorCode  int    // JSON-RPC code (or A2A code for REST) of the error answered, 0 if none
	Malformed  string // why the request was rejected before reaching the handler
	// Transcript is set on the gRPC binding: its messages in ProtoJSON,
	// for a journal that cannot show binary frames.
	Transcript *Transcript
	// ResultJSON is set by a Handler that already holds the encoding of
	// the result it returns (Marshal's, byte for byte): the JSON bindings
	// answer it as it is instead of encoding the result again. Only a
	// successful unary answer reads it.
	ResultJSON []byte
	// ResultProto is ResultJSON's gRPC form, which a Handler that keeps
	// ResultJSON can keep too (NewProtoResult): the gRPC binding answers
	// its message, made once, instead of converting the result on every
	// call. Only a successful unary gRPC answer reads it.
	ResultProto *ProtoResult
}

// Emit sends one stream event; it returns an error when the client is gone.
type Emit func(wire.StreamResponse) error

// Handler serves well-formed A2A operations. Every method receives the
// original *http.Request (for TLS state and headers) through ctx-free args.
type Handler interface {
	// Admit runs after decoding and version checks, before dispatch: the
	// place for authentication. A non-nil error is answered as is.
	Admit(r *http.Request, call *Call) *Error
	SendMessage(ctx context.Context, r *http.Request, req *wire.SendMessageRequest) (*wire.SendMessageResponse, *Error)
	// SendStreamingMessage emits the task (or a message) first, then updates,
	// and returns when the stream should close.
	SendStreamingMessage(ctx context.Context, r *http.Request, req *wire.SendMessageRequest, emit Emit) *Error
	GetTask(ctx context.Context, r *http.Request, req *wire.GetTaskRequest) (*wire.Task, *Error)
	ListTasks(ctx context.Context, r *http.Request, req *wire.ListTasksRequest) (*wire.ListTasksResponse, *Error)
	CancelTask(ctx context.Context, r *http.Request, req *wire.CancelTaskRequest) (*wire.Task, *Error)
	SubscribeToTask(ctx context.Context, r *http.Request, req *wire.SubscribeToTaskRequest, emit Emit) *Error
	GetExtendedAgentCard(ctx context.Context, r *http.Request, req *wire.GetExtendedAgentCardRequest) (*wire.AgentCard, *Error)
}

// CallKey is the context key under which the server stores *Call. A caller
// whose context type of its own already holds the Call answers it there
// (Value(CallKey{})) instead of adding a layer with WithCall. A type, not a
// variable: nothing outside can change what the key is.
type CallKey struct{}

// CallFrom returns the Call the server recorded for r's context, or nil.
// The server stores a *Call in the request context before decoding and fills
// it in as it goes, so middleware that wrapped the handler can read it after
// ServeHTTP returns.
func CallFrom(ctx context.Context) *Call {
	c, _ := ctx.Value(CallKey{}).(*Call)
	return c
}

// WithCall returns a context carrying c; middleware calls it before the
// protocol server so it can read the filled-in Call afterwards.
func WithCall(ctx context.Context, c *Call) context.Context {
	return context.WithValue(ctx, CallKey{}, c)
}
