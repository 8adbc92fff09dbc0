package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/a2a-conform/a2a-conform/a2a/grpcpb"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// fromWire encodes a Handler's result into its gRPC message. A result that
// does not fit the proto is the Handler's fault, an InternalError.
func fromWire(v any, out proto.Message) *Error {
	data, err := marshal(v)
	if err == nil {
		err = unmarshalProtoJSON(data, out)
	}
	if err != nil {
		return encodingError(err)
	}
	return nil
}

// encodingError is the InternalError of a result that does not fit its proto.
func encodingError(err error) *Error {
	return Errorf(wire.ErrInternal, "encoding the response: "+err.Error())
}

// grpcFailure renders e as the call's status and records it.
func grpcFailure(call *Call, e *Error, inStream bool) error {
	e = sane(e)
	call.ErrorCode = e.Kind.RPCCode
	st := statusOf(e)
	call.Transcript.fail(st, inStream)
	return st.Err()
}

// statusOf is e as google.rpc.Status: the spec's gRPC code for its kind,
// and a google.rpc.ErrorInfo detail for every A2A error (the JSON-RPC
// standard errors have no reason, as on the other bindings).
func statusOf(e *Error) *status.Status {
	var code codes.Code
	if err := code.UnmarshalJSON([]byte(`"` + e.Kind.GRPCStatus + `"`)); err != nil {
		code = codes.Internal
	}
	msg := e.Kind.Message
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	st := status.New(code, msg)
	if e.Kind.Reason == "" {
		return st
	}
	withInfo, err := st.WithDetails(&errdetails.ErrorInfo{Reason: e.Kind.Reason, Domain: wire.ErrorDomain, Metadata: e.Metadata})
	if err != nil {
		return st
	}
	return withInfo
}

// grpcStream is the Handler's Emit on a server stream. It is safe for
// concurrent use and refuses events once the client is gone or the rpc
// has returned (grpc-go forbids a Send after that).
type grpcStream struct {
	streamState
	send       func(*grpcpb.StreamResponse) error
	transcript *Transcript
	started    bool
}

func (s *grpcStream) emit(ev wire.StreamResponse) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refusal(); err != nil {
		return err
	}
	out := &grpcpb.StreamResponse{}
	if e := fromWire(ev, out); e != nil {
		return fmt.Errorf("mockpeer: encoding stream event: %s", e.Detail)
	}
	if err := s.send(out); err != nil {
		return fmt.Errorf("mockpeer: sending stream event: %w", err)
	}
	s.started = true
	s.transcript.event(out)
	return nil
}

// end closes the stream to the Handler and reports whether any event went out.
func (s *grpcStream) end() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return s.started
}

// Transcript is what the journal keeps of a gRPC exchange instead of its
// binary frames: the request in ProtoJSON, and the answer in the form the
// HTTP+JSON binding writes it (the response message, one `data:` line per
// stream event, or the google.rpc.Status), so that whatever reads a REST
// exchange's body and response reads a gRPC one's too.
type Transcript struct {
	mu       sync.Mutex
	request  []byte
	response []byte
}

// Request is the request message in ProtoJSON, "" before it was decoded.
func (t *Transcript) Request() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.request)
}

// Response is the answer as described on Transcript.
func (t *Transcript) Response() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.response)
}

// ask records the request's rendering (compactJSON's), which may be
// shared with other calls: it is capped so that nothing appends to it.
func (t *Transcript) ask(rendered []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.request = rendered[:len(rendered):len(rendered)]
}

// answer records a unary answer's rendering, shared as ask's is.
func (t *Transcript) answer(rendered []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.response = rendered[:len(rendered):len(rendered)]
}

func (t *Transcript) event(m proto.Message) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.response = append(append(append(t.response, "data: "...), compactJSON(m)...), "\n\n"...)
}

// fail records the status; after stream events it is one more data line.
func (t *Transcript) fail(st *status.Status, inStream bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	body := compactJSON(st.Proto())
	if inStream {
		t.response = append(append(append(t.response, "data: "...), body...), "\n\n"...)
		return
	}
	t.response = body
}

// compactJSON is m in ProtoJSON without the whitespace protojson varies
// on purpose, so that a journal reads the same from run to run; a message
// protojson cannot render is a JSON string saying why.
func compactJSON(m proto.Message) []byte {
	data, err := renderJSON(m)
	if err != nil {
		return unrenderable(m, err)
	}
	return data
}

func unrenderable(m proto.Message, err error) []byte {
	return []byte(fmt.Sprintf("%q", "unrenderable "+string(proto.MessageName(m))+": "+err.Error()))
}

// renderJSON is compactJSON, with protojson's error instead of its text.
func renderJSON(m proto.Message) ([]byte, error) {
	data, err := protojson.Marshal(m)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if json.Compact(&buf, data) != nil {
		return data, nil
	}
	return buf.Bytes(), nil
}
